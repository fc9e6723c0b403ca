"""Grand Battle Cry (seed 004 L17, L27-33, L70, L80, L98; docs/rulings.md G1-G10) under the
standard rules, rule by rule from hand-built positions, then whole games: seeded random
games on four scenarios, a golden playthrough, properties."""
import json
import pathlib
import random

import pytest
from hypothesis import given, settings, strategies as st

from games.engine import RULESETS, Game, IllegalAction, OptionError, replay, view_event
from tests.engine.helpers import G, H, U, scenario
from tests.engine.scenarios import shipped
from tests.engine.team_games import play, replay_golden

GRAND = {"team_mode": "grand"}
GOLDEN = pathlib.Path(__file__).parent.parent / "golden" / "grand-shiloh-seed-1.json"

# Union at the bottom: one infantry unit on each flank, a cavalry unit in the centre.
UNITS = [U("union", "infantry", 4, 8), U("union", "infantry", 12, 8),
         U("union", "infantry", 20, 8), U("union", "cavalry", 14, 6),
         U("confederate", "infantry", 12, 0), U("confederate", "infantry", 4, 0)]
GENERALS = [G("union", 10, 8, "Grant"), G("confederate", 16, 0, "Lee")]


def grand(units=UNITS, generals=GENERALS, seed=1, cards=4):
    return Game.new(scenario(list(units), list(generals), cards=cards), ruleset="standard",
                    options=dict(GRAND), seed=seed)


def give(g, side, cards):
    """Put these cards in ``side``'s hand (from the deck or the other hand)."""
    for c in cards:
        for pile in (g.deck, g.hands["union"], g.hands["confederate"]):
            if c in pile:
                pile.remove(c)
    g.hands[side] = list(cards)


def end_command(g):
    """The Commander-in-Chief has given what he means to (the command also ends by itself
    once no other card can be given)."""
    if g.phase == "command":
        g.apply({"type": "end_command"})


def uid(g, col, row):
    return g.pieces.unit_at[g.board.index_of(H(col, row))]


def test_a_commander_in_chief_and_a_field_general_for_each_flank():
    g = grand()
    assert [(s.name, s.role) for s in g.seats if s.side == "union"] == [
        ("union-commander", "Commander-in-Chief"),
        ("union-left", "Field General (Left Flank)"),
        ("union-centre", "Field General (Centre)"),
        ("union-right", "Field General (Right Flank)")]
    assert RULESETS["standard"].seat_plan(g.scenario, GRAND) == g.seats
    assert (g.phase, g.deciding) == ("command", "union-commander")


def test_grand_battle_cry_is_not_a_campaign_game():
    with pytest.raises(OptionError):
        Game.new(scenario(list(UNITS), list(GENERALS)), ruleset="standard",
                 options=dict(GRAND, prebattle_dice_union=1), seed=1)


def test_section_cards_go_to_the_field_general_of_their_flank_at_most_one_each():
    g = grand()
    give(g, "union", ["std_probe_left", "std_attack_centre", "std_probe_centre",
                      "std_bombard"])
    assigns = {(a["card"], a["to"]) for a in g.legal_actions() if a["type"] == "assign_card"}
    assert assigns == {("std_probe_left", "union-left"), ("std_attack_centre", "union-centre"),
                       ("std_probe_centre", "union-centre")}
    # a special card is played by the Commander-in-Chief himself
    give(g, "union", ["std_probe_left", "std_attack_centre", "std_probe_centre",
                      "std_leadership"])
    assert {"type": "play_card", "card": "std_leadership"} in g.legal_actions()
    g.apply({"type": "assign_card", "card": "std_attack_centre", "to": "union-centre"})
    left = [a for a in g.legal_actions() if a["type"] == "assign_card"]
    assert left == [{"type": "assign_card", "card": "std_probe_left", "to": "union-left"}]
    # once a card is given no special card may be played this turn
    assert not any(a["type"] == "play_card" for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply({"type": "assign_card", "card": "std_probe_centre", "to": "union-centre"})


def test_a_special_card_played_by_the_commander_in_chief_is_the_turns_only_order():
    g = grand()
    give(g, "union", ["std_leadership", "std_probe_left", "std_rally", "std_bombard"])
    g.apply({"type": "play_card", "card": "std_leadership"})
    # Grant and the unit he stands with are ordered; no Field General acts on initiative
    assert (g.phase, g.deciding) == ("move", "union-centre")
    assert set(g.team.ordered_by.values()) == {"union-centre"}


def test_field_generals_play_left_to_right_in_their_own_flank():
    g = grand()
    give(g, "union", ["std_probe_right", "std_skirmish_left", "std_rally", "std_bombard"])
    g.apply({"type": "assign_card", "card": "std_probe_right", "to": "union-right"})
    g.apply({"type": "assign_card", "card": "std_skirmish_left", "to": "union-left"})
    end_command(g)
    assert (g.phase, g.deciding) == ("play_card", "union-left")
    assert g.legal_actions() == [{"type": "play_card", "card": "std_skirmish_left"}]
    g.apply({"type": "play_card", "card": "std_skirmish_left"})
    assert (g.phase, g.deciding) == ("play_card", "union-right")
    g.apply({"type": "play_card", "card": "std_probe_right"})
    # the centre, given no card, may act on his own initiative
    assert (g.phase, g.deciding) == ("initiative", "union-centre")
    assert g.team.ordered_by == {uid(g, 4, 8): "union-left", uid(g, 20, 8): "union-right"}


def test_a_card_whose_flank_the_neighbour_already_ordered_is_played_ordering_nothing():
    units = [U("union", "infantry", 7, 7), U("union", "infantry", 20, 8),
             U("confederate", "infantry", 12, 0)]
    g = grand(units=units, generals=[G("union", 22, 8), G("confederate", 16, 0)])
    give(g, "union", ["std_probe_left", "std_probe_centre", "std_rally", "std_leadership"])
    g.apply({"type": "assign_card", "card": "std_probe_left", "to": "union-left"})
    g.apply({"type": "assign_card", "card": "std_probe_centre", "to": "union-centre"})
    end_command(g)
    g.apply({"type": "play_card", "card": "std_probe_left"})     # orders the unit on the line
    assert (g.phase, g.deciding) == ("play_card", "union-centre")
    assert g.legal_actions() == [{"type": "play_card", "card": "std_probe_centre"}]
    g.apply({"type": "play_card", "card": "std_probe_centre"})
    assert g.team.ordered_by == {uid(g, 7, 7): "union-left"}
    assert g.deciding == "union-right"                           # on initiative


def test_initiative_a_unit_symbol_orders_one_unit_of_that_kind_on_his_flank():
    g = grand()
    give(g, "union", ["std_probe_right", "std_rally", "std_bombard", "std_leadership"])
    g.apply({"type": "assign_card", "card": "std_probe_right", "to": "union-right"})
    end_command(g)
    g.apply({"type": "play_card", "card": "std_probe_right"})
    assert g.deciding == "union-left"
    g.apply({"type": "roll_initiative"}, rolls=["swords"])       # nothing: the chance passed
    assert (g.phase, g.deciding) == ("initiative", "union-centre")
    g.apply({"type": "roll_initiative"}, rolls=["cavalry"])
    assert (g.phase, g.deciding) == ("order", "union-centre")
    assert [a for a in g.legal_actions() if a["type"] == "order"] == [
        {"type": "order", "unit": uid(g, 14, 6)}]
    g.apply({"type": "order", "unit": uid(g, 14, 6)})
    assert g.phase == "move"
    assert g.team.ordered_by[uid(g, 14, 6)] == "union-centre"


def test_all_movement_comes_before_any_battle_each_field_general_in_turn():
    g = grand()
    give(g, "union", ["std_probe_right", "std_skirmish_left", "std_rally", "std_bombard"])
    g.apply({"type": "assign_card", "card": "std_probe_right", "to": "union-right"})
    g.apply({"type": "assign_card", "card": "std_skirmish_left", "to": "union-left"})
    end_command(g)
    g.apply({"type": "play_card", "card": "std_skirmish_left"})
    g.apply({"type": "play_card", "card": "std_probe_right"})
    g.apply({"type": "pass_initiative"})
    assert (g.phase, g.deciding) == ("move", "union-left")
    assert {a.get("unit") for a in g.legal_actions() if a["type"] == "move"} == {uid(g, 4, 8)}
    g.apply({"type": "end_movement"})
    assert (g.phase, g.deciding) == ("move", "union-right")
    g.apply({"type": "end_movement"})
    assert (g.phase, g.deciding) == ("battle", "union-left")
    g.apply({"type": "end_turn"})
    assert (g.phase, g.deciding) == ("battle", "union-right")
    before = len(g.hands["union"])
    g.apply({"type": "end_turn"})
    # both played cards discarded; two drawn, up to the hand size of 4
    assert {"std_probe_right", "std_skirmish_left"} <= set(g.discards)
    assert len(g.hands["union"]) == min(4, before + 2)
    assert (g.phase, g.deciding, g.active) == ("command", "confederate-commander", "confederate")


def test_all_out_offensive_each_field_general_rolls_four_dice_for_his_orders():
    g = grand()
    give(g, "union", ["std_all_out_offensive", "std_rally", "std_bombard", "std_leadership"])
    events = g.apply({"type": "play_card", "card": "std_all_out_offensive"},
                     rolls=["infantry", "flag", "swords", "flag",        # left
                            "cavalry", "infantry", "flag", "flag",       # centre
                            "flag", "flag", "flag", "flag"])             # right
    rolls = [(e["seat"], e["rolls"]) for e in events if e["type"] == "offensive_roll"]
    assert [s for s, _ in rolls] == ["union-left", "union-centre", "union-right"]
    assert (g.phase, g.deciding) == ("order", "union-left")
    g.apply({"type": "order", "unit": uid(g, 4, 8)})
    assert g.deciding == "union-centre"
    g.apply({"type": "order", "unit": uid(g, 14, 6)})
    g.apply({"type": "order", "unit": uid(g, 12, 8)})
    assert g.phase == "move"
    assert g.team.ordered_by == {uid(g, 4, 8): "union-left", uid(g, 14, 6): "union-centre",
                                 uid(g, 12, 8): "union-centre"}


def test_counter_attack_copying_a_section_card_goes_to_the_mirrored_flank():
    g = grand()
    g.last_card["confederate"] = "std_probe_left"
    give(g, "union", ["std_counter_attack", "std_rally", "std_bombard", "std_leadership"])
    assigns = [a for a in g.legal_actions() if a["type"] == "assign_card"]
    assert assigns == [{"type": "assign_card", "card": "std_counter_attack", "to": "union-right"}]


def test_the_cards_given_are_shown_to_the_side_and_the_hand_to_its_commander_alone():
    g = grand()
    give(g, "union", ["std_probe_right", "std_rally", "std_bombard", "std_leadership"])
    g.apply({"type": "assign_card", "card": "std_probe_right", "to": "union-right"})
    assert g.view("union-commander")["hand"] == g.hands["union"]
    for seat in ("union-left", "union-right", "confederate-commander", None):
        view = g.view(seat)
        assert view["hand"] is None or seat == "confederate-commander"
    assert g.view("union-left")["team"]["assigned"] == {"union-right": "std_probe_right"}
    assert g.view("confederate-left")["team"]["assigned"] == {}
    d = g.determinize("union-left", 3)
    assert d.view("union-left") == g.view("union-left")
    assert "std_probe_right" in d.hands["union"]


# -- whole games -------------------------------------------------------------------------------
SAMPLE = ("shiloh", "fredericksburg", "antietam", "dranesville")


@pytest.mark.parametrize("slug", SAMPLE)
def test_random_grand_games_end_and_replay_from_their_log(slug):
    g, log = play(slug, 2, GRAND, "standard", limit=4000)
    assert g.outcome is not None
    again = replay(g.scenario, 2, log, ruleset="standard", options=GRAND)
    assert again.to_dict() == g.to_dict()


def test_golden_grand_playthrough_replays_exactly():
    kinds = replay_golden(GOLDEN, "shiloh", 1, GRAND, "standard", limit=4000)
    assert {"card_assigned", "initiative_roll", "offensive_roll"} <= kinds


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), slug=st.sampled_from(SAMPLE))
def test_round_trip_replay_and_what_each_seat_sees(seed, slug):
    g = Game.new(shipped(slug), ruleset="standard", options=GRAND, seed=seed)
    rng = random.Random(seed)
    log = []
    seats = [s.name for s in g.seats]
    while not g.outcome and len(log) < 150:
        action = g.sample_action(rng)
        events = g.apply(action)
        log.append({"action": action, "events": events})
        for e in events:
            if e["type"] == "draw":            # drawn cards: the Commander-in-Chief's alone
                assert [s for s in seats if "cards" in view_event(e, s)] == [
                    f"{e['side']}-commander"]
        for seat in seats:
            side, _, role = seat.partition("-")
            view = g.view(seat)
            assert view["hand"] == (g.hands[side] if role == "commander" else None)
            if side != g.active:
                assert view["team"]["assigned"] == {}
    loaded = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert loaded.to_dict() == g.to_dict()
    assert replay(g.scenario, seed, log, ruleset="standard",
                  options=GRAND).to_dict() == g.to_dict()
    for seat in seats:
        assert g.determinize(seat, seed).view(seat) == g.view(seat)
