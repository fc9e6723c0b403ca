"""ATTACKING: range, dice by distance, hits, the flag figure, surplus hits, fresh troops."""
import pytest

from games.engine import IllegalAction
from tests.engine.helpers import G, H, T, U, attack, game, inf, order, to_battle, types


@pytest.mark.parametrize("col,row,dice", [(11, 5, 3), (12, 4, 2), (13, 3, 1)])
def test_infantry_dice_by_distance(col, row, dice):
    g = game([inf("union", 10, 6), inf("confederate", col, row)])
    # a unit next to an enemy is in melee: it battles without an order
    to_battle(g, "attack_centre", *(["u1"] if dice < 3 else []))
    assert g.attack_preview(H(10, 6), H(col, row))["dice"] == dice


def test_infantry_range_is_three():
    g = game([inf("union", 10, 6), inf("confederate", 14, 2)])
    to_battle(g, "attack_centre", "u1")
    prev = g.attack_preview(H(10, 6), H(14, 2))
    assert not prev["allowed"] and "Out of range" in prev["reason"]


@pytest.mark.parametrize("row,dice", [(5, 4), (4, 3), (3, 2), (2, 1)])
def test_artillery_dice_by_distance(row, dice):
    col = 10 + (1 if row % 2 else 0)
    g = game([U("union", "artillery", 10, 6), inf("confederate", col, row)])
    to_battle(g, "attack_centre", *(["u1"] if dice < 4 else []))
    assert g.attack_preview(H(10, 6), H(col, row))["dice"] == dice


def test_artillery_on_a_hill_reaches_a_fifth_hex_with_one_die():
    g = game([U("union", "artillery", 10, 6), inf("confederate", 11, 1)], terrain=[T("hill", 10, 6)])
    to_battle(g, "attack_centre", "u1")
    prev = g.attack_preview(H(10, 6), H(11, 1))
    assert prev["distance"] == 5 and prev["allowed"] and prev["dice"] == 1


def test_artillery_in_a_town_reaches_three_hexes_with_3_2_1():
    g = game([U("union", "artillery", 10, 6), inf("confederate", 11, 3), inf("confederate", 10, 2)],
             terrain=[T("town", 10, 6)])
    to_battle(g, "attack_centre", "u1")
    assert g.attack_preview(H(10, 6), H(11, 3))["dice"] == 1
    assert not g.attack_preview(H(10, 6), H(10, 2))["allowed"]


def test_cavalry_attacks_adjacent_with_three_dice_after_moving():
    g = game([U("union", "cavalry", 10, 8), inf("confederate", 12, 4)])
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    g.apply({"type": "end_movement"})
    assert g.attack_preview(H(11, 5), H(12, 4))["dice"] == 3


def test_dismounted_cavalry_fires_two_hexes_with_3_2():
    g = game([U("union", "cavalry", 10, 6), inf("confederate", 12, 4)])
    to_battle(g, "attack_centre", "u1")
    assert g.attack_preview(H(10, 6), H(12, 4))["dice"] == 2


def test_moved_cavalry_cannot_fire_at_range():
    g = game([U("union", "cavalry", 10, 8), inf("confederate", 10, 2)])
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(10, 6)})
    g.apply({"type": "end_movement"})
    assert not g.attack_preview(H(10, 6), H(10, 4 - 2))["allowed"]


def test_foot_artillery_moves_or_attacks():
    g = game([U("union", "artillery", 10, 8), inf("confederate", 10, 4)])
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(9, 7)})
    g.apply({"type": "end_movement"})
    assert "move or battle" in g.attack_preview(H(9, 7), H(10, 4))["reason"]


def test_hits_on_matching_symbols_and_flag_figure_falls_last():
    g = game([inf("union", 10, 6), inf("confederate", 12, 4)])
    to_battle(g, "attack_centre", "u1")
    ev = attack(g, "u1", 12, 4, ["infantry", "cavalry"])
    a = next(e for e in ev if e["type"] == "attack")
    assert a["rolls"] == ["infantry", "cavalry"] and a["hits"] == 1
    assert g.pieces.units["u2"].figures == 3


def test_swords_miss_at_range_for_troops_that_are_not_fresh():
    g = game([inf("union", 10, 6), inf("confederate", 12, 4)])
    to_battle(g, "attack_centre", "u1")
    attack(g, "u1", 12, 4, ["swords", "swords"])
    assert g.pieces.units["u2"].figures == 4


def test_fresh_troops_hit_on_swords_in_their_first_attack_only():
    g = game([U("union", "infantry", 10, 6), inf("confederate", 12, 4), inf("confederate", 14, 4)])
    assert g.pieces.units["u1"].fresh
    to_battle(g, "attack_centre", "u1")
    ev = attack(g, "u1", 12, 4, ["swords", "artillery"])
    assert next(e for e in ev if e["type"] == "attack")["fresh"] is True
    assert g.pieces.units["u2"].figures == 3 and not g.pieces.units["u1"].fresh


def test_eliminated_unit_goes_to_the_victory_stand_and_surplus_hits_are_lost():
    g = game([inf("union", 10, 6), inf("confederate", 12, 4, figures=1)])
    to_battle(g, "attack_centre", "u1")
    ev = attack(g, "u1", 12, 4, ["infantry", "infantry"])
    assert "eliminated" in types(ev)
    assert "u2" not in g.pieces.units and g.score.captured["union"] == [
        {"kind": "infantry", "id": "u2", "special": None}]
    assert g.flags("union") == 1


def test_units_may_not_attack_twice():
    g = game([inf("union", 10, 6), inf("confederate", 12, 4)])
    to_battle(g, "attack_centre", "u1")
    attack(g, "u1", 12, 4, ["cavalry", "cavalry"])
    with pytest.raises(IllegalAction, match="already battled"):
        attack(g, "u1", 12, 4, ["cavalry"])


def test_only_ordered_units_attack_at_range():
    g = game([inf("union", 10, 6), inf("union", 16, 6), inf("confederate", 12, 4)])
    to_battle(g, "attack_centre", "u1")
    with pytest.raises(IllegalAction, match="Only ordered units"):
        attack(g, "u2", 12, 4, ["cavalry"])


def test_lone_general_cannot_be_attacked_at_range():
    g = game([inf("union", 10, 6), inf("confederate", 0, 0)], [G("confederate", 12, 4)])
    to_battle(g, "attack_centre", "u1")
    assert "only be attacked in melee" in g.attack_preview(H(10, 6), H(12, 4))["reason"]


def test_die_faces_follow_the_rulebook_table():
    from games.engine.battlecry.dice import face
    assert [face(v) for v in range(1, 7)] == [
        "flag", "swords", "cavalry", "artillery", "infantry", "infantry"]
