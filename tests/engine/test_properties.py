"""Properties over random legal play (hypothesis chooses the seeds)."""
import json
import pathlib
import random

import pytest

from hypothesis import given, settings, strategies as st

from games.engine import Game, load_scenario, replay, view_event
from games.engine.battlecry.sample import sample_scenario
from games.engine.battlecry.units import FULL_FIGURES

SCENARIO = load_scenario(sample_scenario())
START = Game.new(SCENARIO, seed=0)
ALL_UNITS = {u.id: u.side for u in START.units.values()}
ALL_GENERALS = {g.id: g.side for g in START.generals.values()}


def random_game(seed, max_actions=400, options=None):
    rng = random.Random(seed)
    game = Game.new(SCENARIO, seed=seed, options=options)
    log = []
    for _ in range(max_actions):
        if game.outcome:
            break
        action = rng.choice(game.legal_actions())
        log.append({"action": action, "events": game.apply(action)})
        yield game, log


def check_board(game):
    seen = set()
    for u in game.pieces.units.values():
        assert 1 <= u.figures <= FULL_FIGURES[u.kind]
        assert u.hex not in seen, "two units on one hex"
        seen.add(u.hex)
        assert game.pieces.unit_at[u.hex] == u.id
    assert sum(x is not None for x in game.pieces.unit_at) == len(game.pieces.units)
    gens = [g.hex for g in game.pieces.generals.values()]
    assert len(gens) == len(set(gens)), "two generals on one hex"
    for g in game.pieces.generals.values():
        assert game.pieces.general_at[g.hex] == g.id
        uid = game.pieces.unit_at[g.hex]
        assert uid is None or game.pieces.units[uid].side == g.side


def check_flags(game):
    for side in ("union", "confederate"):
        captured = [c["id"] for c in game.score.captured[side]]
        assert len(captured) == len(set(captured))
        # every starting enemy piece gone from the board is on this side's stand...
        lost_units = [u for u, s in ALL_UNITS.items() if s != side and u not in game.pieces.units]
        lost_generals = [g for g, s in ALL_GENERALS.items() if s != side and g not in game.pieces.generals]
        assert set(lost_units + lost_generals) <= set(captured)
        # ...and so is every reinforcement called up and lost since
        extra = set(captured) - set(lost_units + lost_generals)
        assert all(x.startswith("r" + ("u" if side == "confederate" else "c")) for x in extra)
        assert not extra & set(game.pieces.units)
        tokens = sum(o.flags for o in game.objectives_held(side)) + game.score.temp_flags[side]
        assert game.flags(side) == len(captured) + tokens


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_pieces_stay_consistent_and_flags_add_up(seed):
    for game, _ in random_game(seed):
        check_board(game)
        check_flags(game)


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2**31), st.integers(min_value=1, max_value=300))
def test_state_round_trips_through_to_dict(seed, stop):
    for n, (game, _) in enumerate(random_game(seed, max_actions=stop)):
        pass
    d = json.loads(json.dumps(game.to_dict()))
    again = Game.from_dict(d)
    assert again.to_dict() == game.to_dict()
    assert again.legal_actions() == game.legal_actions()
    assert game.copy().to_dict() == game.to_dict()


@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_replay_from_the_log_reproduces_the_state(seed):
    for game, log in random_game(seed, max_actions=300):
        pass
    rebuilt = replay(SCENARIO, seed, log)
    assert rebuilt.to_dict() == game.to_dict()


@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_views_never_hold_the_other_hand_or_any_deck_order(seed):
    for game, log in random_game(seed, max_actions=250):
        for side, foe in (("union", "confederate"), ("confederate", "union")):
            v = game.view(side)
            assert v["hand"] == game.cards.hands[side]
            assert set(v) & {"decks", "rng", "seed", "pending"} == set()
            assert v["hand_counts"][foe] == len(game.cards.hands[foe])
            for e in log[-1]["events"]:
                seen = view_event(e, side)
                assert "secret" not in seen and "private" not in seen
                if e["type"] == "draw" and e["side"] == foe:
                    assert "cards" not in seen
                text = json.dumps(seen)
                assert '"order"' not in text and '"extras"' not in text


SHIPPED = pathlib.Path(__file__).resolve().parents[2] / "games" / "scenarios"


def afresh(game):
    """A copy of ``game`` that remembers no answer."""
    fresh = game.copy()
    fresh.cache = {}
    return fresh


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["bench", "fredericksburg", "gettysburg-devils-den", "shiloh",
                        "chancellorsville-rulebook"]),
       st.integers(min_value=0, max_value=2**31))
def test_remembered_answers_match_answers_worked_out_afresh(name, seed):
    # a copy keeps the answers remembered: with its cache emptied it works every one out again
    scenario = SCENARIO if name == "bench" else load_scenario(
        json.loads((SHIPPED / f"{name}.json").read_text()))
    rng = random.Random(seed)
    game = Game.new(scenario, seed=seed)
    for _ in range(500):
        if game.outcome:
            break
        actions = game.legal_actions()
        assert actions == afresh(game).legal_actions()
        game.apply(rng.choice(actions))


@pytest.mark.parametrize("name", ["gettysburg-double", "chickamauga-double"])
def test_remembered_reach_of_generals_matches_reach_worked_out_afresh_on_the_double_board(name):
    # six generals a side, most far apart: a general's move forgets only the reach of the
    # generals it could touch; every answer must still be the one worked out afresh
    scenario = load_scenario(json.loads((SHIPPED / f"{name}.json").read_text()))
    general_moves = 0
    for seed in range(4):
        rng = random.Random(seed)
        game = Game.new(scenario, seed=seed)
        for _ in range(600):
            if game.outcome:
                break
            actions = game.legal_actions()
            assert actions == afresh(game).legal_actions()
            action = rng.choice(actions)
            general_moves += action["type"] == "move_general"
            game.apply(action)
    assert general_moves > 100
