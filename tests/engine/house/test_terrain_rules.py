"""Rick Barber's terrain rules (seed 002, L67-89; docs/rulings.md H40-H49), each shown
against the same position with the option off."""
import pytest

from games.engine import RULESETS
from games.engine.battlecry.advanced.movement import unit_destinations
from games.engine.battlecry.advanced.terrain_options import TERRAIN_RULES
from games.engine.battlecry.sight import has_line_of_sight
from tests.engine.helpers import G, H, T, U, attack, game, inf, order, to_battle, types


def dice(g, frm, to):
    return g.attack_preview(H(*frm), H(*to))["dice"]


def at_battle(units, terrain=(), options=None, generals=()):
    g = game(units, generals, terrain=terrain, options=options)
    to_battle(g, "attack_centre")
    return g


def reach(g, uid):
    u = g.pieces.units[uid]
    return {(g.board.hexes[h].col, g.board.hexes[h].row) for h in unit_destinations(g, u)}


def both(option, units, terrain=(), extra=None, generals=()):
    """The same position with the option off and on."""
    return (at_battle(units, terrain, dict(extra or {}), generals),
            at_battle(units, terrain, {option: True, **(extra or {})}, generals))


PAIR = [inf("union", 11, 5), inf("confederate", 12, 4)]            # adjacent
RANGED = [inf("union", 10, 6), inf("confederate", 12, 4)]          # two hexes apart


# -- terrain entry (H40) --------------------------------------------------------------------
def test_woods_and_hills_are_entered_only_with_the_first_hex_of_a_move():
    units = [U("union", "cavalry", 10, 8), inf("confederate", 12, 0)]
    terrain = [T("woods", 14, 8), T("hill", 12, 6)]
    off = game(units, terrain=terrain)
    on = game(units, terrain=terrain, options={"terrain_entry": True})
    assert {(14, 8), (12, 6)} <= reach(off, "u1")
    assert (14, 8) not in reach(on, "u1") and (12, 6) not in reach(on, "u1")
    near = game([U("union", "cavalry", 12, 8), inf("confederate", 12, 0)], terrain=terrain,
                options={"terrain_entry": True})
    assert (14, 8) in reach(near, "u1")          # next door: its whole move goes in


def moved_into_woods(rolls, generals=()):
    g = game([U("union", "cavalry", 10, 8), inf("confederate", 12, 0)], generals,
             terrain=[T("woods", 14, 8)], options={"terrain_entry_roll": True})
    order(g, "attack_centre", "u1")
    assert (14, 8) in reach(g, "u1")
    ev = g.apply({"type": "move", "unit": "u1", "to": H(14, 8)}, rolls=rolls)
    at = g.board.hexes[g.pieces.units["u1"].hex]
    return (at.col, at.row), next(e for e in ev if e["type"] == "ground_entry_roll")


def test_a_unit_that_has_moved_may_try_to_enter_on_a_roll_of_its_symbol():
    where, roll = moved_into_woods(["cavalry"])
    assert where == (14, 8) and roll["entered"]
    where, roll = moved_into_woods(["infantry"])
    assert where == (12, 8) and not roll["entered"]        # stops where it tried from
    where, _ = moved_into_woods(["flag"])
    assert where == (12, 8)
    where, roll = moved_into_woods(["flag"], generals=[G("union", 10, 8)])
    assert where == (14, 8) and roll["entered"]            # a general: a flag will do


def test_a_house_takes_no_whole_move_under_the_rule_of_buildings():
    units = [U("union", "cavalry", 10, 8), inf("confederate", 12, 0)]
    terrain = [T("farm", 14, 8)]
    entry = game(units, terrain=terrain, options={"terrain_entry": True})
    assert (14, 8) not in reach(entry, "u1")
    both_on = game(units, terrain=terrain, options={"terrain_entry": True, "terrain_buildings": True})
    h = both_on._hex(H(14, 8))
    assert (14, 8) in reach(both_on, "u1")
    assert entry.field.stops[h] and not both_on.field.stops[h]     # a house does not stop


# -- fields (H41) ---------------------------------------------------------------------------
def test_a_field_costs_no_die_and_hides_nothing_from_a_hill():
    off, on = both("terrain_field", PAIR, [T("field", 12, 4)])
    assert dice(off, (11, 5), (12, 4)) == 2 and dice(on, (11, 5), (12, 4)) == 3
    units = [inf("union", 8, 4), inf("confederate", 12, 4)]
    for on_hill, seen_on in ((True, True), (False, False)):
        terrain = [T("field", 10, 4)] + ([T("hill", 8, 4)] if on_hill else [])
        off, on = both("terrain_field", units, terrain)
        a, b = off._hex(H(8, 4)), off._hex(H(12, 4))
        assert not has_line_of_sight(off, a, b)
        assert has_line_of_sight(on, a, b) is seen_on


# -- hills (H42) ----------------------------------------------------------------------------
def test_a_hill_costs_no_die_from_next_door_on_the_same_hill():
    off, on = both("terrain_hill", PAIR, [T("hill", 12, 4), T("hill", 11, 5)])
    # off: -1 for the target's hill; on: same hill, no loss (firing down is not lower ground)
    assert dice(off, (11, 5), (12, 4)) == 2 and dice(on, (11, 5), (12, 4)) == 3
    off, on = both("terrain_hill", PAIR, [T("hill", 12, 4)])
    assert dice(off, (11, 5), (12, 4)) == dice(on, (11, 5), (12, 4)) == 2


def test_firing_down_from_a_hill_adds_a_die():
    off, on = both("terrain_hill", PAIR, [T("hill", 11, 5)])
    assert dice(off, (11, 5), (12, 4)) == 3 and dice(on, (11, 5), (12, 4)) == 4
    mods = on.attack_preview(H(11, 5), H(12, 4))["modifiers"]
    assert {"why": "firing down from a hill", "dice": 1} in mods


# -- high ground (H43) ----------------------------------------------------------------------
HIGH = [T("high_ground", 12, 4), T("slope", 12, 4, ["SW"]), T("major_slope", 12, 4, ["W"])]


def test_high_ground_is_a_hill_across_its_slopes_only_and_a_major_slope_costs_two():
    units = [inf("union", 11, 5), inf("confederate", 12, 4), inf("union", 10, 4),
             inf("union", 13, 5)]
    off, on = both("terrain_high_ground", units, HIGH)
    for frm in ((11, 5), (10, 4), (13, 5)):
        assert dice(off, frm, (12, 4)) == 3
    assert dice(on, (11, 5), (12, 4)) == 2        # up the slope
    assert dice(on, (10, 4), (12, 4)) == 1        # up the major slope
    assert dice(on, (13, 5), (12, 4)) == 3        # level ground on that side


def test_up_a_slope_the_first_flag_is_ignored_as_on_a_hill():
    units = [inf("union", 11, 5), inf("confederate", 12, 4)]
    off, on = both("terrain_high_ground", units, HIGH, {"auto_retreat": True})
    ev = attack(off, "u1", 12, 4, ["flag", "cavalry", "cavalry"])
    assert "retreated" in types(ev)
    ev = attack(on, "u1", 12, 4, ["flag", "cavalry", "cavalry"])
    a = next(e for e in ev if e["type"] == "attack")
    assert a["flags_ignored"] == ["up a slope"] and "retreated" not in types(ev)


def test_artillery_may_not_cross_a_major_slope():
    units = [U("union", "artillery", 10, 4), inf("confederate", 12, 0)]
    off = game(units, terrain=HIGH)
    on = game(units, terrain=HIGH, options={"terrain_high_ground": True})
    assert (12, 4) in reach(off, "u1") and (12, 4) not in reach(on, "u1")
    assert (11, 5) in reach(on, "u1")


def test_a_unit_climbing_a_slope_stops_as_on_entering_a_hill():
    units = [U("union", "cavalry", 14, 6), inf("confederate", 12, 0)]
    terrain = [T("high_ground", 13, 5), T("slope", 13, 5, ["SE"])]
    off = game(units, terrain=terrain)
    on = game(units, terrain=terrain, options={"terrain_high_ground": True})
    assert {(13, 5), (12, 4)} <= reach(off, "u1")       # over it: (13,5) is the only way
    assert (13, 5) in reach(on, "u1") and (12, 4) not in reach(on, "u1")


# -- woods (H44) ----------------------------------------------------------------------------
def test_woods_cost_only_a_distant_attacker_a_die():
    off, on = both("terrain_woods", PAIR, [T("woods", 12, 4)])
    assert dice(off, (11, 5), (12, 4)) == 2 and dice(on, (11, 5), (12, 4)) == 3
    off, on = both("terrain_woods", RANGED, [T("woods", 12, 4)])
    assert dice(off, (10, 6), (12, 4)) == dice(on, (10, 6), (12, 4)) == 1


# -- streams (H45) --------------------------------------------------------------------------
def test_a_unit_in_a_stream_is_easier_to_hit_and_may_not_battle_on_entering():
    off, on = both("terrain_stream", PAIR, [T("river", 12, 4)])
    assert dice(off, (11, 5), (12, 4)) == 3 and dice(on, (11, 5), (12, 4)) == 4
    units = [inf("union", 12, 6), inf("confederate", 12, 4)]
    for option, may in ((False, True), (True, False)):
        g = game(units, terrain=[T("river", 11, 5)], options={"terrain_stream": option})
        order(g, "attack_centre", "u1")
        g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
        g.apply({"type": "end_movement"})
        assert g.attack_preview(H(11, 5), H(12, 4))["allowed"] is may


# -- rough and very rough ground (H46, H47) -------------------------------------------------
def standing_in(kind, option, target=(12, 4), units=None):
    """A battle step with the confederate unit u2 moved onto ``kind`` (no scenario may set
    a unit up on rough ground)."""
    units = units or [inf("union", 11, 5), inf("confederate", 12, 2), inf("union", 16, 4)]
    g = game(units, terrain=[T(kind, *target)], options={option: True, "auto_retreat": True})
    g.place_unit(g.pieces.units["u2"], g._hex(H(*target)))
    to_battle(g, "attack_centre")
    return g


def test_rough_ground_may_be_entered_and_leaves_sight_clear():
    units = [inf("union", 12, 6), inf("confederate", 12, 2)]
    off = game(units, terrain=[T("rough", 11, 5)])
    on = game(units, terrain=[T("rough", 11, 5)], options={"terrain_rough": True})
    assert (11, 5) not in reach(off, "u1") and (11, 5) in reach(on, "u1")
    sight = [inf("union", 8, 4), inf("confederate", 12, 4)]
    off, on = both("terrain_rough", sight, [T("rough", 10, 4)])
    a, b = off._hex(H(8, 4)), off._hex(H(12, 4))
    assert not has_line_of_sight(off, a, b) and has_line_of_sight(on, a, b)


def test_a_unit_in_rough_ground_ignores_the_first_flag_and_distant_fire_loses_a_die():
    g = standing_in("rough", "terrain_rough")
    assert dice(g, (11, 5), (12, 4)) == 3 and dice(g, (16, 4), (12, 4)) == 1
    ev = attack(g, "u1", 12, 4, ["flag", "cavalry", "cavalry"])
    a = next(e for e in ev if e["type"] == "attack")
    assert a["flags_ignored"] == ["in rough ground"] and "retreated" not in types(ev)


def test_very_rough_ground_costs_two_dice_from_afar_one_from_next_door_and_blocks_sight():
    units = [inf("union", 12, 6), inf("confederate", 12, 2)]
    off = game(units, terrain=[T("very_rough", 11, 5)])
    on = game(units, terrain=[T("very_rough", 11, 5)], options={"terrain_very_rough": True})
    assert (11, 5) not in reach(off, "u1") and (11, 5) in reach(on, "u1")
    g = standing_in("very_rough", "terrain_very_rough",
                    units=[inf("union", 11, 5), inf("confederate", 12, 2),
                           U("union", "artillery", 16, 4)])
    assert dice(g, (11, 5), (12, 4)) == 2 and dice(g, (16, 4), (12, 4)) == 3 - 2
    assert g.field.blocks[g._hex(H(12, 4))]
    ev = attack(g, "u1", 12, 4, ["flag", "cavalry"])
    assert next(e for e in ev if e["type"] == "attack")["flags_ignored"] == ["in very rough ground"]


def test_under_holding_your_ground_rough_ground_and_works_hold_one_flag_not_two():
    flags = {}
    for extra in ({}, {"holding_ground": True}):
        units = [inf("union", 11, 5), inf("confederate", 12, 2), inf("union", 16, 4)]
        g = game(units, terrain=[T("rough", 12, 4), T("fieldwork", 12, 4, ["SW"])],
                 options={"terrain_rough": True, "auto_retreat": True, **extra})
        g.place_unit(g.pieces.units["u2"], g._hex(H(12, 4)))
        to_battle(g, "attack_centre")
        ev = attack(g, "u1", 12, 4, ["flag", "flag", "cavalry"])
        flags[bool(extra)] = next(e for e in ev if e["type"] == "attack")["flags_ignored"]
    assert sorted(flags[False]) == ["behind fieldwork", "in rough ground"]
    assert len(flags[True]) == 1


# -- breastworks (H48) ----------------------------------------------------------------------
def test_artillery_may_not_cross_a_breastwork():
    units = [U("union", "artillery", 11, 5), inf("confederate", 12, 0)]
    terrain = [T("fieldwork", 12, 4, ["SW"])]
    off = game(units, terrain=terrain)
    on = game(units, terrain=terrain, options={"terrain_breastworks": True})
    assert (12, 4) in reach(off, "u1") and (12, 4) not in reach(on, "u1")
    assert (10, 4) in reach(on, "u1")


def test_return_fire_from_behind_a_breastwork_has_a_die_more():
    units = [inf("union", 11, 5), inf("confederate", 12, 4)]
    terrain = [T("fieldwork", 12, 4, ["SW"])]
    rolls = ["cavalry"] * 2 + ["infantry"] * 3
    plain = at_battle(units, terrain, {"return_fire": True})
    ev = attack(plain, "u1", 12, 4, list(rolls))
    back = [e for e in ev if e["type"] == "attack" and e["side"] == "confederate"][0]
    works = at_battle(units, terrain, {"return_fire": True, "terrain_breastworks": True})
    ev = attack(works, "u1", 12, 4, list(rolls))
    back_on = [e for e in ev if e["type"] == "attack" and e["side"] == "confederate"][0]
    assert len(back_on["rolls"]) == len(back["rolls"]) + 1


# -- buildings (H49) ------------------------------------------------------------------------
def test_a_house_costs_only_ranged_fire_a_die_and_holds_a_flag():
    off, on = both("terrain_buildings", PAIR, [T("farm", 12, 4)])
    assert dice(off, (11, 5), (12, 4)) == 2 and dice(on, (11, 5), (12, 4)) == 3
    off, on = both("terrain_buildings", RANGED, [T("farm", 12, 4)])
    assert dice(off, (10, 6), (12, 4)) == dice(on, (10, 6), (12, 4)) == 1
    on = at_battle(PAIR, [T("farm", 12, 4)], {"terrain_buildings": True, "auto_retreat": True})
    ev = attack(on, "u1", 12, 4, ["flag", "cavalry", "cavalry"])
    a = next(e for e in ev if e["type"] == "attack")
    assert a["flags_ignored"] == ["in a house"]


def test_fire_through_a_house_is_seen_but_loses_a_die():
    units = [U("union", "artillery", 8, 4), inf("confederate", 14, 4)]
    off, on = both("terrain_buildings", units, [T("farm", 10, 4)])
    assert not off.attack_preview(H(8, 4), H(14, 4))["los"]
    p = on.attack_preview(H(8, 4), H(14, 4))
    assert p["los"] and p["dice"] == 2 - 1
    assert {"why": "fire traced through a house", "dice": -1} in p["modifiers"]


def test_a_town_plays_as_woods_with_a_flag_held_and_a_marked_house_as_a_house():
    off, on = both("terrain_buildings", PAIR, [T("town", 12, 4)])
    assert dice(off, (11, 5), (12, 4)) == 1 and dice(on, (11, 5), (12, 4)) == 3
    off, on = both("terrain_buildings", RANGED, [T("town", 12, 4)])
    assert dice(off, (10, 6), (12, 4)) == 0 and dice(on, (10, 6), (12, 4)) == 1
    house = at_battle(PAIR, [{**T("town", 12, 4), "buildings": "house"}],
                      {"terrain_buildings": True, "auto_retreat": True})
    ev = attack(house, "u1", 12, 4, ["flag", "cavalry", "cavalry"])
    assert next(e for e in ev if e["type"] == "attack")["flags_ignored"] == ["in a house"]


# -- declarations ---------------------------------------------------------------------------
def test_the_terrain_rules_are_declared_unrated_in_words_and_only_for_the_advanced_rules():
    declared = {o.name: o for o in RULESETS["advanced"].options}
    for name in TERRAIN_RULES:
        assert not declared[name].rated and declared[name].public
        assert declared[name].label.startswith("House rule")
    assert not set(TERRAIN_RULES) & {o.name for o in RULESETS["standard"].options}


@pytest.mark.parametrize("option", TERRAIN_RULES)
def test_each_terrain_rule_alone_leaves_a_plain_position_unchanged(option):
    off, on = both(option, PAIR)
    assert dice(off, (11, 5), (12, 4)) == dice(on, (11, 5), (12, 4))
    assert reach(off, "u1") == reach(on, "u1")
