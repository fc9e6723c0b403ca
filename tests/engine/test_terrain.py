"""THE BATTLEFIELD: the terrain table's dice effects and the obstacles' hexsides."""
import pytest

from tests.engine.helpers import G, H, T, U, attack, game, inf, order, to_battle


def ranged(terrain=(), target=(12, 4), attacker_kind="infantry", generals=()):
    g = game([U("union", attacker_kind, 10, 6, fresh=False), inf("confederate", *target)],
             generals, terrain=terrain)
    to_battle(g, "attack_centre", "u1")
    return g, g.attack_preview(H(10, 6), H(*target))


@pytest.mark.parametrize("kind,loss", [("farm", 1), ("field", 1), ("hill", 1), ("orchard", 1),
                                       ("town", 2), ("woods", 1), ("open", 0), ("bridge", 0),
                                       ("river", 0)])
def test_dice_lost_attacking_into_terrain(kind, loss):
    _, prev = ranged([T(kind, 12, 4)], target=(12, 4), attacker_kind="artillery")
    assert prev["dice"] == 3 - loss


def test_river_costs_a_die_when_attacking_from_it():
    _, prev = ranged([T("river", 10, 6)])
    assert prev["dice"] == 1 and any("from river" in m["why"] for m in prev["modifiers"])


def test_fence_protects_only_across_its_sides():
    # the attack from (10,6) reaches (12,4) through its SW side
    _, across = ranged([T("fence", 12, 4, ["SW"])], attacker_kind="artillery")
    _, around = ranged([T("fence", 12, 4, ["NE"])], attacker_kind="artillery")
    assert across["dice"] == 2 and around["dice"] == 3


def test_entrenchment_and_fieldwork_reductions_do_not_add_to_terrain():
    _, prev = ranged([T("woods", 12, 4), T("entrenchment", 12, 4, ["SW"])], attacker_kind="artillery")
    assert prev["dice"] == 1          # entrenchment's 2, not woods 1 + 2
    _, prev = ranged([T("town", 12, 4), T("fieldwork", 12, 4, ["SW"])], attacker_kind="artillery")
    assert prev["dice"] == 1          # town's 2, not 2 + 1


def test_a_fence_adds_to_the_terrain_reduction():
    # AR OBSTACLES names only entrenchments and fieldworks as not adding to terrain
    _, prev = ranged([T("woods", 12, 4), T("fence", 12, 4, ["SW"])], attacker_kind="artillery")
    assert prev["dice"] == 1          # woods 1 + fence 1
    assert {m["why"] for m in prev["modifiers"]} == {"target in woods", "target behind fence"}
    _, around = ranged([T("woods", 12, 4), T("fence", 12, 4, ["NE"])], attacker_kind="artillery")
    assert around["dice"] == 2        # not across the fence: woods only


def test_fieldwork_defender_ignores_first_flag_across_it():
    g, _ = ranged([T("fieldwork", 12, 4, ["SW"])], attacker_kind="artillery")
    attack(g, "u1", 12, 4, ["flag", "cavalry"])
    assert g.pieces.units["u2"].hex == g._hex(H(12, 4))


def test_entrenchment_with_general_ignores_two_flags():
    g, _ = ranged([T("entrenchment", 12, 4, ["SW"])], attacker_kind="artillery",
                  generals=[G("confederate", 12, 4)])
    ev = attack(g, "u1", 12, 4, ["flag"])
    a = next(e for e in ev if e["type"] == "attack")
    assert a["flags_ignored"] == ["general in command"]
    g2, _ = ranged([T("entrenchment", 12, 4, ["SW"])], attacker_kind="artillery",
                   generals=[G("confederate", 12, 4)])
    attack(g2, "u1", 12, 4, ["flag", "flag"])
    assert g2.pieces.units["u2"].hex == g2._hex(H(12, 4))


def test_entrenchment_stops_movement():
    g = game([inf("union", 10, 8), inf("confederate", 0, 0)],
             terrain=[T("entrenchment", 9, 7, ["NE"]), T("rough", 11, 7)])
    order(g, "attack_centre", "u1")
    reach = {(h["col"], h["row"]) for h in g.reachable(H(10, 8))}
    assert (9, 7) in reach and (8, 6) not in reach and (10, 6) not in reach


def test_hill_ignores_first_flag_unless_attacker_on_adjacent_hill():
    g, _ = ranged([T("hill", 12, 4)], attacker_kind="artillery")
    attack(g, "u1", 12, 4, ["flag"])
    assert g.pieces.units["u2"].hex == g._hex(H(12, 4))
    g2 = game([inf("union", 10, 6), inf("confederate", 11, 5)],
              terrain=[T("hill", 10, 6), T("hill", 11, 5)])
    to_battle(g2, "attack_centre")
    attack(g2, "u1", 11, 5, ["flag"])
    assert g2.phase == "retreat" and g2.active_side == "confederate"


def test_hill_costs_a_die_even_from_an_adjacent_hill():
    g = game([inf("union", 10, 6), inf("confederate", 11, 5)],
             terrain=[T("hill", 10, 6), T("hill", 11, 5)])
    to_battle(g, "attack_centre")
    assert g.attack_preview(H(10, 6), H(11, 5))["dice"] == 2


def entered(kind, unit_kind, target=(12, 4)):
    g = game([U("union", unit_kind, 11, 7, fresh=False), inf("confederate", *target)],
             terrain=[T(kind, 10, 6)])
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(10, 6)})
    g.apply({"type": "end_movement"})
    return g.attack_preview(H(10, 6), H(*target))


def test_woods_on_entry():
    assert entered("woods", "infantry")["dice"] == 1                 # 2 at distance 2, less 1
    assert not entered("woods", "cavalry", target=(11, 5))["allowed"]


def test_town_on_entry_no_unit_attacks():
    assert "may not battle" in entered("town", "infantry")["reason"]


def test_farm_on_entry_cavalry_loses_a_die():
    assert entered("farm", "cavalry", target=(11, 5))["dice"] == 2


def test_occupying_artillery_in_a_farm_loses_a_die():
    _, prev = ranged([T("farm", 10, 6)], attacker_kind="artillery")
    assert prev["dice"] == 2


def test_woods_occupied_from_the_start_attacks_normally():
    _, prev = ranged([T("woods", 10, 6)])
    assert prev["dice"] == 2


# The terrain table, kind by kind: (stops a unit entering, impassable, blocks sight)
TABLE = {
    "bridge": (False, False, False), "farm": (True, False, True), "field": (False, False, True),
    "hill": (True, False, True), "open": (False, False, False), "orchard": (False, False, True),
    "river": (True, False, False), "rough": (False, True, True), "town": (True, False, True),
    "woods": (True, False, True),
}


@pytest.mark.parametrize("kind", sorted(TABLE))
def test_entry_cost_of_each_terrain(kind):
    stops, impassable, _ = TABLE[kind]
    # from (10,8) the only ways to (10,6) are through (9,7), made rough, or through the
    # terrain under test at (11,7)
    g = game([inf("union", 10, 8), inf("confederate", 0, 0)],
             terrain=[T(kind, 11, 7), T("rough", 9, 7)])
    order(g, "attack_centre", "u1")
    reach = {(h["col"], h["row"]) for h in g.reachable(H(10, 8))}
    assert ((11, 7) in reach) == (not impassable)
    assert ((10, 6) in reach) == (not stops and not impassable)


@pytest.mark.parametrize("kind", sorted(TABLE))
def test_sight_through_each_terrain(kind):
    blocks = TABLE[kind][2]
    g = game([U("union", "artillery", 10, 6), inf("confederate", 14, 6)], terrain=[T(kind, 12, 6)])
    order(g, "attack_centre", "u1")
    g.apply({"type": "end_movement"})
    assert g.attack_preview(H(10, 6), H(14, 6))["los"] == (not blocks)
