"""Properties of the 1961 rules over hypothesis-chosen seeds on the shipped map: the state
round-trips through ``to_dict``, a game replays from its log with its recorded dice, and the
search path (``sample_action``, ``apply_unchecked``, ``copy``) agrees with the checked path."""
import json
import random
from collections import Counter

from hypothesis import given, settings, strategies as st

from games.engine.mb1961.game import Game1961
from tests.engine.mb1961.helpers import SHIPPED, game

SEEDS = st.integers(min_value=0, max_value=2**31)


def rolls_of(events):
    return [r for e in events if e["type"] == "turn" for r in e["rolls"]]


@settings(max_examples=10, deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=400))
def test_the_state_round_trips_through_to_dict(seed, stop):
    g = game(seed=seed, scenario=SHIPPED)
    rng = random.Random(seed)
    for _ in range(stop):
        if g.outcome:
            break
        g.apply(g.sample_action(rng))
    data = json.loads(json.dumps(g.to_dict()))
    back = Game1961.from_dict(data)
    assert back.to_dict() == g.to_dict() and back.legal_actions() == g.legal_actions()
    assert back.view("union") == g.view("union")


@settings(max_examples=6, deadline=None)
@given(SEEDS)
def test_a_game_replays_from_its_log_with_the_dice_it_recorded(seed):
    g = game(seed=seed, scenario=SHIPPED)
    rng = random.Random(seed)
    log = []
    while not g.outcome:
        action = g.sample_action(rng)
        log.append((action, g.apply(action)))
    again = game(seed=seed + 1, scenario=SHIPPED)          # other dice unless told
    again.dice, again.pips = list(g.setup_events[0]["rolls"]), sum(g.setup_events[0]["rolls"])
    for action, events in log:
        assert again.apply(action, rolls=rolls_of(events)) == events
    assert again.outcome == g.outcome and again.where == g.where and again.captured == g.captured


@settings(max_examples=6, deadline=None)
@given(SEEDS)
def test_the_search_path_agrees_with_the_checked_path(seed):
    checked = game(seed=seed, scenario=SHIPPED)
    searched = checked.copy()
    rng = random.Random(seed)
    while not checked.outcome:
        action = searched.sample_action(rng)
        assert action in checked.legal_actions()
        checked.apply(action)
        searched.apply_unchecked(action)
        assert searched.phase == checked.phase and searched.where == checked.where
    assert searched.to_dict() == checked.to_dict() and searched.legal_actions() == []


@settings(max_examples=6, deadline=None)
@given(SEEDS)
def test_pieces_and_captures_add_up(seed):
    g = game(seed=seed, scenario=SHIPPED)
    rng = random.Random(seed)
    while not g.outcome:
        g.apply_unchecked(g.sample_action(rng))
        assert len(g.where) == len(g.at) and all(g.at[s] == p for p, s in g.where.items())
        for side, mark in (("union", "U"), ("confederate", "C")):
            lost = 22 - sum(1 for p in g.where if p[0] == mark)
            assert g.captured["confederate" if side == "union" else "union"] == lost


def test_a_random_move_is_drawn_uniformly_among_the_legal_ones():
    """The search path draws a move without listing them all; it must still give every legal
    action and each about as often (Archie's playouts and the random player rely on it)."""
    g = game(seed=3, scenario=SHIPPED)
    rng = random.Random(5)
    for _ in range(40):
        g.apply(g.sample_action(rng))
    legal = [json.dumps(a, sort_keys=True) for a in g.legal_actions()]
    assert g.phase == "move" and len(legal) > 100 and len(set(legal)) == len(legal)
    draws = 120 * len(legal)
    counts = Counter(json.dumps(g.sample_action(rng), sort_keys=True) for _ in range(draws))
    assert set(counts) == set(legal)
    # Pearson's statistic for a uniform draw: about the degrees of freedom; a draw uniform
    # over the pieces instead of the moves gives thousands
    chi2 = sum((counts[a] - 120) ** 2 / 120 for a in legal)
    dof = len(legal) - 1
    assert chi2 < dof + 5 * (2 * dof) ** 0.5


def test_a_random_move_of_a_crowded_side_is_always_legal():
    g = game(seed=8, scenario=SHIPPED)
    rng = random.Random(8)
    while not g.outcome:
        legal = g.legal_actions()
        for _ in range(5):
            assert g.sample_action(rng) in legal
        g.apply(g.sample_action(rng))
