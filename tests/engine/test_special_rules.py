"""Scenario special rules as named hooks (the scenario files use them by name)."""
import pytest

from games.engine import ScenarioError
from tests.engine.helpers import (H, T, U, attack, dests, game, inf, order, pass_turn,
                                  scenario)


def test_flank_clear_flags_at_the_start_of_the_turn():
    rules = [{"rule": "flank_clear_flags", "side": "confederate", "section": "right", "flags": 2}]
    # the top seat's right flank is cols 0..7
    clear = game([inf("union", 10, 6), inf("confederate", 12, 0)], rules=rules)
    pass_turn(clear)
    assert clear.flags("confederate") == 2
    held = game([inf("union", 2, 6), inf("confederate", 12, 0)], rules=rules)
    pass_turn(held)
    assert held.flags("confederate") == 0


def test_flags_for_holding_one_hex_of_each_group_together():
    rules = [{"rule": "hold_together_flags", "side": "union", "flags": 3,
              "groups": [[H(10, 6)], [H(14, 6), H(16, 6)]]}]
    both = game([inf("union", 10, 6), inf("union", 16, 6), inf("confederate", 12, 0)], rules=rules)
    pass_turn(both)
    pass_turn(both)
    assert both.flags("union") == 3
    one = game([inf("union", 10, 6), inf("confederate", 12, 0)], rules=rules)
    pass_turn(one)
    pass_turn(one)
    assert one.flags("union") == 0


def test_remove_card_takes_it_out_of_both_decks():
    g = game([inf("union", 10, 6), inf("confederate", 12, 0)],
             rules=[{"rule": "remove_card", "card": "construct_fieldworks"}])
    for side in ("union", "confederate"):
        cards = g.cards.hands[side] + g.cards.decks[side]
        assert not any(c.startswith("construct_fieldworks") for c in cards)


def test_hand_shrinks_per_flag_lost():
    g = game([inf("union", 10, 6), inf("confederate", 12, 4, figures=1), inf("confederate", 0, 0)],
             rules=[{"rule": "hand_shrinks_per_flag_lost", "side": "confederate"}])
    assert g.capacity("confederate") == 4
    order(g, "attack_centre", "u1")
    g.apply({"type": "end_movement"})
    attack(g, "u1", 12, 4, ["infantry", "infantry"])
    assert g.capacity("confederate") == 3
    assert g.phase == "discard" and g.active_side == "confederate"


def test_los_clear_terrain():
    def los(rules):
        g = game([inf("union", 10, 6), inf("confederate", 14, 6)], terrain=[T("field", 12, 6)],
                 rules=rules)
        order(g, "attack_centre", "u1")
        g.apply({"type": "end_movement"})
        return g.attack_preview(H(10, 6), H(14, 6))["los"]

    assert not los([])
    assert los([{"rule": "los_clear", "terrain": "field"}])


def test_bridge_crossing_only():
    terrain = [T("river", c, 5) for c in range(1, 24, 2) if c != 11] + [T("bridge", 11, 5)]
    g = game([inf("union", 10, 6), inf("confederate", 12, 0)], terrain=terrain,
             rules=[{"rule": "bridge_crossing_only"}])
    order(g, "attack_centre", "u1")
    assert (9, 5) not in dests(g, 10, 6) and (11, 5) in dests(g, 10, 6)


def test_special_unit_with_its_own_dice():
    g = game([inf("union", 10, 6, special="vmi-cadets"), inf("confederate", 12, 4)],
             rules=[{"rule": "unit_dice", "special": "vmi-cadets", "range": 2, "dice": [2, 1]}])
    order(g, "attack_centre", "u1")
    g.apply({"type": "end_movement"})
    assert g.attack_preview(H(10, 6), H(12, 4))["dice"] == 1


def test_special_unit_hits_on_sabres_and_rerolls_them():
    g = game([inf("union", 10, 6, special="bucktails"), inf("confederate", 12, 4)],
             rules=[{"rule": "sabers_hit_and_reroll", "special": "bucktails"}])
    order(g, "attack_centre", "u1")
    g.apply({"type": "end_movement"})
    ev = attack(g, "u1", 12, 4, ["swords", "cavalry", "infantry"])
    assert next(e for e in ev if e["type"] == "reroll")["rolls"] == ["infantry"]
    assert g.pieces.units["u2"].figures == 2       # one sabre hit, one hit on the reroll


def test_no_attack_on_entry_hexes():
    rules = [{"rule": "no_attack_on_entry", "hexes": [H(11, 5)], "attack_reduction": 2,
              "ignore_flags": 1}]
    g = game([inf("union", 10, 8 - 2), inf("confederate", 12, 2)], rules=rules)
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    g.apply({"type": "end_movement"})
    assert "may not battle" in g.attack_preview(H(11, 5), H(12, 2))["reason"]


def test_ignore_flag_on_hexes():
    g = game([U("union", "artillery", 10, 6), inf("confederate", 12, 4)],
             rules=[{"rule": "ignore_flag_on_hexes", "side": "confederate", "hexes": [H(12, 4)],
                     "flags": 1}])
    order(g, "attack_centre", "u1")
    g.apply({"type": "end_movement"})
    attack(g, "u1", 12, 4, ["flag"])
    assert g.phase == "battle" and g.pieces.units["u2"].hex == g._hex(H(12, 4))


def test_unknown_rules_are_refused_by_name():
    with pytest.raises(ScenarioError, match="unknown special rule 'moonlight'"):
        scenario([inf("union", 10, 6), inf("confederate", 12, 0)], rules=[{"rule": "moonlight"}])
