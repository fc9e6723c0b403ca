"""Rick Barber's firepower and unit profiles (seed 002, L15-21; docs/rulings.md H52-H56),
each shown against the same position with the option off."""
from games.engine import RULESETS
from games.engine.battlecry.advanced.movement import unit_destinations
from games.engine.battlecry.advanced.profile_options import OPTIONS
from games.engine.battlecry.sight import has_line_of_sight
from tests.engine.helpers import H, U, attack, game, inf, order, to_battle


def dice(g, frm, to):
    return g.attack_preview(H(*frm), H(*to))["dice"]


def reach(g, uid):
    u = g.pieces.units[uid]
    return {(g.board.hexes[h].col, g.board.hexes[h].row) for h in unit_destinations(g, u)}


def attack_event(events, side="union"):
    return next(e for e in events if e["type"] == "attack" and e["side"] == side)


def at_battle(units, options=None, ordered=("u1",)):
    """The battle step, with ``ordered`` ordered (a unit already in melee needs no order)."""
    g = game(units, options=options)
    to_battle(g, "attack_centre", *ordered)
    return g


# -- firepower (H52) ------------------------------------------------------------------------
def test_a_single_sword_misses_and_a_pair_hits_once():
    units = [inf("union", 11, 5), inf("confederate", 12, 4)]
    off = at_battle(units, ordered=())
    a = attack_event(attack(off, "u1", 12, 4, ["swords", "infantry", "artillery"]))
    assert a["hits"] == 2
    on = at_battle(units, {"icon_firepower": True}, ordered=())
    a = attack_event(attack(on, "u1", 12, 4, ["swords", "infantry", "artillery"]))
    assert a["hits"] == 1
    on = at_battle(units, {"icon_firepower": True}, ordered=())
    a = attack_event(attack(on, "u1", 12, 4, ["swords", "swords", "artillery"]))
    assert a["hits"] == 1


def test_fire_at_cavalry_hits_on_infantry_and_cavalry_symbols_are_flags():
    units = [inf("union", 10, 6), U("confederate", "cavalry", 12, 4)]
    off = at_battle(units, {"auto_retreat": True})
    a = attack_event(attack(off, "u1", 12, 4, ["infantry", "cavalry"]))
    assert (a["hits"], a["flags"]) == (1, 0)
    on = at_battle(units, {"icon_firepower": True, "auto_retreat": True})
    a = attack_event(attack(on, "u1", 12, 4, ["infantry", "cavalry"]))
    assert (a["hits"], a["flags"]) == (1, 1)


def test_infantry_has_six_figures_under_firepower_or_alone():
    units = [inf("union", 10, 6), inf("union", 14, 6, figures=3), U("union", "cavalry", 16, 6),
             inf("confederate", 12, 2)]
    off = game(units)
    for options in ({"icon_firepower": True}, {"six_figure_infantry": True}):
        on = game(units, options=options)
        assert [u.figures for u in off.pieces.units.values()] == [4, 3, 3, 4]
        assert [u.figures for u in on.pieces.units.values()] == [6, 5, 3, 6]
        assert [u["figures"] for u in on.view("union")["units"]] == [6, 5, 3, 6]


# -- infantry profile (H53) -----------------------------------------------------------------
def test_infantry_moves_two_and_still_battles():
    units = [inf("union", 12, 8), inf("confederate", 13, 3)]
    for options, allowed in ((None, False), ({"infantry_profile": True}, True)):
        g = game(units, options=options)
        order(g, "attack_centre", "u1")
        g.apply({"type": "move", "unit": "u1", "to": H(12, 6)})
        g.apply({"type": "end_movement"})
        assert g.current.moved["u1"] == 2
        assert g.attack_preview(H(12, 6), H(13, 3))["allowed"] is allowed


# -- artillery profile (H54) ----------------------------------------------------------------
def test_artillery_reaches_five_hexes_with_a_die_more_at_each():
    units = [U("union", "artillery", 12, 8), inf("confederate", 17, 3), inf("confederate", 12, 4)]
    off = at_battle(units)
    on = at_battle(units, {"artillery_profile": True})
    assert dice(off, (12, 8), (12, 4)) == 1 and dice(on, (12, 8), (12, 4)) == 2
    assert not off.attack_preview(H(12, 8), H(17, 3))["allowed"]
    assert dice(on, (12, 8), (17, 3)) == 1 and on.attack_preview(H(12, 8), H(17, 3))["allowed"]


def test_artillery_moves_two_or_fires_and_horse_artillery_three():
    units = [U("union", "artillery", 12, 8), U("union", "artillery", 16, 8, horse=True),
             inf("confederate", 12, 0)]
    off, on = game(units), game(units, options={"artillery_profile": True})
    assert (12, 6) not in reach(off, "u1") and (12, 6) in reach(on, "u1")
    assert (15, 5) not in reach(off, "u2") and (15, 5) in reach(on, "u2")
    moved = []
    for options in (None, {"artillery_profile": True}):      # horse artillery moved one hex
        g = game([U("union", "artillery", 14, 8, horse=True), inf("confederate", 14, 4)],
                 options=options)
        order(g, "attack_centre", "u1")
        g.apply({"type": "move", "unit": "u1", "to": H(13, 7)})
        g.apply({"type": "end_movement"})
        moved.append(g.attack_preview(H(13, 7), H(14, 4))["allowed"])
    assert moved == [True, False]


def test_a_gun_in_support_fires_past_a_friend_at_a_target_not_next_to_it():
    units = [U("union", "artillery", 12, 8), inf("union", 13, 7), inf("confederate", 15, 5),
             inf("confederate", 14, 4)]
    off, on = game(units), game(units, options={"artillery_profile": True})
    gun, target, beside = off._hex(H(12, 8)), off._hex(H(15, 5)), off._hex(H(14, 6))
    assert not has_line_of_sight(off, gun, target, off.pieces.units["u1"])
    assert has_line_of_sight(on, gun, target, on.pieces.units["u1"])
    assert not has_line_of_sight(on, gun, beside, on.pieces.units["u1"])   # next to the friend
    engaged = game(units + [inf("confederate", 10, 8)], options={"artillery_profile": True})
    assert not has_line_of_sight(engaged, gun, target, engaged.pieces.units["u1"])


# -- cavalry profile (H55) ------------------------------------------------------------------
def test_cavalry_moves_three_and_fires_one_die_at_two_hexes():
    units = [U("union", "cavalry", 12, 8), inf("confederate", 12, 0)]
    off, on = game(units), game(units, options={"cavalry_profile": True})
    assert (13, 5) not in reach(off, "u1") and (13, 5) in reach(on, "u1")
    units = [U("union", "cavalry", 12, 6), inf("confederate", 12, 4)]
    off, on = at_battle(units), at_battle(units, {"cavalry_profile": True})
    assert dice(off, (12, 6), (12, 4)) == 2 and dice(on, (12, 6), (12, 4)) == 1


# -- declarations ---------------------------------------------------------------------------
def test_the_profiles_are_declared_unrated_in_words_for_the_advanced_rules_only():
    declared = {o.name: o for o in RULESETS["advanced"].options}
    for o in OPTIONS:
        assert not declared[o.name].rated and declared[o.name].label.startswith("House rule")
    assert not {o.name for o in OPTIONS} & {o.name for o in RULESETS["standard"].options}
