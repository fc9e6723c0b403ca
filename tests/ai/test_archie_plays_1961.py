"""Archie plays the 1961 game through the generic search with the ruleset's own evaluation
(games/engine/mb1961/evaluation.py): the evaluation reads material and threats, the greedy
recruit and the searching veteran take a capture that is there, and Archie's first
rounds against random play are legal actions only."""
import random

from games.ai import Budget, choose
from games.engine.mb1961.evaluation import evaluate
from games.engine.mb1961.ruleset import RULES_1961
from tests.engine.mb1961.helpers import SHIPPED, game, position


def test_the_evaluation_counts_strength_and_the_battles_each_side_could_fight():
    even = position({"UI1": (5, 6), "CI1": (0, 0)})
    ahead = position({"UI1": (5, 6), "UI2": (8, 6), "CI1": (0, 0)})
    threatened = position({"UI1": (5, 6), "UI2": (8, 6), "CI1": (8, 5), "CI2": (8, 4)})
    assert evaluate(even, "union") == 0.0
    assert 0 < evaluate(ahead, "union") <= 1 and evaluate(ahead, "confederate") == -evaluate(ahead, "union")
    assert evaluate(threatened, "union") < evaluate(ahead, "union")
    assert RULES_1961.archie_evaluate(ahead, "union") == evaluate(ahead, "union")


def capture_offered():
    return position({"UI1": (5, 6), "CC1": (5, 5), "UI9": (9, 7), "CI1": (0, 0)}, phase="battle", pips=0)


def test_the_recruit_and_the_veteran_take_the_capture_on_offer():
    for level in ("recruit", "veteran"):
        g = capture_offered()
        action = choose(g, "union", level, seed=3, budget=Budget(iterations=20) if level == "veteran" else None)
        assert action == {"type": "battle", "piece": "UI1", "to": {"col": 5, "row": 4}}, level


def test_the_veteran_plays_legal_actions_against_random_play():
    g = game(seed=21, scenario=SHIPPED, options={"round_limit": 12})
    rng = random.Random(21)
    while not g.outcome and g.turn <= 2:
        seat = g.deciding
        legal = g.legal_actions()
        action = choose(g, seat, "veteran" if seat == "union" else "random", rng.getrandbits(63),
                        Budget(iterations=4))
        assert action in legal
        g.apply(action)
    assert g.turn == 3
