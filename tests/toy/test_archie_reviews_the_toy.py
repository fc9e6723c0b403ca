"""Archie's review and self-play under a ruleset it has no evaluation for: the toy's turns are
judged by the generic flat search from the acting seat's own information, and its scenario's
balance is measured by self-play."""
import random

from games.ai import Budget
from games.ai.review import TurnRecord, review
from games.ai.selfplay import self_play

from .rules import SCENARIO, TOY, new_game


def records(seed: int):
    g = new_game(seed, {"turns": 4})
    start = g.copy()
    rng = random.Random(seed)
    out, current = [], None
    while not g.outcome:
        if current is None:
            current = TurnRecord(g.turn, g.deciding, g.copy(), [], None)
        if g.deciding == current.seat:
            current.choices.append(g.sample_action(rng))
            g.apply(current.choices[-1])
        else:
            g.apply(g.sample_action(rng))
        if g.turn != current.number or g.outcome:
            current.end = g.copy()
            out.append(current)
            current = None
    return start, out


def test_a_toy_game_is_reviewed_turn_by_turn():
    start, turns = records(5)
    seen = []
    result = review(start, turns, len(turns), Budget(iterations=24), 1,
                    progress=lambda done, total: seen.append(done))
    assert seen == list(range(1, len(turns) + 1))
    assert {"union", "confederate"} == set(result["sides"])
    for t in result["turns"]:
        assert all(0 <= v <= 1 for v in t["chances"].values())
        assert t["best"] is None or (0 <= t["best"] <= 1 and len(t["plan"]) == 1)
    assert any(t["best"] is not None for t in result["turns"])
    last = result["turns"][-1]["chances"]
    assert sorted(last.values()) in ([0.0, 1.0], [0.5, 0.5])        # the game's result
    assert review(start, turns, len(turns), Budget(iterations=24), 1) == result   # repeatable


def test_the_toys_scenario_is_measured_by_self_play():
    result = self_play(SCENARIO, TOY.name, {"turns": 4}, 4, 2)
    assert result.games == 4
    assert sum(s.wins for s in result.sides) + result.draws == 4
