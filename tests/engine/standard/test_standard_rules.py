"""The standard ruleset (seed 004), rule by rule from hand-built positions.
docs/rulings.md, section "Standard ruleset (seed 004)", numbers S1..S11."""
import pytest

from games.engine import Game, IllegalAction
from games.engine.battlecry.standard.combat import facing
from tests.engine.standard.helpers import (G, H, T, art, attack, cav, give, inf, play, std,
                                           to_battle)


def types(g):
    return sorted({a["type"] for a in g.legal_actions()})


# -- S1 victory ------------------------------------------------------------------------------
def test_six_flags_win_whatever_the_scenario_asks():
    g = std([inf("union", 10, 6), inf("confederate", 11, 5, figures=1),
             inf("confederate", 20, 2)], flags=4)
    g.captured["union"] = [{"kind": "infantry", "id": f"x{i}"} for i in range(4)]
    to_battle(g, "std_skirmish_centre")
    assert g.outcome is None                    # 4 flags: the Advanced rules would have ended it
    g.captured["union"].append({"kind": "infantry", "id": "x5"})
    attack(g, "u1", 11, 5, ["infantry", "artillery", "artillery", "artillery"])
    assert g.outcome == {"winner": "union", "reason": "flags",
                         "flags": {"union": 6, "confederate": 0}}


def test_a_scenario_may_declare_its_own_standard_flag_count():
    g = std([inf("union", 10, 6), inf("confederate", 11, 5, figures=1)])
    g.scenario.data["standard_flags"] = {"union": 1, "confederate": 1}
    to_battle(g, "std_skirmish_centre")
    attack(g, "u1", 11, 5, ["infantry", "artillery", "artillery", "artillery"])
    assert g.outcome["winner"] == "union"


# -- S2 the turn ------------------------------------------------------------------------------
def test_a_turn_is_card_order_move_battle_draw_and_the_hand_stays_at_the_scenario_number():
    g = std([inf("union", 10, 6), inf("confederate", 12, 0)], cards=4)
    assert len(g.hands["union"]) == len(g.hands["confederate"]) == 4
    play(g, "std_skirmish_centre")
    assert g.phase == "move" and g.view("union")["units"][0]["ordered"]
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    g.apply({"type": "end_movement"})
    assert g.phase == "battle"
    g.apply({"type": "end_turn"})
    assert g.active == "confederate" and g.turn == 2 and g.phase == "play_card"
    assert len(g.hands["union"]) == 4 and g.discards == ["std_skirmish_centre"]


def test_with_no_playable_card_the_player_discards_one_and_the_turn_ends():
    g = std([inf("union", 10, 6), inf("confederate", 12, 0)], cards=2)
    hand = ["std_bombard", "std_hit_and_run"]         # no artillery, no cavalry
    for c in hand:
        g.deck.remove(c)
    g.deck.extend(g.hands["union"])
    g.hands["union"] = list(hand)
    assert g.legal_actions() == [{"type": "discard_card", "card": c} for c in hand]
    with pytest.raises(IllegalAction):
        g.apply({"type": "play_card", "card": "std_bombard"})
    g.apply({"type": "discard_card", "card": "std_bombard"})
    assert g.active == "confederate" and len(g.hands["union"]) == 2
    assert "std_bombard" in g.discards


def test_a_discard_is_refused_while_a_card_can_be_played():
    g = std([inf("union", 10, 6), inf("confederate", 12, 0)])
    give(g, "union", "std_skirmish_centre")
    with pytest.raises(IllegalAction, match="only when none"):
        g.apply({"type": "discard_card", "card": "std_skirmish_centre"})


# -- S3 the deck ------------------------------------------------------------------------------
def test_one_shared_deck_of_the_cards_seed_004_names():
    from games.engine.battlecry.standard.cards import CARDS, COUNTS
    g = std([inf("union", 10, 6), inf("confederate", 12, 0)], cards=5)
    everything = g.deck + g.hands["union"] + g.hands["confederate"]
    assert len(everything) == len(set(everything)) == sum(COUNTS.values()) == 49
    names = {c.name.rsplit(" ", 2)[0] if c.section else c.name for c in CARDS.values()}
    assert {"Skirmish", "Probe", "Attack", "Assault", "All-Out Offensive", "Coordinated Attack",
            "Bombard", "Leadership", "Call for Reinforcements", "Rally", "Counter-Attack",
            "Force March", "Hit and Run", "Sharp Shooter", "Short of Supplies"} <= {
        n.replace(" Left", "").replace(" Right", "").replace(" Flank", "") for n in names}


def test_probe_orders_two_units_of_the_player_choosing_in_its_section():
    g = std([inf("union", 10, 6), inf("union", 12, 6), inf("union", 14, 6), inf("union", 2, 6),
             inf("confederate", 12, 0)])
    play(g, "std_probe_centre")
    assert {a.get("unit") for a in g.legal_actions()} == {"u1", "u2", "u3", None}
    g.apply({"type": "order", "unit": "u1"})
    g.apply({"type": "order", "unit": "u3"})
    assert g.phase == "move" and g.current.ordered == ["u1", "u3"]


def test_assault_orders_every_unit_of_the_section_and_nothing_else():
    g = std([inf("union", 10, 6), inf("union", 12, 6), inf("union", 14, 6), inf("union", 2, 6),
             inf("union", 16, 6), inf("confederate", 12, 0)])
    play(g, "std_assault_centre")
    assert g.phase == "move" and sorted(g.current.ordered) == ["u1", "u2", "u3", "u5"]


def test_coordinated_attack_orders_one_piece_per_section():
    g = std([inf("union", 2, 6), inf("union", 10, 6), inf("union", 12, 6), inf("union", 22, 6),
             inf("confederate", 12, 0)])
    play(g, "std_coordinated_attack")
    g.apply({"type": "order", "unit": "u2"})
    assert {a.get("unit") for a in g.legal_actions()} == {"u1", "u4", None}


def test_all_out_offensive_orders_every_unit_and_general():
    g = std([inf("union", 2, 6), inf("union", 12, 6), cav("union", 22, 6),
             inf("confederate", 12, 0)], [G("union", 16, 6)])
    play(g, "std_all_out_offensive")
    assert sorted(g.current.ordered) == ["u1", "u2", "u3"] and g.current.gen_ordered == ["g1"]


def test_bombard_lets_each_gun_battle_twice_or_move():
    g = std([art("union", 10, 6), inf("union", 12, 6), inf("confederate", 10, 2, figures=4)])
    to_battle(g, "std_bombard")
    assert g.current.ordered == ["u1"]
    attack(g, "u1", 10, 2, ["artillery"] * 2)
    attack(g, "u1", 10, 2, ["infantry", "artillery"])
    assert g.units["u3"].figures == 3 and types(g) == ["end_turn"]


def test_leadership_orders_generals_and_the_units_they_are_with():
    g = std([inf("union", 10, 6), inf("union", 14, 6), inf("confederate", 12, 0)],
            [G("union", 10, 6)])
    play(g, "std_leadership")
    assert g.current.ordered == ["u1"] and g.current.gen_ordered == ["g1"]


def test_call_for_reinforcements_places_a_new_unit_on_the_baseline_that_does_not_act():
    g = std([inf("union", 10, 6), inf("confederate", 12, 0)])
    play(g, "std_call_for_reinforcements", kind="cavalry", to=H(12, 8))
    new = g.units[g.pieces.unit_at[i(g, 12, 8)]]
    assert new.kind == "cavalry" and new.figures == 3 and new.id not in g.current.ordered
    assert g.phase == "move" and [a["type"] for a in g.legal_actions()] == ["end_movement"]


def test_rally_rolls_a_die_per_card_held_and_gives_back_figures_on_the_units_symbol():
    g = std([inf("union", 10, 6, figures=1), inf("confederate", 12, 0)], cards=3)
    g.status["u1"] = "spent"
    play(g, "std_rally", unit="u1", rolls=["infantry", "flag", "infantry"])
    assert g.units["u1"].figures == 3 and "u1" not in g.status


def test_counter_attack_copies_the_opponents_last_card_on_the_other_flank():
    g = std([inf("union", 2, 6), inf("union", 22, 6), inf("confederate", 12, 0)])
    g.last_card["confederate"] = "std_skirmish_left"
    play(g, "std_counter_attack")
    assert g.current.effect == "std_skirmish_right" and g.current.ordered == ["u2"]


def test_counter_attack_with_nothing_to_copy_cannot_be_played():
    g = std([inf("union", 2, 6), inf("confederate", 12, 0)])
    give(g, "union", "std_counter_attack")
    assert {"type": "play_card", "card": "std_counter_attack"} not in g.legal_actions()


def test_force_march_moves_infantry_three_hexes_and_forbids_battle():
    g = std([inf("union", 10, 6), inf("confederate", 10, 2)])
    play(g, "std_force_march", section="centre")
    far = {(a["to"]["col"], a["to"]["row"]) for a in g.legal_actions() if a["type"] == "move"}
    assert (11, 3) in far and len(far) > 6
    g.apply({"type": "move", "unit": "u1", "to": H(11, 3)})
    g.apply({"type": "end_movement"})
    assert types(g) == ["end_turn"]


def test_hit_and_run_cavalry_suffers_no_battle_back():
    g = std([cav("union", 10, 6), inf("confederate", 11, 5)])
    to_battle(g, "std_hit_and_run")
    attack(g, "u1", 11, 5, ["artillery"] * 3)
    assert g.phase == "battle"               # no battle-back offered


def test_sharp_shooter_picks_off_a_general_on_crossed_sabres():
    g = std([inf("union", 10, 6), inf("confederate", 12, 2)], [G("confederate", 12, 2)])
    to_battle(g, "std_sharp_shooter")
    assert {"type": "shoot_general", "unit": "u1", "general": "g1"} in g.legal_actions()
    g.apply({"type": "shoot_general", "unit": "u1", "general": "g1"},
            rolls=["swords", "flag", "flag", "flag", "flag", "flag", "flag"])
    assert "g1" not in g.generals and g.flags("union") == 1


def test_short_of_supplies_keeps_an_enemy_unit_from_being_ordered_in_its_next_turn():
    g = std([inf("union", 10, 6), inf("confederate", 12, 0), inf("confederate", 2, 2)])
    play(g, "std_short_of_supplies", unit="u2")
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"})
    give(g, "confederate", "std_assault_centre")
    assert {"type": "play_card", "card": "std_assault_centre"} not in g.legal_actions()
    g.apply(next(a for a in g.legal_actions() if a["type"] in ("play_card", "discard_card")))
    while g.active == "confederate":
        g.apply(next(a for a in g.legal_actions() if a["type"] in (
            "confirm_orders", "end_movement", "end_turn", "retreat", "stand", "decline",
            "hold_ground")))
    g.apply(g.legal_actions()[0])
    while g.active == "union":
        g.apply(next(a for a in g.legal_actions() if a["type"] in (
            "confirm_orders", "end_movement", "end_turn", "discard_card")))
    give(g, "confederate", "std_assault_centre")
    assert {"type": "play_card", "card": "std_assault_centre"} in g.legal_actions()


# -- S4 units -----------------------------------------------------------------------------------
def dice(g, frm, to):
    return g.attack_preview(H(*frm), H(*to))["dice"]


def test_infantry_rolls_four_dice_less_one_per_hex_out_to_four_hexes():
    for (col, row), expect in (((13, 7), 4), ((12, 6), 3), ((13, 5), 2), ((12, 4), 1)):
        g = std([inf("union", 12, 8), inf("confederate", col, row)])
        to_battle(g, "std_skirmish_centre")
        assert dice(g, (12, 8), (col, row)) == expect
        assert [a for a in g.legal_actions() if a["type"] == "attack"]
    g = std([inf("union", 12, 8), inf("confederate", 13, 3)])
    to_battle(g, "std_skirmish_centre")
    assert types(g) == ["end_turn"]            # 5 hexes: out of range


def test_artillery_rolls_five_dice_out_to_five_hexes_and_six_from_a_hill():
    g = std([art("union", 12, 8), inf("confederate", 13, 3)])
    to_battle(g, "std_skirmish_centre")
    assert dice(g, (12, 8), (13, 3)) == 1 and "attack" in types(g)
    g = std([art("union", 12, 8), inf("confederate", 12, 2)])
    to_battle(g, "std_skirmish_centre")
    assert types(g) == ["end_turn"]
    g = std([art("union", 12, 8), inf("confederate", 12, 2)], terrain=[T("hill", 12, 8)])
    to_battle(g, "std_skirmish_centre")
    assert "attack" in types(g) and dice(g, (12, 8), (12, 2)) == 1
    g = std([art("union", 12, 8), inf("confederate", 13, 7)])
    assert dice(g, (12, 8), (13, 7)) == 5


def test_cavalry_melees_with_three_dice_and_fires_dismounted_at_two_only_if_it_did_not_move():
    g = std([cav("union", 12, 8), inf("confederate", 12, 6)])
    to_battle(g, "std_skirmish_centre")
    assert dice(g, (12, 8), (12, 6)) == 2 and "attack" in types(g)
    g = std([cav("union", 12, 8), inf("confederate", 12, 4)])
    to_battle(g, "std_skirmish_centre", moves=[("u1", H(12, 6))])
    assert types(g) == ["end_turn"]
    g = std([cav("union", 12, 8), inf("confederate", 12, 4)])
    to_battle(g, "std_skirmish_centre", moves=[("u1", H(11, 5))])
    assert dice(g, (11, 5), (12, 4)) == 3 and "attack" in types(g)


def test_an_attached_general_adds_a_die():
    g = std([inf("union", 12, 8), inf("confederate", 12, 6)], [G("union", 12, 8)])
    assert dice(g, (12, 8), (12, 6)) == 4


def test_artillery_that_moves_does_not_battle():
    g = std([art("union", 12, 8), inf("confederate", 12, 4)])
    to_battle(g, "std_skirmish_centre", moves=[("u1", H(11, 7))])
    assert types(g) == ["end_turn"]


# -- S5 terrain and sight ------------------------------------------------------------------------
def destinations(g, uid):
    return {(a["to"]["col"], a["to"]["row"]) for a in g.legal_actions()
            if a["type"] == "move" and a["unit"] == uid}


def test_woods_stop_a_move_and_waterways_close_it():
    g = std([cav("union", 12, 6), inf("confederate", 12, 0)],
            terrain=[T("woods", 11, 5), T("river", 13, 5), T("river", 14, 6)])
    play(g, "std_skirmish_centre")
    reach = destinations(g, "u1")
    assert (11, 5) in reach and (13, 5) not in reach and (14, 6) not in reach
    assert (10, 4) in reach                   # around, not through, the woods
    g2 = std([cav("union", 12, 6), inf("confederate", 12, 0)],
             terrain=[T("woods", 11, 5), T("woods", 13, 5), T("woods", 10, 6), T("woods", 14, 6)])
    play(g2, "std_skirmish_centre")
    assert (12, 4) not in destinations(g2, "u1")


def test_buildings_cost_an_attacker_two_dice():
    g = std([inf("union", 12, 8), inf("confederate", 12, 6)], terrain=[T("town", 12, 6)])
    assert dice(g, (12, 8), (12, 6)) == 1


def test_fieldworks_cost_two_dice_in_front_and_give_two_from_the_rear():
    g = std([inf("union", 11, 5), inf("union", 13, 3), inf("confederate", 12, 4)],
            terrain=[T("fieldwork", 12, 4, ["SW", "SE"])])
    assert dice(g, (11, 5), (12, 4)) == 4 - 2          # across its protected side
    assert dice(g, (13, 3), (12, 4)) == 4 + 2          # from its rear (toward its baseline)


def test_a_fence_costs_one_die_across_it_and_steadies_the_unit_behind_it():
    from games.engine.battlecry.standard.morale import morale
    g = std([inf("union", 12, 8), inf("confederate", 12, 6), inf("confederate", 20, 6)],
            terrain=[T("fence", 12, 6, ["SW", "SE"])])
    assert dice(g, (12, 8), (12, 6)) == 3 - 1
    assert morale(g, g.units["u2"])[0] == 4 and morale(g, g.units["u3"])[0] == 3


def test_sight_is_blocked_by_units_and_by_generals_but_not_for_artillery_on_a_hill():
    g = std([inf("union", 12, 8), inf("union", 12, 6), inf("confederate", 12, 4)])
    to_battle(g, "std_skirmish_centre", "u1")
    assert not [a for a in g.legal_actions() if a["type"] == "attack"]
    g = std([inf("union", 12, 8), inf("confederate", 12, 4)], [G("union", 12, 6)])
    to_battle(g, "std_skirmish_centre", "u1")
    assert not [a for a in g.legal_actions() if a["type"] == "attack"]
    g = std([art("union", 12, 8), inf("union", 12, 6), inf("confederate", 12, 4)],
            terrain=[T("hill", 12, 8)])
    to_battle(g, "std_skirmish_centre", "u1")
    assert [a for a in g.legal_actions() if a["type"] == "attack"]


def test_a_hill_between_never_blocks_artillery_sight_but_blocks_other_units():
    """L50: a hill "does not block LOS for artillery", whether or not the gun is on a hill."""
    g = std([art("union", 12, 8), inf("confederate", 12, 4)], terrain=[T("hill", 12, 6)])
    to_battle(g, "std_skirmish_centre", "u1")
    assert [a for a in g.legal_actions() if a["type"] == "attack"]
    g = std([inf("union", 12, 8), inf("confederate", 12, 4)], terrain=[T("hill", 12, 6)])
    to_battle(g, "std_skirmish_centre", "u1")
    assert not [a for a in g.legal_actions() if a["type"] == "attack"]
    g = std([art("union", 12, 8), inf("union", 12, 6), inf("confederate", 12, 4)],
            terrain=[T("hill", 12, 6)])               # a unit on the hill still blocks
    to_battle(g, "std_skirmish_centre", "u1")
    assert not [a for a in g.legal_actions() if a["type"] == "attack"]
    g = std([art("union", 12, 8), inf("confederate", 12, 4)], terrain=[T("woods", 12, 6)])
    to_battle(g, "std_skirmish_centre", "u1")
    assert not [a for a in g.legal_actions() if a["type"] == "attack"]


# -- S6 morale -----------------------------------------------------------------------------------
def test_a_flag_calls_for_a_morale_check_and_a_pass_holds_the_ground():
    g = std([inf("union", 10, 6), inf("confederate", 11, 5)])
    to_battle(g, "std_skirmish_centre")
    events = attack(g, "u1", 11, 5, ["flag", "artillery", "artillery", "artillery",
                                     "artillery", "cavalry", "infantry"])
    check = next(e for e in events if e["type"] == "morale_check")
    assert check["dice"] == 3 and check["passed"]
    assert g.pieces.unit_at[i(g, 11, 5)] == "u2"
    assert "u2" not in g.status and g.phase == "battle_back"


def test_a_failed_check_leaves_the_unit_spent_and_retreating_a_hex_per_flag():
    g = std([inf("union", 10, 6), inf("confederate", 11, 5)])
    to_battle(g, "std_skirmish_centre")
    attack(g, "u1", 11, 5, ["flag", "artillery", "artillery", "artillery",
                            "flag", "artillery", "cavalry"])
    assert g.status["u2"] == "spent" and g.phase == "retreat"
    g.apply({"type": "retreat", "to": H(10, 4)})
    assert g.pieces.unit_at[i(g, 10, 4)] == "u2"
    assert g.phase == "breakthrough"


def test_a_spent_unit_that_takes_a_flag_is_routed_without_a_check():
    g = std([inf("union", 10, 6), inf("confederate", 11, 5)])
    g.status["u2"] = "spent"
    to_battle(g, "std_skirmish_centre")
    events = attack(g, "u1", 11, 5, ["flag", "artillery", "artillery", "artillery"])
    assert not [e for e in events if e["type"] == "morale_check"]
    assert g.status["u2"] == "routed" and g.phase == "retreat"


def test_morale_modifiers_add_up():
    from games.engine.battlecry.standard.morale import morale
    g = std([inf("confederate", 12, 4, figures=3, special="elite"), inf("confederate", 10, 4),
             inf("confederate", 14, 4), inf("union", 12, 8)], [G("confederate", 13, 3)])
    level, mods = morale(g, g.units["u1"], flags=2, flank=True)
    assert level == 3 + 1 + 1 + 1 - 1 - 1 - 1
    assert {m["why"] for m in mods} >= {"elite", "supported", "flank attack"}


def test_a_check_passes_on_the_units_own_symbol_or_sabres_only():
    from games.engine.battlecry.standard.morale import passes
    assert passes("infantry", ["flag", "infantry"]) and passes("cavalry", ["swords"])
    assert not passes("cavalry", ["infantry", "artillery", "flag"])


def test_a_routed_unit_that_is_ordered_retreats_first_then_is_spent():
    g = std([inf("union", 10, 6), inf("confederate", 12, 0)])
    g.status["u1"] = "routed"
    play(g, "std_skirmish_centre")
    assert g.phase == "retreat" and g.active_side == "union"
    g.apply({"type": "retreat", "to": H(11, 7)})
    assert g.status["u1"] == "spent" and g.phase == "move"


def test_units_next_to_a_fallen_general_check_morale():
    g = std([inf("union", 10, 6), inf("confederate", 13, 5)], [G("confederate", 11, 5)])
    to_battle(g, "std_skirmish_centre")
    attack(g, "u1", 11, 5, [])
    assert g.phase == "evade"
    events = g.apply({"type": "stand"}, rolls=["swords", "artillery", "artillery", "artillery",
                                               "flag", "flag", "cavalry"])
    assert "g1" not in g.generals and g.flags("union") == 1
    check = next(e for e in events if e["type"] == "morale_check")
    assert check["unit"] == "u2" and not check["passed"] and g.status["u2"] == "spent"


# -- S7 battle-back ------------------------------------------------------------------------------
def test_a_defender_that_holds_may_battle_back_after_passing_morale():
    g = std([inf("union", 10, 6), inf("confederate", 11, 5)])
    to_battle(g, "std_skirmish_centre")
    attack(g, "u1", 11, 5, ["artillery"] * 4)
    assert g.phase == "battle_back" and g.active_side == "confederate"
    events = g.apply({"type": "battle_back"}, rolls=["infantry", "flag", "flag",
                                                     "infantry", "artillery", "artillery", "artillery"])
    assert [e["type"] for e in events][:2] == ["morale_check", "attack"]
    assert g.units["u1"].figures == 3 and g.phase == "battle"     # no battle-back to a battle-back


def test_a_defender_failing_morale_does_not_battle_back():
    g = std([inf("union", 10, 6), inf("confederate", 11, 5)])
    to_battle(g, "std_skirmish_centre")
    attack(g, "u1", 11, 5, ["artillery"] * 4)
    events = g.apply({"type": "battle_back"}, rolls=["flag", "flag", "artillery"])
    assert [e["type"] for e in events] == ["morale_check"] and g.units["u1"].figures == 4


def test_no_battle_back_after_a_flank_attack():
    g = std([inf("union", 12, 6), inf("confederate", 10, 6)])
    assert facing(g, g.units["u2"], g.units["u1"].hex) == "flank"
    to_battle(g, "std_skirmish_centre")
    attack(g, "u1", 10, 6, ["artillery"] * 4)
    assert g.phase == "battle"


def test_facing_front_flank_and_rear_by_seat():
    g = std([inf("union", 10, 6), inf("confederate", 10, 2)])
    u, c = g.units["u1"], g.units["u2"]
    hx = g.pieces.unit_at.index
    assert [facing(g, u, h) for h in (i(g, 11, 5), i(g, 12, 6), i(g, 11, 7))] == ["front", "flank", "rear"]
    assert [facing(g, c, h) for h in (i(g, 11, 3), i(g, 12, 2), i(g, 11, 1))] == ["front", "flank", "rear"]
    assert facing(g, u, hx("u2")) == "front"


def i(g, col, row):
    from games.engine.battlecry.hexgrid import INDEX, Hex
    return INDEX[Hex(col, row)]


# -- S8 breakthrough charge ----------------------------------------------------------------------
def test_a_melee_that_clears_the_hex_allows_one_breakthrough_with_an_extra_die():
    g = std([inf("union", 10, 6), inf("confederate", 11, 5, figures=1),
             inf("confederate", 12, 4, figures=1), inf("confederate", 13, 3, figures=1)])
    to_battle(g, "std_skirmish_centre")
    attack(g, "u1", 11, 5, ["infantry", "artillery", "artillery", "artillery"])
    assert g.phase == "breakthrough"
    g.apply({"type": "breakthrough"})
    assert g.pieces.unit_at[i(g, 11, 5)] == "u1" and dice(g, (11, 5), (12, 4)) == 5
    attack(g, "u1", 12, 4, ["infantry"] + ["artillery"] * 4)
    assert g.phase == "battle" and types(g) == ["end_turn"]      # once per turn


def test_the_breakthrough_is_automatic_with_an_attached_general():
    g = std([inf("union", 10, 6), inf("confederate", 11, 5, figures=1)], [G("union", 10, 6)])
    to_battle(g, "std_skirmish_centre", "u1")
    attack(g, "u1", 11, 5, ["infantry"] + ["artillery"] * 4)
    assert g.pieces.unit_at[i(g, 11, 5)] == "u1" and g.pieces.general_at[i(g, 11, 5)] == "g1"


def test_artillery_never_breaks_through():
    g = std([art("union", 10, 6), inf("confederate", 11, 5, figures=1)])
    to_battle(g, "std_skirmish_centre")
    attack(g, "u1", 11, 5, ["infantry"] + ["artillery"] * 4)
    assert g.phase == "battle" and g.pieces.unit_at[i(g, 10, 6)] == "u1"


# -- S9 evading a melee -----------------------------------------------------------------------------
def test_cavalry_may_evade_one_or_two_hexes_and_then_only_sabres_hit():
    g = std([inf("union", 10, 6), cav("confederate", 11, 5)])
    to_battle(g, "std_skirmish_centre")
    attack(g, "u1", 11, 5, [])
    assert g.phase == "evade" and g.active_side == "confederate"
    rows = {a["to"]["row"] for a in g.legal_actions() if a["type"] == "evade"}
    assert rows == {3, 4}
    g.apply({"type": "evade", "to": H(13, 3)}, rolls=["cavalry", "swords", "flag", "cavalry"])
    assert g.units["u2"].figures == 2 and g.pieces.unit_at[i(g, 13, 3)] == "u2"
    assert g.phase == "battle" and "u2" not in g.status


def test_cavalry_that_stands_is_hit_by_its_symbol_and_sabres():
    g = std([inf("union", 10, 6), cav("confederate", 11, 5)])
    to_battle(g, "std_skirmish_centre")
    attack(g, "u1", 11, 5, [])
    g.apply({"type": "stand"}, rolls=["cavalry", "swords", "infantry", "artillery"])
    assert g.units["u2"].figures == 1


def test_infantry_does_not_evade():
    g = std([inf("union", 10, 6), inf("confederate", 11, 5)])
    to_battle(g, "std_skirmish_centre")
    attack(g, "u1", 11, 5, ["artillery"] * 4)
    assert g.phase == "battle_back"


# -- S11 retreat ------------------------------------------------------------------------------
def test_a_figure_is_lost_for_each_hex_of_retreat_that_cannot_be_made():
    g = std([inf("union", 11, 1), inf("confederate", 10, 0)])
    to_battle(g, "std_skirmish_centre")
    attack(g, "u1", 10, 0, ["flag", "flag", "artillery", "artillery", "flag", "flag"])
    assert g.units["u2"].figures == 2 and g.pieces.unit_at[i(g, 10, 0)] == "u2"


def test_figures_eliminated_are_counted_for_the_match_result():
    g = std([inf("union", 11, 1), inf("confederate", 10, 0)])
    to_battle(g, "std_skirmish_centre")
    attack(g, "u1", 10, 0, ["infantry", "flag", "artillery", "artillery", "flag", "flag", "flag"])
    assert g.units["u2"].figures == 2 and g.casualties == {"union": 2, "confederate": 0}
    assert g.view(None)["casualties"]["union"] == 2


def test_an_ordered_general_moves_up_to_three_hexes_and_attaches_to_a_friendly_unit():
    g = std([inf("union", 16, 6), inf("union", 2, 8), inf("confederate", 12, 0)],
            [G("union", 12, 6)])
    play(g, "std_probe_centre")                 # the unit and the general: both ordered
    assert g.current.ordered == ["u1"] and g.current.gen_ordered == ["g1"]
    reach = {(a["to"]["col"], a["to"]["row"]) for a in g.legal_actions()
             if a["type"] == "move_general"}
    assert (16, 6) in reach and (18, 6) in reach and (12, 0) not in reach
    g.apply({"type": "move_general", "general": "g1", "to": H(16, 6)})
    assert g.pieces.general_at[i(g, 16, 6)] == "g1"
    g.apply({"type": "move", "unit": "u1", "to": H(17, 5)})
    assert g.pieces.general_at[i(g, 17, 5)] == "g1"      # he goes with his unit


def test_a_general_next_to_a_unit_and_a_landmark_each_steady_it():
    from games.engine.battlecry.standard.morale import morale
    g = std([inf("union", 12, 6), inf("confederate", 12, 0)], [G("union", 14, 6)],
            objectives=[{"kind": "objective", "hex": H(12, 6), "side": "union", "flags": 1,
                         "name": "Mill"}])
    level, mods = morale(g, g.units["u1"])
    assert level == 5 and {m["why"] for m in mods} == {"general with or next to it",
                                                       "holds a landmark"}


def test_a_scenario_file_declares_standard_flags_as_a_count_per_side():
    from games.engine import ScenarioError, load_scenario, sample_scenario
    data = sample_scenario()
    data["standard_flags"] = {"union": 4, "confederate": 5}
    g = Game.new(load_scenario(data), ruleset="standard", seed=1)
    assert (g.flags_needed("union"), g.flags_needed("confederate")) == (4, 5)
    data["standard_flags"] = {"union": 0}
    with pytest.raises(ScenarioError, match="standard_flags"):
        load_scenario(data)
