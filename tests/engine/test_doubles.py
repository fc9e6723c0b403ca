"""Doubles (AR DOUBLES, seed 000 L503-513; docs/rulings.md D1-D9), rule by rule from
hand-built positions, then whole games: the seats, the hands, the cup, handing units over,
the survivor, what each seat sees; random games on four scenarios, a golden playthrough,
and properties."""
import json
import pathlib
import random

import pytest
from hypothesis import given, settings, strategies as st

from games.engine import Game, IllegalAction, OptionError, replay, view_event
from tests.engine.helpers import G, H, U, game, unit_at
from tests.engine.scenarios import shipped
from tests.engine.team_games import play, replay_golden

DOUBLES = {"team_mode": "doubles"}
GOLDEN = pathlib.Path(__file__).parent / "golden" / "doubles-antietam-seed-2.json"

# Union (bottom): two players, one a flank; Confederates: one player (three in all).
UNITS = [U("union", "infantry", 4, 8), U("union", "cavalry", 6, 6),
         U("union", "infantry", 20, 8), U("union", "artillery", 18, 6),
         U("confederate", "infantry", 12, 0), U("confederate", "infantry", 14, 0)]
GENERALS = [G("union", 2, 8, "Left"), G("union", 22, 8, "Right"), G("confederate", 16, 0, "Reb")]


def doubles(units=UNITS, generals=GENERALS, seed=1, **kw):
    return game(list(units), list(generals), options=dict(DOUBLES), seed=seed, **kw)


def uid(g, col, row):
    return unit_at(g, col, row).id


def confirm_all(g):
    while g.phase == "assign_command":
        g.apply({"type": "confirm_command"})


def pass_turn(g, next_seat=None):
    """The player whose turn it is plays a skirmish action ordering nobody and ends; the
    cup gives ``next_seat`` (a scripted draw, as a replay gives it)."""
    card = g.cards.hands[g.current.active][0]
    g.apply({"type": "play_card", "card": card, "mode": "skirmish"})
    g.apply({"type": "confirm_orders"})
    g.apply({"type": "end_movement"})
    draws = ["-", next_seat] if next_seat else None      # "-": the card drawn is left to chance
    return g.apply({"type": "end_turn"}, draws=draws)


# -- seats and hands ---------------------------------------------------------------------------
def test_three_players_each_a_major_general_with_no_commanding_general():
    g = doubles()
    assert [(s.name, s.side) for s in g.seats] == [
        ("union-major-1", "union"), ("union-major-2", "union"),
        ("confederate-major-1", "confederate")]


def test_surplus_general_figures_are_taken_off_the_board():
    g = doubles(generals=GENERALS + [G("union", 12, 8, "Spare")])
    assert len(g.seats) == 3
    assert sorted(x.name for x in g.pieces.generals.values()) == ["Left", "Reb", "Right"]
    assert g.pieces.general_at[g._hex(H(12, 8))] is None


def test_a_side_without_a_figure_has_one_player_without_one():
    g = doubles(generals=[G("union", 2, 8, "Left"), G("union", 22, 8, "Right")])
    assert [s.name for s in g.seats] == ["union-major-1", "union-major-2",
                                         "confederate-major-1"]
    confederate = [u for u in g.pieces.units if g.pieces.units[u].side == "confederate"]
    assert {g.team.command[u] for u in confederate} == {"confederate-major-1"}
    assert len(g.view("confederate-major-1")["hand"]) == 4          # no figure: no +1


def test_doubles_needs_three_players_and_is_not_a_campaign_game():
    with pytest.raises(OptionError):
        doubles(generals=[G("union", 2, 8), G("confederate", 16, 0)])
    with pytest.raises(OptionError):
        game(list(UNITS), list(GENERALS), options=dict(DOUBLES, prebattle_dice_union=1))


def test_each_player_holds_his_own_hand_from_the_sides_one_deck():
    g = doubles(cards=4)
    hands = {s.name: g.view(s.name)["hand"] for s in g.seats}
    assert all(len(h) == 5 for h in hands.values())           # the scenario's 4, +1 (D3)
    union = hands["union-major-1"] + hands["union-major-2"]
    assert len(set(union)) == 10                              # ten cards of one deck
    assert len(g.cards.decks["union"]) + 10 == len(g.cards.decks["confederate"]) + 5


def test_a_team_mates_hand_is_hidden_like_the_enemys():
    g = doubles()
    view = g.view("union-major-1")
    assert view["team"]["hand_counts"] == {"union-major-1": 5, "union-major-2": 5,
                                           "confederate-major-1": 5}
    mate = set(g.view("union-major-2")["hand"])
    assert not mate & set(view["hand"])
    assert not any(a["type"] == "give_card" for a in g.legal_actions())


# -- the cup -----------------------------------------------------------------------------------
def test_the_cup_holds_two_names_a_side_and_a_lone_players_name_twice():
    g = doubles()
    drawn = [e for e in g.setup_events if e["type"] == "cup_draw"]
    assert len(drawn) == 1
    cup = sorted(g.team.cup + [drawn[0]["seat"]])
    assert cup == ["confederate-major-1", "confederate-major-1", "union-major-1", "union-major-2"]
    assert g.deciding in ("union-major-1", "union-major-2", "confederate-major-1")


def test_the_next_turn_is_drawn_from_the_cup_and_it_is_refilled_when_empty():
    g = doubles()
    confirm_all(g)
    seen = [g.team.acting]
    for _ in range(3):
        pass_turn(g)
        seen.append(g.team.acting)
    # four turns empty the cup: each name once, the lone Confederate's twice
    assert sorted(seen) == ["confederate-major-1", "confederate-major-1",
                            "union-major-1", "union-major-2"]
    events = pass_turn(g)
    assert [e["type"] for e in events if e["type"].startswith("cup_")] == ["cup_refilled",
                                                                           "cup_draw"]


def test_one_side_may_take_two_turns_in_a_row():
    g = doubles()
    confirm_all(g)
    while g.team.cup:
        pass_turn(g)
    pass_turn(g, "confederate-major-1")          # the cup is refilled, then drawn from
    first = (g.current.active, g.turn)
    pass_turn(g, "confederate-major-1")          # the lone player's second name
    assert first[0] == "confederate"
    assert (g.current.active, g.turn) == ("confederate", first[1] + 1)


def test_a_cup_draw_replays_from_the_log():
    g = doubles(seed=4)
    log = []
    for a in [{"type": "confirm_command"}, {"type": "confirm_command"}]:
        log.append({"action": a, "events": g.apply(a)})
    for _ in range(5):
        card = g.cards.hands[g.current.active][0]
        for a in ({"type": "play_card", "card": card, "mode": "skirmish"},
                  {"type": "confirm_orders"}, {"type": "end_movement"}, {"type": "end_turn"}):
            log.append({"action": a, "events": g.apply(a)})
    again = replay(g.scenario, 4, log, options=DOUBLES)
    assert again.to_dict() == g.to_dict()
    assert Game.from_dict(json.loads(json.dumps(g.to_dict()))).to_dict() == g.to_dict()


# -- units ---------------------------------------------------------------------------------
def test_the_split_is_proposed_by_sections_and_each_player_confirms_it():
    g = doubles()
    assert (g.phase, g.deciding) == ("assign_command", "union-major-1")
    assert g.team.command[uid(g, 4, 8)] == "union-major-1"
    assert g.team.command[uid(g, 20, 8)] == "union-major-2"
    # at the deal a player hands over only units of his own
    assert {a["unit"] for a in g.legal_actions() if a["type"] == "transfer"} == {
        uid(g, 4, 8), uid(g, 6, 6)}
    g.apply({"type": "transfer", "unit": uid(g, 6, 6), "to": "union-major-2"})
    g.apply({"type": "confirm_command"})
    assert g.deciding == "union-major-2"
    g.apply({"type": "confirm_command"})
    assert g.team.command[uid(g, 6, 6)] == "union-major-2"


def test_units_are_handed_over_only_at_the_beginning_of_ones_own_turn():
    g = doubles()
    confirm_all(g)
    while g.team.acting != "union-major-1":
        pass_turn(g)
    inf = uid(g, 4, 8)
    g.apply({"type": "transfer", "unit": inf, "to": "union-major-2"})
    assert g.team.command[inf] == "union-major-2"
    card = g.cards.hands["union"][0]
    g.apply({"type": "play_card", "card": card, "mode": "skirmish"})
    # his own units only: the infantry he handed over is no longer his to order
    assert inf not in {a["unit"] for a in g.legal_actions() if a["type"] == "order"}
    with pytest.raises(IllegalAction):
        g.apply({"type": "transfer", "unit": uid(g, 6, 6), "to": "union-major-2"})


def test_the_survivor_takes_every_unit_when_his_team_mates_general_falls():
    units = [U("union", "infantry", 8, 8), U("union", "infantry", 20, 8),
             U("confederate", "infantry", 4, 6), U("confederate", "infantry", 14, 0)]
    g = doubles(units=units)
    confirm_all(g)
    while g.team.acting != "confederate-major-1":
        pass_turn(g)
    left_hand = list(g.view("union-major-1")["hand"])
    discards = len(g.cards.discards["union"])
    reb = uid(g, 4, 6)
    card = g.cards.hands["confederate"][0]
    g.apply({"type": "play_card", "card": card, "mode": "skirmish"})
    g.apply({"type": "order", "unit": reb})
    g.apply({"type": "move", "unit": reb, "to": H(3, 7)})
    g.apply({"type": "end_movement"})
    events = g.apply({"type": "attack", "unit": reb, "target": H(2, 8)},
                     rolls=["swords", "swords", "swords"])
    assert [e["seat"] for e in events if e["type"] == "killed_in_action"] == ["union-major-1"]
    assert {g.team.command[u] for u in g.pieces.units if g.pieces.units[u].side == "union"} \
        == {"union-major-2"}
    assert len(g.cards.discards["union"]) == discards + len(left_hand)
    assert "union-major-1" not in g.team.cup
    assert g.view("union-major-1")["hand"] == []


def test_fight_back_is_answered_from_the_hand_of_the_attacked_units_commander():
    from games.engine.battlecry.advanced import doubles as rules
    g = doubles()
    confirm_all(g)
    right = uid(g, 20, 8)
    rules.swap_in(g, "union-major-1")
    item = {"do": "fight_back", "side": "union", "unit": right, "attacker": uid(g, 12, 0),
            "hex": g.pieces.units[right].hex}
    g.decisions.pending.insert(0, item)
    rules.before_decision(g, item)
    assert g.team.holder["union"] == "union-major-2"
    assert g.deciding == "union-major-2"
    assert g.cards.hands["union"] == g.view("union-major-2")["hand"]


# -- whole games -------------------------------------------------------------------------------
SAMPLE = ("antietam", "shiloh", "chancellorsville", "pea-ridge")


@pytest.mark.parametrize("slug", SAMPLE)
def test_random_doubles_games_end_and_replay_from_their_log(slug):
    g, log = play(slug, 3, DOUBLES, limit=3000)
    assert g.outcome is not None
    assert "cup_draw" in {e["type"] for entry in log for e in entry["events"]}
    assert replay(g.scenario, 3, log, options=DOUBLES).to_dict() == g.to_dict()


def test_golden_doubles_playthrough_replays_exactly():
    kinds = replay_golden(GOLDEN, "antietam", 2, DOUBLES, limit=3000)
    assert {"cup_draw", "cup_refilled", "killed_in_action"} <= kinds


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), slug=st.sampled_from(SAMPLE))
def test_round_trip_replay_and_each_player_sees_only_his_own_hand(seed, slug):
    g = Game.new(shipped(slug), options=DOUBLES, seed=seed)
    rng = random.Random(seed)
    log = []
    seats = [s.name for s in g.seats]
    while not g.outcome and len(log) < 150:
        action = g.sample_action(rng)
        events = g.apply(action)
        log.append({"action": action, "events": events})
        for seat in seats:
            view = g.view(seat)
            side = g.team.member(seat).side
            own = (g.cards.hands[side] if g.team.holder[side] == seat
                   else g.team.hands.get(seat, []))
            assert view["hand"] == own
            for e in events:
                if e["type"] == "draw":
                    assert ("cards" in view_event(e, seat)) == (seat == e["private"]["side"])
        assert g.view(None)["hand"] is None
    loaded = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert loaded.to_dict() == g.to_dict()
    assert replay(g.scenario, seed, log, options=DOUBLES).to_dict() == g.to_dict()
    for seat in seats:
        d = g.determinize(seat, seed)
        assert d.view(seat) == g.view(seat)


def test_a_determinized_game_keeps_each_side_s_hand_in_play_when_its_holder_has_fallen():
    # antietam, seed 2, random actions to its end: both Confederate Major-Generals have fallen and
    # the second still holds the side's hand in play; a copy dealt for the first must show
    # the same six cards in that hand, as his own view does
    g = Game.new(shipped("antietam"), options=DOUBLES, seed=2)
    rng = random.Random(2)
    while not g.outcome:
        g.apply(g.sample_action(rng))
    assert set(g.team.fallen) == {"confederate-major-1", "confederate-major-2"}
    assert g.team.holder["confederate"] == "confederate-major-2"
    for seat in [s.name for s in g.seats]:
        assert g.determinize(seat, 2).view(seat) == g.view(seat), seat
