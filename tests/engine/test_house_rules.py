"""Rick Barber's house rules (seed 002) as options of the Advanced rules, each shown against
the same position with the option off (docs/rulings.md, "House rules (seed 002)")."""
import random

import pytest

from games.engine import Game, OptionError, RULESETS
from games.engine.battlecry.advanced.withdrawal_fire import firers
from tests.engine.helpers import G, H, T, U, attack, game, give, inf, order, to_battle, types
from tests.engine.scenarios import shipped

HOUSE = ("last_figure", "return_fire", "first_fire", "cavalry_charge", "withdrawal_fire",
         "following_up", "risk_to_general", "generals_in_retreat", "holding_ground")


def melee(defender, options=None, terrain=(), generals=(), others=()):
    """Union infantry at (11,5) in melee with the confederate unit at (12,4) (u2)."""
    g = game([inf("union", 11, 5), defender, *others], generals, terrain=terrain,
             options=options)
    to_battle(g, "attack_centre")
    return g


def attack_event(events, side="union"):
    return next(e for e in events if e["type"] == "attack" and e["side"] == side)


def figures(g, uid):
    u = g.pieces.units.get(uid)
    return u.figures if u else 0


# -- the last figure (H1) -----------------------------------------------------------------
def test_hits_stop_at_the_last_figure_which_takes_a_flag():
    off = melee(inf("confederate", 12, 4, figures=2))
    attack(off, "u1", 12, 4, ["infantry", "infantry", "cavalry"])
    assert "u2" not in off.pieces.units

    on = melee(inf("confederate", 12, 4, figures=2), {"last_figure": True, "auto_retreat": True})
    ev = attack(on, "u1", 12, 4, ["infantry", "infantry", "cavalry"])
    a = attack_event(ev)
    assert figures(on, "u2") == 1 and a["hits"] == 1 and a["flags"] == 1
    assert a["flags_added"] == ["last figure"] and "retreated" in types(ev)


def test_the_last_figure_falls_only_with_two_swords():
    on = melee(inf("confederate", 12, 4, figures=1), {"last_figure": True, "auto_retreat": True})
    attack(on, "u1", 12, 4, ["swords", "swords", "cavalry"])
    assert "u2" not in on.pieces.units
    on = melee(inf("confederate", 12, 4, figures=1), {"last_figure": True})
    ev = attack(on, "u1", 12, 4, ["infantry", "cavalry", "cavalry"])
    assert figures(on, "u2") == 1 and attack_event(ev)["flags"] == 0


def test_a_single_sword_against_the_last_figure_is_a_flag_a_general_may_ignore():
    off = melee(inf("confederate", 12, 4, figures=1))
    attack(off, "u1", 12, 4, ["swords", "cavalry", "cavalry"])
    assert "u2" not in off.pieces.units

    on = melee(inf("confederate", 12, 4, figures=1), {"last_figure": True, "auto_retreat": True})
    ev = attack(on, "u1", 12, 4, ["swords", "cavalry", "cavalry"])
    assert figures(on, "u2") == 1 and "retreated" in types(ev)

    led = melee(inf("confederate", 12, 4, figures=1), {"last_figure": True},
                generals=[G("confederate", 12, 4)])
    ev = attack(led, "u1", 12, 4, ["swords", "cavalry", "cavalry"])
    a = attack_event(ev)
    assert a["flags_ignored"] == ["general in command"] and "retreated" not in types(ev)
    assert led.pieces.units["u2"].hex == led._hex(H(12, 4))


# -- return fire (H2-H4) ------------------------------------------------------------------
def test_a_defender_left_in_place_fires_back_with_one_die_fewer():
    off = melee(inf("confederate", 12, 4))
    ev = attack(off, "u1", 12, 4, ["cavalry"] * 3)
    assert [e["side"] for e in ev if e["type"] == "attack"] == ["union"]

    on = melee(inf("confederate", 12, 4), {"return_fire": True})
    ev = attack(on, "u1", 12, 4, ["cavalry"] * 3 + ["infantry", "infantry"])
    back = attack_event(ev, "confederate")
    assert back["fired_back"] and back["dice"] == 2 and back["melee"]
    assert {"why": "return fire", "dice": -1} in back["modifiers"]
    assert figures(on, "u1") == 2 and on.phase == "battle" and on.active_side == "union"


def test_archie_fires_back_with_its_extra_die():
    on = melee(inf("confederate", 12, 4), {"return_fire": True, "archie": "confederate"})
    ev = attack(on, "u1", 12, 4, ["cavalry"] * 3 + ["cavalry"] * 3)
    back = attack_event(ev, "confederate")
    assert back["dice"] == 3 and {"why": "Archie's extra die", "dice": 1} in back["modifiers"]


def test_no_return_fire_from_a_unit_that_retreats_or_falls():
    on = melee(inf("confederate", 12, 4), {"return_fire": True, "auto_retreat": True})
    ev = attack(on, "u1", 12, 4, ["flag", "cavalry", "cavalry"])
    assert "retreated" in types(ev) and not any(e.get("fired_back") for e in ev)
    on = melee(inf("confederate", 12, 4, figures=1), {"return_fire": True})
    ev = attack(on, "u1", 12, 4, ["infantry", "cavalry", "cavalry"])
    assert "eliminated" in types(ev) and not any(e.get("fired_back") for e in ev)


def test_return_fire_can_push_the_attacker_back_and_is_never_answered():
    on = melee(inf("confederate", 12, 4), {"return_fire": True, "auto_retreat": True})
    ev = attack(on, "u1", 12, 4, ["cavalry"] * 3 + ["flag", "cavalry"])
    assert [e["side"] for e in ev if e["type"] == "attack"] == ["union", "confederate"]
    assert next(e for e in ev if e["type"] == "retreated")["unit"] == "u1"


def test_artillery_answers_one_ranged_attacker_a_turn():
    g = game([inf("union", 12, 6), inf("union", 10, 6), U("confederate", "artillery", 12, 4)],
             options={"return_fire": True})
    to_battle(g, "attack_centre", "u1", "u2")
    ev = attack(g, "u1", 12, 4, ["cavalry", "cavalry"] + ["infantry", "infantry"])
    back = attack_event(ev, "confederate")
    assert back["dice"] == 2 and not back["melee"] and figures(g, "u1") == 2
    ev = attack(g, "u2", 12, 4, ["cavalry", "cavalry"])
    assert not any(e.get("fired_back") for e in ev)
    # infantry does not answer fire from a distance
    g = game([inf("union", 12, 6), inf("confederate", 12, 4)], options={"return_fire": True})
    to_battle(g, "attack_centre", "u1")
    ev = attack(g, "u1", 12, 4, ["cavalry", "cavalry"])
    assert not any(e.get("fired_back") for e in ev)


def test_hit_and_run_cavalry_takes_half_the_return_fire_rounded_down():
    g = game([U("union", "cavalry", 10, 8), inf("confederate", 12, 4)], options={"return_fire": True})
    give(g, "union", "hit_and_run")
    g.apply({"type": "play_card", "card": "hit_and_run", "mode": "tactic"})
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    g.apply({"type": "end_movement"})
    ev = attack(g, "u1", 12, 4, ["artillery"] * 3 + ["cavalry", "cavalry"])
    back = attack_event(ev, "confederate")
    assert back["dice"] == 1 and back["hits"] == 1 and figures(g, "u1") == 2
    assert {"why": "return fire on Hit and Run: half the dice", "dice": -2} in back["modifiers"]


# -- first fire (H6) -------------------------------------------------------------------------
FIRST = {"return_fire": True, "first_fire": True}


def sides_of_attacks(events):
    return [(e["side"], bool(e.get("fired_back"))) for e in events if e["type"] == "attack"]


def test_a_defender_on_a_hill_may_fire_before_its_attacker():
    off = melee(inf("confederate", 12, 4), {"return_fire": True}, terrain=[T("hill", 12, 4)])
    ev = attack(off, "u1", 12, 4, ["cavalry", "cavalry", "infantry", "infantry"])
    assert sides_of_attacks(ev) == [("union", False), ("confederate", True)]

    on = melee(inf("confederate", 12, 4), FIRST, terrain=[T("hill", 12, 4)])
    ev = attack(on, "u1", 12, 4, ["swords", "infantry", "infantry", "cavalry", "cavalry"])
    roll = next(e for e in ev if e["type"] == "first_fire_roll")
    assert roll["succeeded"] and roll["unit"] == "u2"
    # it fires first, and then no more: first fire takes the place of return fire
    assert sides_of_attacks(ev) == [("confederate", True), ("union", False)]
    assert figures(on, "u1") == 2


def test_a_failed_try_leaves_return_fire_and_a_push_back_spends_the_attack():
    on = melee(inf("confederate", 12, 4), FIRST, terrain=[T("hill", 12, 4)])
    ev = attack(on, "u1", 12, 4, ["infantry", "cavalry", "cavalry", "infantry", "infantry"])
    assert not next(e for e in ev if e["type"] == "first_fire_roll")["succeeded"]
    assert sides_of_attacks(ev) == [("union", False), ("confederate", True)]

    on = melee(inf("confederate", 12, 4), {**FIRST, "auto_retreat": True},
               generals=[G("confederate", 12, 4)])
    ev = attack(on, "u1", 12, 4, ["flag", "flag", "cavalry", "cavalry"])
    assert sides_of_attacks(ev) == [("confederate", True)]
    assert next(e for e in ev if e["type"] == "retreated")["unit"] == "u1"
    assert "u1" in on.current.attacked and on.phase == "battle"


def test_only_hills_works_generals_and_charges_give_first_fire():
    on = melee(inf("confederate", 12, 4), FIRST)
    ev = attack(on, "u1", 12, 4, ["cavalry"] * 3 + ["cavalry"] * 2)
    assert "first_fire_roll" not in types(ev)
    g = game([U("union", "cavalry", 10, 8), inf("confederate", 12, 4)], options=FIRST)
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    g.apply({"type": "end_movement"})
    ev = attack(g, "u1", 12, 4, ["artillery"] + ["cavalry"] * 3 + ["cavalry"] * 2)
    assert "first_fire_roll" in types(ev)


def test_first_fire_needs_return_fire_and_says_so():
    with pytest.raises(OptionError, match="House rule: first fire needs House rule: return fire"):
        game([inf("union", 11, 5), inf("confederate", 12, 4)], options={"first_fire": True})


# -- the cavalry charge (H7) ------------------------------------------------------------------
def charge_from(start, options):
    g = game([U("union", "cavalry", *start), inf("confederate", 12, 4)], options=options)
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    g.apply({"type": "end_movement"})
    return g


@pytest.mark.parametrize("start", [(10, 8), (10, 6)])
def test_cavalry_moving_into_contact_charges_with_five_dice(start):
    assert charge_from(start, None).attack_preview(H(11, 5), H(12, 4))["dice"] == 3
    prev = charge_from(start, {"cavalry_charge": True}).attack_preview(H(11, 5), H(12, 4))
    assert prev["dice"] == 5 and {"why": "cavalry charge", "dice": 2} in prev["modifiers"]


def test_cavalry_that_starts_in_contact_does_not_charge_and_first_fire_comes_first():
    g = game([U("union", "cavalry", 11, 5), inf("confederate", 12, 4)],
             options={"cavalry_charge": True})
    to_battle(g, "attack_centre")
    assert g.attack_preview(H(11, 5), H(12, 4))["dice"] == 3

    g = charge_from((10, 8), {"cavalry_charge": True, **FIRST})
    ev = attack(g, "u1", 12, 4, ["infantry"] + ["artillery"] * 5 + ["artillery"] * 2)
    assert "first_fire_roll" in types(ev) and attack_event(ev)["dice"] == 5


# -- risk to the general (H8) ------------------------------------------------------------
RISK = {"risk_to_general": True, "auto_retreat": True}


def led(options=None, figures=4):
    return melee(inf("confederate", 12, 4, figures=figures), options,
                 generals=[G("confederate", 12, 4), G("confederate", 24, 0, "Reserve")])


def test_a_general_whose_unit_loses_a_figure_may_fall_and_his_unit_then_falls_back():
    off = led({"auto_retreat": True})
    ev = attack(off, "u1", 12, 4, ["infantry", "cavalry", "cavalry", "swords", "swords"])
    assert "general_risk" not in types(ev) and "g1" in off.pieces.generals

    on = led(RISK)
    ev = attack(on, "u1", 12, 4, ["infantry", "cavalry", "cavalry", "swords", "swords"])
    risk = next(e for e in ev if e["type"] == "general_risk")
    assert risk["killed"] and risk["dice"] == 2 and "g1" not in on.pieces.generals
    a = attack_event(ev)
    assert a["flags_added"] == ["general fell"] and a["flags_ignored"] == []
    assert "retreated" in types(ev)
    assert any(c["kind"] == "general" for c in on.score.captured["union"])


def test_two_flags_put_him_at_risk_one_does_not_and_a_mixed_pair_spares_him():
    on = led(RISK)
    ev = attack(on, "u1", 12, 4, ["flag", "cavalry", "cavalry"])
    assert "general_risk" not in types(ev)
    on = led(RISK)
    ev = attack(on, "u1", 12, 4, ["flag", "flag", "cavalry", "flag", "swords"])
    risk = next(e for e in ev if e["type"] == "general_risk")
    assert not risk["killed"] and "g1" in on.pieces.generals
    assert attack_event(ev)["flags_ignored"] == ["general in command"]


def test_a_general_whose_unit_is_destroyed_risks_one_die_not_the_free_attack():
    off = led(None, figures=1)
    ev = attack(off, "u1", 12, 4, ["infantry", "cavalry", "cavalry", "cavalry"] + ["artillery"] * 2)
    assert next(e for e in ev if e["type"] == "general_attacked")["dice"] == 3
    assert "g1" not in off.pieces.generals          # cavalry in melee kills him
    on = led(RISK, figures=1)
    ev = attack(on, "u1", 12, 4, ["infantry", "cavalry", "cavalry", "cavalry"])
    risk = next(e for e in ev if e["type"] == "general_risk")
    assert risk["dice"] == 1 and not risk["killed"] and "g1" in on.pieces.generals


def test_a_general_leaving_contact_with_his_unit_is_at_risk():
    g = game([inf("union", 10, 6), U("confederate", "cavalry", 12, 4)],
             [G("confederate", 12, 4), G("confederate", 24, 0, "Reserve")],
             options={"risk_to_general": True})
    to_battle_move(g, "u1", H(11, 5))
    attack(g, "u1", 12, 4, [])
    assert g.phase == "withdraw"
    ev = g.apply({"type": "withdraw", "unit": "u2", "to": g.legal_actions()[0]["to"]},
                 rolls=["flag", "flag"])
    assert next(e for e in ev if e["type"] == "general_risk")["killed"]
    assert "g1" not in g.pieces.generals and "withdrew" in types(ev)


def test_a_lone_general_an_enemy_moves_next_to_may_slip_away_to_his_nearest_unit():
    units = [inf("union", 10, 6), inf("confederate", 20, 0), inf("confederate", 0, 0)]
    off = game(units, [G("confederate", 12, 4)])
    order(off, "attack_centre", "u1")
    off.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    assert off.phase == "move"

    on = game(units, [G("confederate", 12, 4)], options={"risk_to_general": True})
    order(on, "attack_centre", "u1")
    on.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    assert on.phase == "general_retreat" and on.active_side == "confederate"
    assert {(a["to"]["col"], a["to"]["row"]) for a in on.legal_actions()} == {(12, 4), (20, 0)}
    on.apply({"type": "general_retreat", "general": "g1", "to": H(20, 0)})
    assert on.pieces.generals["g1"].hex == on._hex(H(20, 0)) and on.phase == "move"


def to_battle_move(g, uid, to):
    order(g, "attack_centre", uid)
    g.apply({"type": "move", "unit": uid, "to": to})
    g.apply({"type": "end_movement"})


# -- withdrawal fire (H9) ---------------------------------------------------------------------
def hit_and_run_in_contact(options, cavalry=((10, 8, 11, 5),)):
    """Union cavalry charge next to confederate infantry at (12,4) under Hit and Run, miss,
    and reach the second move."""
    units = [U("union", "cavalry", c, r) for c, r, _, _ in cavalry] + [inf("confederate", 12, 4)]
    g = game(units, options=options)
    give(g, "union", "hit_and_run")
    g.apply({"type": "play_card", "card": "hit_and_run", "mode": "tactic"})
    for i, (_, _, c, r) in enumerate(cavalry, 1):
        g.apply({"type": "move", "unit": f"u{i}", "to": H(c, r)})
    g.apply({"type": "end_movement"})
    for i in range(1, len(cavalry) + 1):
        attack(g, f"u{i}", 12, 4, ["artillery"] * 3)
        g.apply({"type": "decline"})
    g.apply({"type": "end_turn"})
    assert g.phase == "move_again"
    return g


def test_a_unit_leaving_contact_takes_a_parting_shot_where_swords_are_flags():
    off = hit_and_run_in_contact({"auto_retreat": True})
    ev = off.apply({"type": "move", "unit": "u1", "to": H(11, 7)}, rolls=["swords", "cavalry"])
    assert "attack" not in types(ev)

    on = hit_and_run_in_contact({"withdrawal_fire": True, "auto_retreat": True})
    ev = on.apply({"type": "move", "unit": "u1", "to": H(11, 7)}, rolls=["swords", "cavalry"])
    shot = attack_event(ev, "confederate")
    assert shot["parting_shot"] and shot["dice"] == 2 and shot["hits"] == 1 and shot["flags"] == 1
    assert figures(on, "u1") == 2 and "retreated" in types(ev)


def test_each_enemy_fires_at_one_withdrawal_a_turn_and_cover_costs_a_die():
    on = hit_and_run_in_contact({"withdrawal_fire": True},
                                cavalry=((10, 8, 11, 5), (14, 8, 13, 5)))
    ev = on.apply({"type": "move", "unit": "u1", "to": H(11, 7)}, rolls=["artillery"] * 2)
    assert attack_event(ev, "confederate")["dice"] == 2
    ev = on.apply({"type": "move", "unit": "u2", "to": H(13, 7)})
    assert "attack" not in types(ev)

    g = game([U("union", "cavalry", 11, 5), inf("confederate", 12, 4)],
             terrain=[T("woods", 11, 5)], options={"withdrawal_fire": True})
    cav = g.pieces.units["u1"]
    assert [(e.id, dice) for e, dice in firers(g, cav, cav.hex)] == [("u2", 1)]


# -- following up (H11) -------------------------------------------------------------------------
def test_an_enemy_may_step_into_the_hex_a_withdrawing_unit_left():
    off = hit_and_run_in_contact(None)
    off.apply({"type": "move", "unit": "u1", "to": H(11, 7)})
    assert off.phase == "move_again"

    on = hit_and_run_in_contact({"following_up": True})
    on.apply({"type": "move", "unit": "u1", "to": H(11, 7)})
    assert on.phase == "take_ground" and on.active_side == "confederate"
    ev = on.apply({"type": "take_ground", "unit": "u2"})
    assert "took_ground" in types(ev) and on.pieces.units["u2"].hex == on._hex(H(11, 5))
    assert on.phase == "move_again" and on.active_side == "union"


def test_a_unit_still_in_contact_with_another_enemy_may_not_follow_up():
    on = hit_and_run_in_contact({"following_up": True}, cavalry=((10, 8, 11, 5), (14, 8, 13, 5)))
    on.apply({"type": "move", "unit": "u1", "to": H(11, 7)})
    assert on.phase == "move_again"          # u3 still touches the cavalry at (13,5)
    on.apply({"type": "move", "unit": "u2", "to": H(13, 7)})
    assert on.phase == "take_ground"
    on.apply({"type": "hold_ground", "unit": "u3"})
    assert on.pieces.units["u3"].hex == on._hex(H(12, 4)) and on.phase == "move_again"


# -- generals in retreat (H10) -----------------------------------------------------------------
def pushed_onto_a_lone_general(options):
    """Union artillery pushes the commanded confederate unit at (12,4) back one hex; its only
    rear hexes hold a friend (11,3) and a lone general (13,3)."""
    g = game([U("union", "artillery", 10, 6), inf("confederate", 12, 4), inf("confederate", 11, 3)],
             [G("confederate", 12, 4), G("confederate", 13, 3, "Lone")], options=options)
    to_battle(g, "attack_centre", "u1")
    return g, attack(g, "u1", 12, 4, ["flag", "flag", "cavalry"])


def test_a_lone_general_steps_aside_for_a_retreating_commanded_unit():
    off, ev = pushed_onto_a_lone_general(None)
    r = next(e for e in ev if e["type"] == "retreated")
    assert r["from"] == r["to"] and r["figures_lost"] == 1

    on, ev = pushed_onto_a_lone_general({"generals_in_retreat": True})
    assert on.phase == "general_retreat" and on.active_side == "confederate"
    assert {(a["to"]["col"], a["to"]["row"]) for a in on.legal_actions()} == {
        (15, 3), (14, 2), (12, 2), (11, 3)}      # never toward the enemy, never onto a general
    ev = on.apply({"type": "general_retreat", "general": "g2", "to": H(15, 3)})
    assert on.pieces.generals["g2"].hex == on._hex(H(15, 3))
    assert on.pieces.units["u2"].hex == on._hex(H(13, 3)) and on.pieces.units["u2"].figures == 4
    assert on.pieces.generals["g1"].hex == on._hex(H(13, 3)) and on.phase == "battle"


# -- holding your ground (H5) -------------------------------------------------------------
def test_hill_and_fieldworks_hold_one_flag_not_two():
    terrain = [T("hill", 12, 4), T("fieldwork", 12, 4, ["SW"])]
    off = melee(inf("confederate", 12, 4), terrain=terrain)
    ev = attack(off, "u1", 12, 4, ["flag", "flag"])
    assert len(attack_event(ev)["flags_ignored"]) == 2 and "retreated" not in types(ev)

    on = melee(inf("confederate", 12, 4), {"holding_ground": True, "auto_retreat": True},
               terrain=terrain)
    ev = attack(on, "u1", 12, 4, ["flag", "flag"])
    assert attack_event(ev)["flags_ignored"] == ["on a hill"] and "retreated" in types(ev)


def test_a_general_adds_to_the_position_and_support_counts_as_one():
    on = melee(inf("confederate", 12, 4), {"holding_ground": True}, terrain=[T("hill", 12, 4)],
               generals=[G("confederate", 12, 4)])
    ev = attack(on, "u1", 12, 4, ["flag", "flag", "cavalry"])
    assert attack_event(ev)["flags_ignored"] == ["general in command", "on a hill"]

    behind = [inf("confederate", 13, 3)]       # touches no union piece
    off = melee(inf("confederate", 12, 4), {"auto_retreat": True}, others=behind)
    ev = attack(off, "u1", 12, 4, ["flag", "cavalry", "cavalry"])
    assert "retreated" in types(ev)
    on = melee(inf("confederate", 12, 4), {"holding_ground": True}, others=behind)
    ev = attack(on, "u1", 12, 4, ["flag", "cavalry", "cavalry"])
    assert attack_event(ev)["flags_ignored"] == ["supported"] and "retreated" not in types(ev)
    # a friend that is itself in contact gives no support
    front = [inf("confederate", 10, 4)]       # next to the union unit at (11,5)
    on = melee(inf("confederate", 12, 4), {"holding_ground": True, "auto_retreat": True},
               others=front)
    ev = attack(on, "u1", 12, 4, ["flag", "cavalry", "cavalry"])
    assert "retreated" in types(ev)


# -- declarations, combinations, and whole games --------------------------------------------
def test_the_house_rules_are_declared_unrated_and_named_in_words():
    declared = {o.name: o for o in RULESETS["advanced"].options}
    for name in HOUSE:
        assert not declared[name].rated and declared[name].public
        assert declared[name].label.startswith("House rule")
    assert not any(o.name in HOUSE for o in RULESETS["standard"].options)
    with pytest.raises(OptionError, match="unknown option 'last_figure'"):
        Game.new(shipped("fredericksburg"), ruleset="standard", options={"last_figure": True})


@pytest.mark.parametrize("slug", ["fredericksburg", "shiloh", "gettysburg-devils-den", "chickamauga-double"])
def test_random_games_under_every_house_rule_end_and_the_search_path_agrees(slug):
    rng = random.Random(slug)
    options = dict.fromkeys(HOUSE, True)
    checked = Game.new(shipped(slug), seed=3, options=options)
    searched = checked.copy()
    seen = set()
    for _ in range(3000):
        if checked.outcome:
            break
        action = searched.sample_action(rng)
        events = checked.apply(action)
        seen.update(k for e in events for k in ("fired_back", "flags_added") if e.get(k))
        searched.apply_unchecked(action)
    assert checked.outcome is not None
    assert searched.to_dict() == checked.to_dict()
    assert Game.from_dict(checked.to_dict()).to_dict() == checked.to_dict()
    assert "fired_back" in seen
