"""Rick Barber's house rule of retreats (seed 002 L41-43; docs/rulings.md H74-H79), each
case against the same position with the option off."""
import random

from games.engine import Game
from games.ai import Budget, greedy_policy
from tests.engine.helpers import U, attack, game, inf, to_battle
from tests.engine.scenarios import shipped

MISS = "artillery"          # a face that hits neither infantry nor cavalry


def ends(g):
    item = g.decisions.pending[0]
    assert item["do"] == "retreat"
    return {(g.board.hexes[h].col, g.board.hexes[h].row) for h in item["options"]}


def flagged(options, target, attacker=(11, 5), flags=1):
    g = game([inf("union", *attacker), target, inf("confederate", 4, 0)], options=options)
    near = g.board.dist[g.pieces.units["u1"].hex][g.pieces.units["u2"].hex] == 1
    to_battle(g, "attack_centre", *(() if near else ("u1",)))     # melee needs no order
    rolls = ["flag"] * flags + [MISS] * (3 - flags)
    ev = attack(g, "u1", *_at(g, "u2"), rolls)
    return g, ev


def _at(g, uid):
    h = g.board.hexes[g.pieces.units[uid].hex]
    return h.col, h.row


def test_each_flag_sends_cavalry_back_up_to_its_whole_move():
    cav = U("confederate", "cavalry", 12, 4)
    off, _ = flagged({}, cav)
    on, _ = flagged({"long_retreats": True}, cav)
    assert {row for _, row in ends(off)} == {3}
    assert {row for _, row in ends(on)} == {1, 2, 3}       # at least 1 hex, up to 3


def test_infantry_goes_back_one_hex_a_flag_or_two_under_its_profile():
    foot = inf("confederate", 12, 4)
    on, _ = flagged({"long_retreats": True}, foot)
    assert {row for _, row in ends(on)} == {3}
    profile, _ = flagged({"long_retreats": True, "infantry_profile": True}, foot)
    assert {row for _, row in ends(profile)} == {2, 3}


def test_each_hex_is_taken_away_from_the_firer_first():
    foot = inf("confederate", 15, 5)                       # 2 hexes east of the firer
    off, _ = flagged({}, foot)
    on, _ = flagged({"long_retreats": True}, foot)
    assert ends(off) == {(14, 4), (16, 4)}
    assert not on.decisions.pending                       # one way back, taken at once:
    assert _at(on, "u2") == (16, 4)                       # (14,4) is no farther from it


def test_on_its_own_edge_a_unit_ignores_the_first_flag_and_loses_a_figure_for_each_other():
    edge = inf("confederate", 12, 0)
    off, _ = flagged({"auto_retreat": True}, edge, attacker=(11, 1))
    on, ev = flagged({"auto_retreat": True, "long_retreats": True}, edge, attacker=(11, 1))
    assert off.pieces.units["u2"].figures == 3 and on.pieces.units["u2"].figures == 4
    assert "at its board edge" in next(e for e in ev if e["type"] == "attack")["flags_ignored"]
    two_off, _ = flagged({"auto_retreat": True}, edge, attacker=(11, 1), flags=2)
    two_on, _ = flagged({"auto_retreat": True, "long_retreats": True}, edge, attacker=(11, 1),
                        flags=2)
    assert two_off.pieces.units["u2"].figures == 2 and two_on.pieces.units["u2"].figures == 3


def test_on_its_edge_a_unit_down_to_its_last_figure_falls_to_a_flag():
    options = {"auto_retreat": True, "long_retreats": True}
    two, _ = flagged(options, inf("confederate", 12, 0, figures=2), attacker=(11, 1))
    last, ev = flagged(options, inf("confederate", 12, 0, figures=1), attacker=(11, 1))
    assert two.pieces.units["u2"].figures == 2                 # the flag ignored
    assert "u2" not in last.pieces.units and "eliminated" in [e["type"] for e in ev]


def test_the_flag_ignored_at_the_edge_still_shakes_the_unit():
    edge = inf("confederate", 12, 0)
    options = {"auto_retreat": True, "long_retreats": True, "shaken_marker": True}
    g, _ = flagged(options, edge, attacker=(11, 1))
    assert g.pieces.units["u2"].shaken and g.pieces.units["u2"].figures == 4
    far, _ = flagged(options, inf("confederate", 12, 2), attacker=(11, 3), flags=0)
    assert not far.pieces.units["u2"].shaken


def test_archie_plays_legal_actions_under_retreats():
    options = {"long_retreats": True, "shaken_marker": True, "archie": "confederate"}
    for seed in (3, 4):
        g = Game.new(shipped("shiloh"), seed=seed, options=options)
        rng, n = random.Random(seed), 0
        while g.outcome is None and n < 250:
            legal = g.legal_actions()
            if g.active_side == "confederate":
                action = greedy_policy(g, "confederate", Budget(iterations=8), seed=n)
                assert action in legal
            else:
                action = rng.choice(legal)
            g.apply(action)
            n += 1


def hemmed_in(options, figures=4, rolls=()):
    """Confederate infantry at (12,4), flagged from (11,5), whose two hexes back both touch
    union infantry at (12,2)."""
    g = game([inf("union", 11, 5), inf("confederate", 12, 4, figures=figures),
              inf("confederate", 4, 0), inf("union", 12, 2)], options=options)
    to_battle(g, "attack_centre")
    ev = attack(g, "u1", 12, 4, ["flag", MISS, MISS, *rolls])
    return g, ev


def test_with_no_other_way_a_retreat_passes_the_enemy_at_a_figure():
    off, _ = hemmed_in({"auto_retreat": True})
    on, ev = hemmed_in({"auto_retreat": True, "long_retreats": True})
    assert _at(off, "u2") == (12, 4) and off.pieces.units["u2"].figures == 3   # held, a figure
    where = _at(on, "u2")
    assert where[1] <= 1 and on.pieces.units["u2"].figures == 3       # out of the zone
    assert next(e for e in ev if e["type"] == "zone_passage")["figures_lost"] == 1


def test_on_its_last_figure_the_passage_costs_a_roll_and_swords_end_it():
    off, _ = hemmed_in({"auto_retreat": True}, figures=1)
    assert "u2" not in off.pieces.units                              # no way back: lost
    lucky, ev = hemmed_in({"auto_retreat": True, "long_retreats": True}, figures=1,
                          rolls=["flag"])
    assert lucky.pieces.units["u2"].figures == 1 and _at(lucky, "u2")[1] <= 1
    passage = next(e for e in ev if e["type"] == "zone_passage")
    assert passage["rolls"] == ["flag"] and passage["figures_lost"] == 0
    unlucky, _ = hemmed_in({"auto_retreat": True, "long_retreats": True}, figures=1,
                           rolls=["swords"])
    assert "u2" not in unlucky.pieces.units
