"""MOVEMENT, ARMIES and GENERALS: where units and generals may go."""
import pytest

from games.engine import IllegalAction
from tests.engine.helpers import G, H, T, U, dests, game, order


def test_infantry_moves_one_hex_or_marches_two():
    g = game([U("union", "infantry", 10, 6, fresh=False), U("confederate", "infantry", 0, 0)])
    order(g, "attack_centre", "u1")
    reach = dests(g, 10, 6)
    assert (9, 5) in reach and (10, 4) in reach and (12, 6) in reach
    assert (10, 2) not in reach            # three hexes away
    g.apply({"type": "move", "unit": "u1", "to": H(10, 4)})
    assert g.current.moved["u1"] == 2              # a march


def test_marching_infantry_may_not_battle():
    g = game([U("union", "infantry", 10, 6), U("confederate", "infantry", 13, 1)])
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(10, 4)})
    g.apply({"type": "end_movement"})
    prev = g.attack_preview(H(10, 4), H(13, 1))
    assert not prev["allowed"] and "marched" in prev["reason"]


def test_march_stops_on_entering_enemy_infantry_range_with_sight():
    # (11,5) and (13,5) are 3 hexes from the enemy and in its sight: a march stops there
    g = game([U("union", "infantry", 12, 6), U("confederate", "infantry", 12, 2)])
    order(g, "attack_centre", "u1")
    reach = dests(g, 12, 6)
    assert (11, 5) in reach and (13, 5) in reach
    assert (12, 4) not in reach and (10, 4) not in reach
    assert (16, 6) in reach                  # marching away from the enemy is free


def test_march_goes_on_where_the_enemy_cannot_see():
    g = game([U("union", "infantry", 12, 6), U("confederate", "infantry", 12, 2)],
             terrain=[T("woods", 11, 3), T("woods", 13, 3)])
    order(g, "attack_centre", "u1")
    assert (12, 4) in dests(g, 12, 6)


def test_cavalry_moves_two_or_charges_three_to_end_adjacent():
    g = game([U("union", "cavalry", 10, 8), U("confederate", "infantry", 10, 2)])
    order(g, "attack_centre", "u1")
    reach = dests(g, 10, 8)
    assert (10, 6) in reach and (14, 8) in reach
    assert (9, 5) not in reach             # 3 hexes but not next to the enemy
    g2 = game([U("union", "cavalry", 10, 6), U("confederate", "infantry", 10, 2)])
    order(g2, "attack_centre", "u1")
    assert (9, 3) in dests(g2, 10, 6)      # 3 hexes, ends adjacent: a charge


def test_artillery_moves_one_and_never_next_to_an_enemy():
    g = game([U("union", "artillery", 10, 6), U("confederate", "infantry", 10, 2)])
    order(g, "attack_centre", "u1")
    reach = dests(g, 10, 6)
    assert reach == {(9, 5), (11, 5), (8, 6), (12, 6), (9, 7), (11, 7)}
    g2 = game([U("union", "artillery", 10, 6), U("confederate", "infantry", 10, 4)])
    order(g2, "attack_centre", "u1")
    assert (9, 5) not in dests(g2, 10, 6) and (11, 7) in dests(g2, 10, 6)


def test_horse_artillery_moves_two_without_battle_or_one_and_battles():
    g = game([U("union", "artillery", 10, 8, horse=True), U("confederate", "infantry", 10, 2)])
    order(g, "attack_centre", "u1")
    assert (10, 6) in dests(g, 10, 8)
    g.apply({"type": "move", "unit": "u1", "to": H(10, 6)})
    g.apply({"type": "end_movement"})
    assert "moved 2" in g.attack_preview(H(10, 6), H(10, 2))["reason"]


def test_units_pass_through_friends_but_never_end_on_them():
    g3 = game([U("union", "infantry", 10, 6), U("union", "infantry", 11, 5),
               U("confederate", "infantry", 0, 0)])
    order(g3, "attack_centre", "u1")
    reach = dests(g3, 10, 6)
    assert (11, 5) not in reach and (12, 4) in reach


def test_never_into_or_through_enemies_and_stop_when_adjacent():
    g = game([U("union", "cavalry", 10, 8), U("confederate", "infantry", 10, 6)])
    order(g, "attack_centre", "u1")
    reach = dests(g, 10, 8)
    assert (10, 6) not in reach              # the enemy's hex
    assert (11, 7) in reach                  # next to the enemy: the move ends there
    assert (10, 4) not in reach              # every way there passes next to the enemy


def test_woods_stop_movement_and_rough_cannot_be_entered():
    g = game([U("union", "infantry", 10, 8), U("confederate", "infantry", 0, 0)],
             terrain=[T("woods", 9, 7), T("rough", 11, 7)])
    order(g, "attack_centre", "u1")
    reach = dests(g, 10, 8)
    assert (9, 7) in reach and (11, 7) not in reach
    assert (8, 6) not in reach and (10, 6) not in reach   # only through the woods or the rough
    assert (12, 8) in reach
    g.apply({"type": "move", "unit": "u1", "to": H(9, 7)})
    with pytest.raises(IllegalAction, match="already moved"):
        g.apply({"type": "move", "unit": "u1", "to": H(8, 6)})


def test_only_ordered_units_move():
    g = game([U("union", "infantry", 10, 6), U("union", "infantry", 2, 6),
              U("confederate", "infantry", 0, 0)])
    order(g, "attack_centre", "u1")
    with pytest.raises(IllegalAction, match="Only ordered units"):
        g.apply({"type": "move", "unit": "u2", "to": H(2, 4)})


def test_lone_general_moves_three_free_ignoring_terrain():
    g = game([U("union", "infantry", 20, 8), U("confederate", "infantry", 0, 0)],
             [G("union", 10, 8)], terrain=[T("woods", 9, 7), T("woods", 11, 7), T("rough", 10, 6)])
    order(g, "attack_left")                 # orders nobody: the general needs no order
    reach = dests(g, 10, 8)
    assert (10, 6) in reach                  # rough, past the woods
    assert (9, 5) in reach and (10, 2) not in reach
    g.apply({"type": "move_general", "general": "g1", "to": H(9, 5)})
    with pytest.raises(IllegalAction, match="cannot move again"):
        g.apply({"type": "move_general", "general": "g1", "to": H(10, 4)})


def test_general_joining_a_unit_stops_both_for_the_turn():
    g = game([U("union", "infantry", 10, 6), U("confederate", "infantry", 0, 0)],
             [G("union", 14, 6)])
    order(g, "attack_centre", "u1")
    g.apply({"type": "move_general", "general": "g1", "to": H(10, 6)})
    with pytest.raises(IllegalAction, match="general joined"):
        g.apply({"type": "move", "unit": "u1", "to": H(10, 4)})


def test_general_moves_with_the_unit_he_commands():
    g = game([U("union", "infantry", 10, 6), U("confederate", "infantry", 0, 0)],
             [G("union", 10, 6)])
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    assert g.pieces.generals["g1"].hex == g._hex(H(11, 5))


def test_general_may_leave_his_unit_before_it_moves():
    g = game([U("union", "infantry", 10, 6), U("confederate", "infantry", 0, 0)],
             [G("union", 10, 6)])
    order(g, "attack_centre", "u1")
    g.apply({"type": "move_general", "general": "g1", "to": H(16, 6)})
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    assert g.pieces.generals["g1"].hex == g._hex(H(16, 6))


def test_generals_never_share_a_hex():
    g = game([U("union", "infantry", 10, 6), U("confederate", "infantry", 0, 0)],
             [G("union", 10, 6), G("union", 14, 6)])
    order(g, "attack_centre")
    assert (10, 6) not in dests(g, 14, 6)


def test_a_marching_unit_does_not_hide_its_own_start_hex():
    # (11,3) and (13,3) are 3 hexes from the enemy at (12,0); the only thing between them
    # and the enemy is the marching unit itself, which has left (12,2) when it gets there
    g = game([U("union", "infantry", 12, 2, fresh=False), U("confederate", "infantry", 12, 0)])
    order(g, "attack_centre", "u1")
    assert dests(g, 12, 2) == {(11, 3), (13, 3), (10, 2), (14, 2), (11, 1), (13, 1)}


def test_lone_general_may_not_cross_a_river_closed_outside_its_bridges():
    g = game([U("union", "infantry", 20, 8), U("confederate", "infantry", 0, 0)],
             [G("union", 12, 6)],
             terrain=[T("river", 11, 5), T("river", 13, 5), T("bridge", 12, 4)],
             rules=[{"rule": "bridge_crossing_only"}])
    order(g, "attack_left")
    reach = dests(g, 12, 6)
    assert (11, 5) not in reach and (13, 5) not in reach
    assert (10, 6) in reach and (9, 5) in reach          # around the river is still open
    with pytest.raises(IllegalAction):
        g.apply({"type": "move_general", "general": "g1", "to": H(11, 5)})


def test_a_lone_enemy_general_stops_movement_next_to_him():
    # ruling 8: a general is "a special kind of unit", so he counts for adjacency
    def reach(generals):
        g = game([U("union", "infantry", 12, 8, fresh=False), U("confederate", "infantry", 0, 0)],
                 [*generals, G("confederate", 24, 0)])
        order(g, "attack_centre", "u1")
        return dests(g, 12, 8)
    assert {(10, 6), (12, 6), (14, 6)} <= reach([])
    near = reach([G("confederate", 12, 6)])
    assert (11, 7) in near and (13, 7) in near          # the move ends next to him
    assert not {(10, 6), (12, 6), (14, 6)} & near      # and goes no further


def test_cavalry_may_charge_to_end_next_to_a_lone_general():
    g = game([U("union", "cavalry", 10, 8), U("confederate", "infantry", 0, 0)],
             [G("confederate", 10, 4), G("confederate", 24, 0)])
    order(g, "attack_centre", "u1")
    assert (9, 5) in dests(g, 10, 8)


def test_a_general_stops_next_to_an_enemy_general():
    g = game([U("union", "infantry", 20, 8), U("confederate", "infantry", 0, 0)],
             [G("union", 10, 6), G("confederate", 10, 4)])
    order(g, "attack_left")
    reach = dests(g, 10, 6)
    assert (9, 5) in reach and (11, 5) in reach
    assert (9, 3) not in reach and (7, 3) not in reach   # only past hexes next to him


def test_a_charge_may_not_end_where_the_cavalry_cannot_battle():
    # AR ARMIES: "Cavalry charges must always result in a compulsory melee"; cavalry may
    # not battle the turn it enters woods or a town, so a charge cannot end there
    g = game([U("union", "cavalry", 10, 6), U("confederate", "infantry", 10, 2)],
             terrain=[T("woods", 9, 3), T("town", 11, 3)])
    order(g, "attack_centre", "u1")
    reach = dests(g, 10, 6)
    assert (9, 3) not in reach and (11, 3) not in reach
    g2 = game([U("union", "cavalry", 9, 3), U("confederate", "infantry", 10, 0)],
              terrain=[T("woods", 9, 1)])
    order(g2, "attack_centre", "u1")
    assert (9, 1) in dests(g2, 9, 3)         # a 2-hex move into woods is no charge
