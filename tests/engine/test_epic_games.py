"""Whole Epic games (docs/rulings.md E1-E12): seeded random games to their end on four
shipped single-board scenarios, a golden playthrough, and properties over hypothesis-chosen
seeds (the saved form round-trips, the log replays, no seat's view or log holds what another
seat hides)."""
import json
import pathlib
import random

import pytest
from hypothesis import given, settings, strategies as st

from games.engine import Game, replay, view_event
from tests.engine.scenarios import shipped
from tests.engine.team_games import play, replay_golden

EPIC = {"team_mode": "epic"}
GOLDEN = pathlib.Path(__file__).parent / "golden" / "epic-shiloh-seed-5.json"

#: Four single-board scenarios (AR EPIC GAMES L482: any scenario): three figures a side,
#: two against three, one against two (a lone Major-General, given every card), and three
#: against one.
SAMPLE = ("antietam", "perryville", "chancellorsville", "new-hope-church")
#: The double-board battle laid out for an Epic table of eight (ruling B4).
DOUBLE = "gettysburg-double-epic"


@pytest.mark.parametrize("slug", (*SAMPLE, DOUBLE))
def test_random_epic_games_end_and_replay_from_their_log(slug):
    game, log = play(slug, 3, EPIC, limit=3000)
    assert game.outcome is not None
    kinds = {e["type"] for entry in log for e in entry["events"]}
    assert {"command_confirmed", "card_given"} <= kinds
    again = replay(game.scenario, 3, log, options=EPIC)
    assert again.to_dict() == game.to_dict()


def test_the_epic_double_board_seats_a_commanding_general_and_a_major_general_a_section():
    """Ruling B4: eight seats, one Major-General for each section of the double board, each
    commanding at the deal the units of his own section."""
    game = Game.new(shipped(DOUBLE), options=EPIC, seed=1)
    assert game.board.name == "double"
    assert [s.name for s in game.seats] == [
        "union-commander", "union-major-1", "union-major-2", "union-major-3",
        "confederate-commander", "confederate-major-1", "confederate-major-2", "confederate-major-3"]
    # columns of the left flank, the centre and the right flank, seen from the bottom seat
    spans = {1: range(0, 18), 2: range(17, 34), 3: range(33, 51)}
    for side in ("union", "confederate"):
        for n, span in spans.items():
            cols = [game.board.hexes[game.pieces.units[u].hex].col
                    for u in game.team.units_of(f"{side}-major-{n}")]
            assert cols and all(c in span for c in cols), (side, n, cols)
    assert len(Game.new(shipped("gettysburg-double"), options=EPIC, seed=1).seats) == 14


def test_golden_epic_playthrough_replays_exactly():
    kinds = replay_golden(GOLDEN, "shiloh", 5, EPIC, limit=3000)
    assert {"command_confirmed", "card_given", "initiative_roll", "killed_in_action"} <= kinds


def check_what_each_seat_sees(game, events, seats):
    """Both decks hold the same card names, so the check is by place, not by name: the hand
    only in its holder's view, drawn cards only in its holder's log, the card given only to
    its Commanding General and receiver, a decision's cards only to the seat taking it."""
    for seat in seats:
        side = game.team.member(seat).side
        holder = game.hand_owner(side)
        view = game.view(seat)
        assert view["hand"] == (game.cards.hands[side] if seat == holder else None)
        given_to = {game.team.acting, game.hand_owner(game.current.active)}
        assert view["team"]["given"] == (game.team.given if seat in given_to else None)
        if view["decision"] and "cards" in view["decision"]:
            assert seat == game.deciding
        for e in events:
            seen = view_event(e, seat)
            if e["type"] == "draw":
                assert e["private"]["side"] == game.hand_owner(e["side"])
                assert ("cards" in seen) == (seat == game.hand_owner(e["side"]))
            if e["type"] == "card_given":
                assert ("card" in seen) == (seat == e["to"])
    spectator = game.view(None)
    assert spectator["hand"] is None and spectator["team"]["given"] is None


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), slug=st.sampled_from((*SAMPLE, DOUBLE)))
def test_round_trip_replay_and_no_seat_sees_another_seats_cards(seed, slug):
    game = Game.new(shipped(slug), options=EPIC, seed=seed)
    rng = random.Random(seed)
    log = []
    seats = [s.name for s in game.seats]
    while not game.outcome and len(log) < 150:
        action = game.sample_action(rng)
        events = game.apply(action)
        log.append({"action": action, "events": events})
        check_what_each_seat_sees(game, events, seats)
    loaded = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert loaded.to_dict() == game.to_dict()
    assert [loaded.view(s) for s in seats] == [game.view(s) for s in seats]
    assert replay(game.scenario, seed, log, options=EPIC).to_dict() == game.to_dict()
    for seat in seats:
        assert game.determinize(seat, seed).view(seat) == game.view(seat)
