"""GENERALS: valour, the free attack when a commanded unit falls, killed in action,
and the hand capacity that falls with them."""
from tests.engine.helpers import G, H, T, U, attack, game, inf, to_battle


def kill_commanded(rolls_free, melee=False, generals_extra=()):
    target = (11, 5) if melee else (12, 4)
    g = game([U("union", "artillery", 10, 6), inf("confederate", *target, figures=1)],
             [G("confederate", *target), *generals_extra])
    to_battle(g, "attack_centre", *([] if melee else ["u1"]))
    ev = g.apply({"type": "attack", "unit": "u1", "target": H(*target)},
                 rolls=["infantry"] + ["artillery"] * 3 + list(rolls_free))
    return g, ev


def test_general_of_an_eliminated_unit_is_attacked_at_once():
    g, ev = kill_commanded(["swords", "flag", "flag"], generals_extra=[G("confederate", 2, 0)])
    free = next(e for e in ev if e["type"] == "general_attacked")
    assert free["killed"] and "g1" not in g.pieces.generals
    kinds = [c["kind"] for c in g.score.captured["union"]]
    assert kinds == ["infantry", "general"]


def test_at_range_only_swords_kill_the_general():
    g, ev = kill_commanded(["cavalry", "cavalry", "flag"], generals_extra=[G("confederate", 2, 0)])
    assert "g1" in g.pieces.generals and g.phase in ("general_retreat", "battle")


def test_killed_in_action_wins_at_once():
    g, ev = kill_commanded(["swords", "flag", "flag"])
    assert g.outcome == {"winner": "union", "reason": "generals", "turn": 1,
                         "flags": {"union": 2, "confederate": 0}}
    assert g.phase == "over" and g.legal_actions() == []


def test_hand_capacity_falls_with_a_general_and_the_holder_chooses_the_discard():
    g = game([U("union", "artillery", 10, 6), inf("confederate", 12, 4, figures=1),
              inf("confederate", 2, 0)],
             [G("confederate", 12, 4), G("confederate", 2, 0)], cards=4)
    assert len(g.cards.hands["confederate"]) == 6
    to_battle(g, "attack_centre", "u1")
    g.apply({"type": "attack", "unit": "u1", "target": H(12, 4)},
            rolls=["infantry", "artillery", "artillery", "swords"])
    assert g.phase == "discard" and g.active_side == "confederate"
    card = g.cards.hands["confederate"][2]
    g.apply({"type": "discard", "card": card})
    assert len(g.cards.hands["confederate"]) == 5 and g.cards.discards["confederate"] == [card]
    assert g.phase == "battle"


def test_general_trapped_with_nowhere_to_go_is_lost():
    # the general's rear hexes (10,0) and (12,0) both touch union units
    g = game([inf("union", 9, 1), inf("union", 13, 1), inf("confederate", 0, 0)],
             [G("confederate", 11, 1), G("confederate", 24, 0)])
    to_battle(g, "attack_centre")            # both in melee with him
    ev = attack(g, "u1", 11, 1, ["infantry", "infantry", "flag"])
    assert "general_trapped" in [e["type"] for e in ev]
    assert "g1" not in g.pieces.generals and g.score.captured["union"][-1]["kind"] == "general"


def general_retreat_options(terrain, rules=()):
    """A lone confederate general at (11,5) is attacked in melee from (12,6) and rolls a flag."""
    g = game([inf("union", 12, 6), inf("confederate", 0, 0)], [G("confederate", 11, 5)],
             terrain=terrain, rules=rules)
    to_battle(g, "attack_centre")            # in melee with him: it battles without an order
    attack(g, "u1", 11, 5, ["infantry", "infantry", "flag"])
    assert g.phase == "general_retreat"
    return {(a["to"]["col"], a["to"]["row"]) for a in g.legal_actions()}


def test_retreating_general_may_not_cross_a_river_closed_outside_its_bridges():
    options = general_retreat_options([T("river", 10, 4)], [{"rule": "bridge_crossing_only"}])
    assert (10, 4) not in options and (9, 3) not in options and (8, 2) not in options
    assert options == {(12, 4), (11, 3), (13, 3), (10, 2), (12, 2), (14, 2)}


def test_retreating_general_never_enters_rough_terrain():
    options = general_retreat_options([T("rough", 10, 4)])
    assert (10, 4) not in options and (9, 3) not in options
    assert (12, 4) in options and (11, 3) in options


def test_retreating_general_ignores_other_entry_costs():
    assert (10, 4) in general_retreat_options([T("woods", 10, 4)])
