"""Archie's self-play on a scenario's data (games/ai/selfplay.py): seeded, counted by side,
with its progress reported game by game."""
from __future__ import annotations

from games.ai.intervals import mean_interval, wilson
from games.ai.selfplay import self_play, summarise
from games.engine import DEFAULT_RULESET
from games.engine.battlecry.sample import sample_scenario


def test_a_run_is_repeatable_and_reports_each_game():
    seen = []
    first = self_play(sample_scenario(), DEFAULT_RULESET, {}, 3, 5, level="random",
                      progress=lambda done, total: seen.append((done, total)))
    again = self_play(sample_scenario(), DEFAULT_RULESET, {}, 3, 5, level="random")
    assert seen == [(1, 3), (2, 3), (3, 3)]
    assert first.as_dict() == again.as_dict()
    assert first.games == 3 and len(first.results) == 3
    assert {s.side for s in first.sides} == {"union", "confederate"}
    assert sum(s.wins for s in first.sides) + first.draws == 3


def test_each_sides_figures_are_a_count_of_the_games():
    results = [{"winner": "union", "flags": {"union": 6, "confederate": 2}},
               {"winner": "confederate", "flags": {"union": 3, "confederate": 6}},
               {"winner": "union", "flags": {"union": 6, "confederate": 5}},
               {"winner": None, "flags": {"union": 4, "confederate": 4}}]
    union, confederate = summarise(["union", "confederate"], results).sides
    assert union.wins == 2 and confederate.wins == 1
    assert union.win_rate == wilson(2.5, 4)                  # a draw is half a win
    assert union.win_rate.value == 0.625
    assert union.margin == mean_interval([4, -3, 1, 0]) and union.margin.value == 0.5
    assert confederate.margin.value == -0.5


def test_wilsons_interval_by_hand():
    rate = wilson(8, 10)
    assert rate.value == 0.8
    assert round(rate.low, 3) == 0.490 and round(rate.high, 3) == 0.943
    assert wilson(0, 0).value is None
