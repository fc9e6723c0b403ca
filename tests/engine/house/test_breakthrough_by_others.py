"""The breakthrough by another unit (seed 002 L37, L49; docs/rulings.md H88-H89): a unit
next to the cleared hex not yet activated, or one supporting the attacker through it, may
advance in the attacker's place, against the same position under the attacker-only reading."""
from games.engine import IllegalAction
from games.engine.battlecry.advanced.breakthrough import movers as offered
from games.engine.battlecry.teams import Team
from tests.engine.helpers import H, U, attack, game, give, inf

BREAK = {"breakthrough_advance": True}
#: u1 attacks the last figure at (12,4); u3 also touches it; u4 supports u1 from behind.
UNITS = [inf("union", 11, 5), inf("confederate", 12, 4, figures=1), inf("union", 13, 5),
         inf("union", 10, 6), inf("confederate", 20, 0)]


def cleared(options, units=UNITS, ordered=(), first=None):
    g = game(units, options=options)
    give(g, "union", "attack_centre")
    g.apply({"type": "play_card", "card": "attack_centre", "mode": "section"})
    for uid in ordered:
        g.apply({"type": "order", "unit": uid})
    if g.phase == "order":
        g.apply({"type": "confirm_orders"})
    g.apply({"type": "end_movement"})
    if first:
        attack(g, *first)
    attack(g, "u1", 12, 4, ["infantry", "cavalry", "cavalry"])
    return g


def movers(g):
    return [a["unit"] for a in g.legal_actions() if a["type"] == "take_ground"]


def test_a_unit_beside_the_hex_or_a_supporter_may_break_through_instead():
    advanced = cleared({})                      # the Advanced rules: a general is needed
    assert movers(advanced) == []
    g = cleared(BREAK)
    assert movers(g) == ["u1", "u3", "u4"]
    g.apply({"type": "take_ground", "unit": "u4"})           # the leapfrog through u1
    assert g.pieces.units["u4"].hex == g._hex(H(12, 4))
    assert g.pieces.units["u1"].hex == g._hex(H(11, 5))
    assert "u4" in g.fx.breakthrough and "u1" not in g.fx.breakthrough


def test_an_activated_neighbour_or_a_supporter_in_contact_is_not_offered():
    g = cleared(BREAK, ordered=("u4",))       # u4 ordered, but it supports: still offered
    assert movers(g) == ["u1", "u3", "u4"]
    # a friend beside the attacker that touches the enemy is no supporter, and one beside
    # the hex that has battled has been activated
    units = [inf("union", 11, 5), inf("confederate", 12, 4, figures=1), inf("union", 12, 6),
             inf("confederate", 14, 6), U("union", "cavalry", 14, 4), inf("confederate", 15, 3)]
    g = cleared(BREAK, units, first=("u5", 15, 3, ["artillery"] * 3))
    assert movers(g) == ["u1"]
    try:
        g.apply({"type": "take_ground", "unit": "u5"})
        raise AssertionError("an activated unit broke through")
    except IllegalAction:
        pass


def test_a_mover_not_yet_battled_keeps_its_own_battle_and_gets_no_second():
    units = [inf("union", 11, 5), inf("confederate", 12, 4, figures=1),
             U("union", "cavalry", 13, 5), inf("confederate", 13, 3)]
    g = cleared(BREAK, units)
    assert "u3" in movers(g)
    g.apply({"type": "take_ground", "unit": "u3"})
    assert g.fx.breakthrough["u3"] == 0              # cavalry, but it has not battled yet
    g.apply({"type": "hold_ground", "unit": "u3"})   # no pressing on
    targets = [a for a in g.legal_actions() if a["type"] == "attack" and a["unit"] == "u3"]
    assert targets                                   # its own melee of the turn
    attack(g, "u3", 13, 3, ["artillery"] * 3)
    assert not [a for a in g.legal_actions() if a["type"] == "attack" and a["unit"] == "u3"]


def test_in_team_games_only_units_of_the_attacker_s_commander_are_offered():
    g = cleared(BREAK)
    item = g.decisions.pending[0]
    g.team = Team("doubles", [], {"u1": "union-1", "u3": "union-2", "u4": "union-1"})
    assert offered(g, item) == ["u1", "u4"]
