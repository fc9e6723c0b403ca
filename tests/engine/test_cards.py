"""COMMAND CARDS: every tactic card, its fallback and its edge cases."""
import pytest

from games.engine import IllegalAction
from games.engine.battlecry.advanced.cards import CARDS, SECTION
from games.engine.battlecry.advanced.tactics import mirror
from tests.engine.helpers import G, H, T, U, attack, dests, game, give, inf, types


def play(g, card, rolls=None, **extra):
    give(g, g.current.active, card)
    mode = "section" if CARDS[card.split("-")[0]].kind == SECTION else "tactic"
    return g.apply({"type": "play_card", "card": card, "mode": mode, **extra}, rolls=rolls)


def to_battle(g):
    if g.phase == "order":
        g.apply({"type": "confirm_orders"})
    g.apply({"type": "end_movement"})


def test_battle_and_hold_position_orders_four_that_battle_with_an_extra_die_but_hold():
    g = game([inf("union", c, 6) for c in (2, 6, 10, 14, 20)] + [inf("confederate", 10, 4)])
    play(g, "battle_and_hold_position")
    assert g.current.orders_left == 4
    g.apply({"type": "order", "unit": "u3"})
    for uid in ("u1", "u2", "u4"):
        g.apply({"type": "order", "unit": uid})
    assert g.phase == "move" and g.reachable(H(10, 6)) == []
    with pytest.raises(IllegalAction, match="battle but not move"):
        g.apply({"type": "move", "unit": "u3", "to": H(10, 4)})
    g.apply({"type": "end_movement"})
    assert g.attack_preview(H(10, 6), H(10, 4))["dice"] == 2 + 1


def test_battle_cry_orders_one_unit_per_unit_symbol_with_an_extra_die():
    g = game([inf("union", 10, 6), U("union", "cavalry", 2, 6), U("union", "artillery", 20, 8),
              inf("confederate", 12, 4)], cards=3)
    ev = play(g, "battle_cry", rolls=["infantry", "swords", "flag"])
    roll = next(e for e in ev if e["type"] == "order_roll")
    assert roll["rolls"] == ["infantry", "swords", "flag"]
    assert {a["unit"] for a in g.legal_actions() if a["type"] == "order"} == {"u1"}
    g.apply({"type": "order", "unit": "u1"})
    to_battle(g)
    assert g.attack_preview(H(10, 6), H(12, 4))["dice"] == 2 + 1


def test_bombard_orders_every_gun_to_battle_twice():
    g = game([U("union", "artillery", 10, 6), U("union", "artillery", 20, 6),
              inf("confederate", 12, 4), inf("confederate", 0, 0)])
    play(g, "bombard")
    assert g.current.ordered == ["u1", "u2"] and g.phase == "move"
    g.apply({"type": "end_movement"})
    attack(g, "u1", 12, 4, ["cavalry", "cavalry", "cavalry"])
    if g.phase == "fight_back":
        g.apply({"type": "decline"})
    attack(g, "u1", 12, 4, ["infantry", "cavalry", "cavalry"])
    assert g.pieces.units["u3"].figures == 3
    if g.phase == "fight_back":
        g.apply({"type": "decline"})
    with pytest.raises(IllegalAction, match="already battled"):
        attack(g, "u1", 12, 4, ["infantry"])


def test_bombard_guns_may_move_three_but_then_not_battle():
    g = game([U("union", "artillery", 10, 8), inf("confederate", 10, 0)])
    play(g, "bombard")
    assert (11, 5) in dests(g, 10, 8) and (10, 2) not in dests(g, 10, 8)
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    g.apply({"type": "end_movement"})
    assert "Bombard" in g.attack_preview(H(11, 5), H(10, 0))["reason"]


def test_bombard_without_artillery_orders_one_unit_anywhere():
    g = game([inf("union", 2, 6), inf("confederate", 0, 0)])
    ev = play(g, "bombard")
    assert "fallback" in types(ev) and g.current.orders_left == 1
    g.apply({"type": "order", "unit": "u1"})


def test_call_for_reinforcements_places_a_new_unit_on_the_baseline():
    g = game([inf("union", 10, 6), inf("confederate", 0, 0)])
    play(g, "call_for_reinforcements")
    assert g.phase == "reinforce"
    kinds = {a["kind"] for a in g.legal_actions()}
    assert kinds == {"infantry", "cavalry", "artillery"}
    assert all(a["to"]["row"] == 8 for a in g.legal_actions())
    g.apply({"type": "reinforce", "kind": "cavalry", "to": H(4, 8)})
    new = next(u for u in g.pieces.units.values() if u.kind == "cavalry")
    assert new.side == "union" and new.figures == 3 and g.phase == "move"
    assert g.reachable(H(4, 8)) == []


def test_call_for_reinforcements_respects_the_box():
    units = [inf("union", c, 6) for c in range(0, 20, 2)] + [
        U("union", "cavalry", c, 8) for c in (0, 2, 4)] + [
        U("union", "artillery", c, 8) for c in (6, 8, 10)] + [inf("confederate", 0, 0)]
    g = game(units)
    ev = play(g, "call_for_reinforcements")
    assert "fallback" in types(ev)


def test_construct_fieldworks_builds_permanent_tokens_on_the_front_sides():
    g = game([inf("union", 10, 6), inf("union", 14, 6), inf("union", 2, 6), inf("union", 20, 6),
              inf("confederate", 12, 4)], terrain=[T("river", 20, 6)])
    play(g, "construct_fieldworks")
    assert g.current.orders_left == 3
    assert "u4" not in {a["unit"] for a in g.legal_actions() if a["type"] == "order"}
    g.apply({"type": "order", "unit": "u1"})
    assert g.pieces.obstacles[g._hex(H(10, 6))] == {"NW": "fieldwork", "NE": "fieldwork"}
    g.apply({"type": "confirm_orders"})
    assert g.reachable(H(10, 6)) == []
    g.apply({"type": "end_movement"})
    assert not any(a["type"] == "attack" for a in g.legal_actions())
    g.apply({"type": "end_turn"})
    # the enemy now loses a die attacking across the fieldwork
    play(g, "probe_centre")
    g.apply({"type": "order", "unit": "u5"})
    to_battle(g)
    prev = g.attack_preview(H(12, 4), H(10, 6))
    assert prev["dice"] == 1 and [m["why"] for m in prev["modifiers"]] == ["target behind fieldwork"]


def test_fieldworks_built_in_a_copy_stay_in_that_copy():
    g = game([inf("union", 10, 6), inf("confederate", 12, 4)])
    play(g, "construct_fieldworks")
    before = g.copy()
    g.apply({"type": "order", "unit": "u1"})
    assert g.pieces.obstacles[g._hex(H(10, 6))] == {"NW": "fieldwork", "NE": "fieldwork"}
    assert before.pieces.obstacles[g._hex(H(10, 6))] is None
    before.apply({"type": "order", "unit": "u1"})
    assert before.to_dict() == g.to_dict()


def test_construct_fieldworks_with_no_tokens_left_orders_one_unit():
    terrain = [T("fieldwork", c, 0, ["SE"]) for c in range(6, 24, 2)]
    g = game([inf("union", 10, 6), inf("confederate", 0, 0)], terrain=terrain)
    ev = play(g, "construct_fieldworks")
    assert "fallback" in types(ev)


def test_coordinated_advance_orders_one_unit_in_each_section():
    g = game([inf("union", c, 6) for c in (2, 4, 10, 12, 20, 22)] + [inf("confederate", 0, 0)])
    play(g, "coordinated_advance")
    g.apply({"type": "order", "unit": "u1"})
    with pytest.raises(IllegalAction, match="not on your"):
        g.apply({"type": "order", "unit": "u2"})
    g.apply({"type": "order", "unit": "u3"})
    g.apply({"type": "order", "unit": "u5"})
    assert g.phase == "move" and g.current.ordered == ["u1", "u3", "u5"]


def test_outflank_orders_two_on_each_flank():
    g = game([inf("union", c, 6) for c in (2, 4, 6, 10, 20, 22)] + [inf("confederate", 0, 0)])
    play(g, "outflank")
    orderable = {a["unit"] for a in g.legal_actions() if a["type"] == "order"}
    assert orderable == {"u1", "u2", "u3", "u5", "u6"}
    g.apply({"type": "order", "unit": "u1"})
    g.apply({"type": "order", "unit": "u2"})
    assert "u3" not in {a["unit"] for a in g.legal_actions() if a["type"] == "order"}


def test_forced_march_moves_a_sections_infantry_two_hexes_and_still_battles():
    # an ordinary march would stop at (9,7) or (11,7), three hexes from the enemy
    g = game([inf("union", 10, 8), inf("union", 14, 8), inf("union", 2, 8),
              inf("confederate", 12, 4)])
    play(g, "forced_march", section="centre")
    assert g.current.ordered == ["u1", "u2"]
    reach = dests(g, 10, 8)
    assert (10, 6) in reach and (10, 4) not in reach
    g.apply({"type": "move", "unit": "u1", "to": H(10, 6)})
    g.apply({"type": "end_movement"})
    prev = g.attack_preview(H(10, 6), H(12, 4))
    assert prev["allowed"] and prev["dice"] == 2


def test_ordinary_march_cannot_do_what_forced_march_does():
    g = game([inf("union", 10, 8), inf("confederate", 12, 4)])
    play(g, "probe_centre")
    g.apply({"type": "order", "unit": "u1"})
    assert g.phase == "move" and (10, 6) not in dests(g, 10, 8)


def test_forced_march_needs_a_section_and_falls_back_without_infantry():
    g = game([U("union", "cavalry", 10, 8), inf("confederate", 12, 2)])
    give(g, "union", "forced_march")
    with pytest.raises(IllegalAction, match="choose the section"):
        g.apply({"type": "play_card", "card": "forced_march", "mode": "tactic"})
    ev = play(g, "forced_march", section="left")
    assert "fallback" in types(ev)


def test_hit_and_run_moves_battles_and_moves_again():
    g = game([U("union", "cavalry", 10, 8), U("union", "cavalry", 2, 8), inf("confederate", 12, 4)])
    play(g, "hit_and_run")
    assert g.current.ordered == ["u1", "u2"]
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    g.apply({"type": "end_movement"})
    attack(g, "u1", 12, 4, ["cavalry", "cavalry", "cavalry"])
    assert g.phase == "fight_back" and g.active_side == "confederate"
    g.apply({"type": "decline"})
    g.apply({"type": "end_turn"})
    assert g.phase == "move_again" and g.current.active == "union"
    assert {a["unit"] for a in g.legal_actions() if a["type"] == "move"} == {"u1", "u2"}
    g.apply({"type": "move", "unit": "u1", "to": H(11, 7)})
    with pytest.raises(IllegalAction, match="already moved"):
        g.apply({"type": "move", "unit": "u1", "to": H(10, 8)})
    g.apply({"type": "end_turn"})
    assert g.current.active == "confederate"


def test_hit_and_run_steps_are_optional_and_fall_back_without_cavalry():
    g = game([U("union", "cavalry", 10, 8), inf("confederate", 12, 2)])
    play(g, "hit_and_run")
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"})          # no battle: straight to the second move step
    assert g.phase == "move_again"
    g.apply({"type": "end_turn"})
    assert g.current.active == "confederate"
    g2 = game([inf("union", 10, 8), inf("confederate", 12, 2)])
    assert "fallback" in types(play(g2, "hit_and_run"))


def test_leadership_orders_commanded_units_with_an_extra_die_for_foot_and_horse():
    g = game([inf("union", 10, 6), U("union", "artillery", 14, 6), inf("union", 2, 6),
              inf("confederate", 12, 4), inf("confederate", 16, 4)],
             [G("union", 10, 6), G("union", 14, 6)])
    play(g, "leadership")
    assert g.current.ordered == ["u1", "u2"]
    g.apply({"type": "end_movement"})
    assert g.attack_preview(H(10, 6), H(12, 4))["dice"] == 2 + 1
    assert g.attack_preview(H(14, 6), H(16, 4))["dice"] == 3      # artillery gets no bonus


def test_leadership_order_lapses_if_the_general_leaves_first():
    g = game([inf("union", 10, 6), inf("confederate", 12, 0)], [G("union", 10, 6)])
    play(g, "leadership")
    g.apply({"type": "move_general", "general": "g1", "to": H(14, 6)})
    assert "u1" not in g.current.ordered
    g2 = game([inf("union", 10, 6), inf("confederate", 12, 0)])
    assert "fallback" in types(play(g2, "leadership"))


def test_rally_returns_figures_to_damaged_units_of_the_kinds_rolled():
    g = game([inf("union", 10, 6, figures=2), U("union", "cavalry", 2, 6, figures=1),
              inf("confederate", 12, 2)], cards=3)
    play(g, "rally", rolls=["infantry", "infantry", "artillery"])
    assert g.phase == "rally"
    assert {a.get("unit") for a in g.legal_actions()} == {"u1", None}
    g.apply({"type": "rally", "unit": "u1"})
    g.apply({"type": "rally", "unit": "u1"})
    assert g.pieces.units["u1"].figures == 4 and g.phase == "move"
    assert g.reachable(H(10, 6)) == [] and "u1" in g.current.ordered     # may battle, not move


def test_rally_cannot_go_above_full_strength():
    g = game([inf("union", 10, 6, figures=3), inf("confederate", 12, 2)], cards=3)
    play(g, "rally", rolls=["infantry", "infantry", "infantry"])
    g.apply({"type": "rally", "unit": "u1"})
    assert g.pieces.units["u1"].figures == 4 and g.phase == "move"


def test_recon_in_force_orders_one_per_section_and_draws_two_keep_one():
    g = game([inf("union", c, 6) for c in (2, 10, 20)] + [inf("confederate", 12, 0)])
    play(g, "recon_in_force")
    for uid in ("u1", "u2", "u3"):
        g.apply({"type": "order", "unit": uid})
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"})
    assert g.phase == "keep_card"


def test_sharpshooter_shoots_a_general_within_three_hexes():
    g = game([inf("union", 10, 6), inf("confederate", 12, 4), inf("confederate", 0, 0)],
             [G("confederate", 12, 4), G("confederate", 2, 0)])
    play(g, "sharpshooter")
    g.apply({"type": "order", "unit": "u1"})
    g.apply({"type": "end_movement"})
    shots = [a for a in g.legal_actions() if a.get("general")]
    assert shots == [{"type": "attack", "unit": "u1", "target": H(12, 4), "general": True}]
    ev = g.apply(shots[0], rolls=["swords", "infantry"])
    assert "g1" not in g.pieces.generals and next(e for e in ev if e["type"] == "sharpshooter")["killed"]
    assert g.pieces.units["u2"].figures == 4


def test_sharpshooter_without_infantry_falls_back():
    g = game([U("union", "cavalry", 10, 6), inf("confederate", 0, 0)])
    assert "fallback" in types(play(g, "sharpshooter"))


def test_short_supply_sends_an_enemy_unit_back_to_its_own_baseline():
    g = game([inf("union", 10, 6), inf("confederate", 12, 4), inf("confederate", 10, 0),
              inf("confederate", 14, 0)])
    play(g, "short_supply")
    g.apply({"type": "order", "unit": "u2"})
    assert g.phase == "supply_move" and g.active_side == "confederate"
    options = {(a["to"]["col"], a["to"]["row"]) for a in g.legal_actions()}
    assert options == {(8, 0), (12, 0), (16, 0)}      # the centre of the top seat, baseline row 0
    g.apply({"type": "supply_move", "unit": "u2", "to": H(12, 0)})
    assert g.pieces.units["u2"].hex == g._hex(H(12, 0)) and g.active_side == "union"


def test_short_supply_goes_one_row_forward_when_the_baseline_is_full():
    full = [inf("confederate", c, 0) for c in (8, 10, 12, 14, 16)]
    g = game([inf("union", 10, 6), inf("confederate", 12, 4), *full])
    play(g, "short_supply")
    g.apply({"type": "order", "unit": "u2"})
    assert all(a["to"]["row"] == 1 for a in g.legal_actions())


def test_short_supply_on_your_own_unit_means_it_cannot_battle():
    g = game([inf("union", 10, 6), inf("confederate", 12, 2)])
    play(g, "short_supply")
    g.apply({"type": "order", "unit": "u1"})
    g.apply({"type": "supply_move", "unit": "u1", "to": H(10, 8)})
    g.apply({"type": "end_movement"})
    assert not any(a["type"] == "attack" for a in g.legal_actions())


@pytest.mark.parametrize("key", sorted(k for k in CARDS if k not in ("counter_attack", "fight_back")))
def test_counter_attack_copies_the_opponents_last_card_with_flanks_swapped(key):
    g = game([inf("union", c, 6) for c in (2, 10, 20)] + [U("union", "artillery", 12, 8),
              U("union", "cavalry", 14, 8), inf("confederate", 12, 0), inf("confederate", 2, 0)],
             [G("union", 10, 6)])
    g.cards.last_card["confederate"] = key
    extra = {"section": "centre"} if key == "forced_march" else {}
    ev = play(g, "counter_attack", **extra)
    assert g.current.effect == mirror(key)
    played = ev[0]
    assert played["card"] == "counter_attack" and played.get("copies", key) == mirror(key)


def test_counter_attack_of_a_counter_attack_copies_what_it_did():
    g = game([inf("union", 10, 6), inf("confederate", 12, 0)])
    g.cards.last_card["confederate"] = "attack_right"        # a Counter-Attack that became Attack Left
    play(g, "counter_attack")
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"})
    assert g.cards.last_card["union"] == "attack_left"
    play(g, "counter_attack")
    assert g.current.effect == "attack_right"


def test_counter_attack_needs_a_card_to_copy():
    g = game([inf("union", 10, 6), inf("confederate", 12, 0)])
    give(g, "union", "counter_attack")
    assert [a for a in g.legal_actions() if a["card"] == "counter_attack"] == [
        {"type": "play_card", "card": "counter_attack", "mode": "skirmish"}]
    with pytest.raises(IllegalAction, match="played none yet"):
        g.apply({"type": "play_card", "card": "counter_attack", "mode": "tactic"})


def test_mirror_swaps_flanks_only():
    assert mirror("probe_left") == "probe_right" and mirror("assault_right") == "assault_left"
    assert mirror("attack_centre") == "attack_centre" and mirror("bombard") == "bombard"


# -- Fight Back ---------------------------------------------------------------------------

def bombarded(hand_fight_back=True, target_figures=4):
    g = game([U("union", "artillery", 10, 6), inf("confederate", 12, 4, figures=target_figures),
              inf("confederate", 0, 0)])
    if hand_fight_back:
        give(g, "confederate", "fight_back")
    play(g, "bombard")
    g.apply({"type": "end_movement"})
    return g


def test_fight_back_after_a_bombard_attack():
    g = bombarded()
    attack(g, "u1", 12, 4, ["cavalry", "cavalry", "cavalry"])
    assert g.phase == "fight_back" and g.active_side == "confederate"
    ev = g.apply({"type": "fight_back", "card": "fight_back"}, rolls=["artillery", "swords"])
    a = next(e for e in ev if e["type"] == "attack")
    assert a["unit"] == "u2" and a["target"] == "u1" and g.pieces.units["u1"].figures == 2
    assert "fight_back" not in g.cards.hands["confederate"] and g.phase == "battle"


def test_fight_back_player_draws_first_at_the_end_of_the_turn():
    g = bombarded()
    attack(g, "u1", 12, 4, ["cavalry", "cavalry", "cavalry"])
    g.apply({"type": "fight_back", "card": "fight_back"}, rolls=["cavalry", "cavalry"])
    ev = g.apply({"type": "end_turn"})
    draws = [e["side"] for e in ev if e["type"] == "draw"]
    assert draws == ["confederate", "union"]
    assert len(g.cards.hands["confederate"]) == 4


def test_fight_back_window_opens_even_without_the_card_and_can_be_declined():
    g = bombarded(hand_fight_back=False)
    attack(g, "u1", 12, 4, ["cavalry", "cavalry", "cavalry"])
    assert g.phase == "fight_back"
    assert g.legal_actions() == [{"type": "decline"}]
    with pytest.raises(IllegalAction, match="Fight Back card"):
        g.apply({"type": "fight_back", "card": g.cards.hands["confederate"][0]})
    g.apply({"type": "decline"})
    assert g.phase == "battle"


def test_no_fight_back_when_the_target_is_eliminated_or_forced_back():
    g = bombarded(target_figures=1)
    attack(g, "u1", 12, 4, ["infantry", "cavalry", "cavalry"])
    assert g.phase == "battle"
    g2 = bombarded()
    attack(g2, "u1", 12, 4, ["flag", "cavalry", "cavalry"])
    if g2.phase == "retreat":
        g2.apply({"type": "retreat", "unit": "u2", "to": H(13, 3)})
    assert g2.phase == "battle"


def test_no_fight_back_window_for_ordinary_attacks():
    g = game([U("union", "artillery", 10, 6), inf("confederate", 12, 4)])
    play(g, "probe_centre")
    g.apply({"type": "order", "unit": "u1"})
    g.apply({"type": "end_movement"})
    attack(g, "u1", 12, 4, ["cavalry", "cavalry", "cavalry"])
    assert g.phase == "battle"


def test_fight_back_is_not_played_for_its_own_effect():
    g = game([inf("union", 10, 6), inf("confederate", 12, 0)])
    give(g, "union", "fight_back")
    with pytest.raises(IllegalAction, match="opponent's turn"):
        g.apply({"type": "play_card", "card": "fight_back", "mode": "tactic"})
    g.apply({"type": "play_card", "card": "fight_back", "mode": "skirmish"})


def test_fight_back_needs_line_of_sight():
    # the gun on a hill sees past the friendly unit at (11,5); the target cannot see back
    def after_shot(blocker):
        units = [U("union", "artillery", 10, 6), U("confederate", "artillery", 13, 3),
                 inf("confederate", 0, 0)]
        g = game(units + ([inf("union", 11, 5)] if blocker else []), terrain=[T("hill", 10, 6)])
        give(g, "confederate", "fight_back")
        play(g, "bombard")
        g.apply({"type": "end_movement"})
        attack(g, "u1", 13, 3, ["cavalry", "cavalry"])
        return g.phase

    assert after_shot(blocker=False) == "fight_back"
    assert after_shot(blocker=True) == "battle"


def test_forced_march_reach_is_fresh_when_the_unit_stood_still_last_turn():
    # the march's reach is worked out again, not remembered from an ordinary order
    g = game([inf("union", 10, 8), inf("confederate", 12, 4), inf("confederate", 2, 0)])
    play(g, "probe_centre")
    g.apply({"type": "order", "unit": "u1"})
    assert (10, 6) not in dests(g, 10, 8)
    for side in ("union", "confederate"):
        assert g.current.active == side
        if side == "confederate":
            play(g, "scout_left", mode="skirmish")
            g.apply({"type": "order", "unit": "u3"})
        g.apply({"type": "end_movement"})
        g.apply({"type": "end_turn"})
        while g.phase != "play_card":
            g.apply(g.legal_actions()[0])
    play(g, "forced_march", section="centre")
    assert (10, 6) in dests(g, 10, 8)
