"""Archie against Archie on one scenario: how the scenario's sides fare when both are played
alike. A pure function over the engine and Archie, so it measures a scenario's data as it
is (a shipped file, or a draft being edited) without the site.

    result = self_play(data, ruleset, options, games=20, seed=7, progress=print)

Both sides are played by the same level with full hands (no solo handicap), so what differs
between them is the scenario. Every game is seeded from ``seed`` and its number: the same
call gives the same games, and a game can be played again alone. See docs/review.md.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.engine import Game, get_ruleset

from .budget import Budget
from .intervals import Interval, mean_interval, wilson
from .levels import choose

#: A game still going at this turn stops and counts as a draw on the flags it has.
TURN_CAP = 150
#: Archie's level on both sides when none is given: quick (about a second a game) and, unlike
#: random play, trying to win.
DEFAULT_LEVEL = "recruit"

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class SideResult:
    side: str
    wins: int
    win_rate: Interval          # a draw counts half
    margin: Interval            # this side's flags minus the other's, per game

    def as_dict(self) -> dict:
        return {"side": self.side, "wins": self.wins, "win_rate": self.win_rate.as_dict(),
                "margin": self.margin.as_dict()}


@dataclass(frozen=True)
class SelfPlayResult:
    games: int
    draws: int
    sides: list[SideResult]
    results: list[dict] = field(default_factory=list)   # per game: winner, flags, turns

    def as_dict(self) -> dict:
        return {"games": self.games, "draws": self.draws,
                "sides": [s.as_dict() for s in self.sides], "results": self.results}


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` of a run seeded ``seed``."""
    return random.Random(f"selfplay:{seed}:{number}").getrandbits(63)


def play_one(scenario: Any, ruleset: str, options: Mapping[str, Any], level: str,
             budget: Budget | None, seed: int) -> dict:
    """One game with ``level`` on every seat: its winner (None for a draw), flags by side and
    turns."""
    game = Game.new(scenario, ruleset=ruleset, options=dict(options), seed=seed)
    rules = get_ruleset(ruleset)
    rng = random.Random(seed)
    while game.outcome is None and game.turn <= TURN_CAP:
        seat = game.deciding
        if not seat:                          # a step the site takes itself (Nightfall's end)
            step = rules.site_steps.get(game.phase)
            if step is None:
                break
            game.apply({"type": step})
            continue
        game.apply(choose(game, seat, level, rng.getrandbits(63), budget))
    outcome = game.outcome or {}
    flags = dict(outcome.get("flags") or {})
    return {"seed": seed, "winner": outcome.get("winner"), "flags": flags, "turns": game.turn}


def summarise(sides: list[str], results: list[dict]) -> SelfPlayResult:
    """Each side's share of the games (a draw half) and flag margin, with 95% intervals."""
    n = len(results)
    draws = sum(1 for r in results if r["winner"] is None)
    out = []
    for side in sides:
        wins = sum(1 for r in results if r["winner"] == side)
        margins = [r["flags"].get(side, 0) - max((v for s, v in r["flags"].items() if s != side),
                                                 default=0)
                   for r in results]
        out.append(SideResult(side, wins, wilson(wins + draws / 2, n), mean_interval(margins)))
    return SelfPlayResult(n, draws, out, results)


def self_play(data: Mapping[str, Any], ruleset: str, options: Mapping[str, Any], games: int,
              seed: int, progress: Progress | None = None, level: str = DEFAULT_LEVEL,
              budget: Budget | None = None) -> SelfPlayResult:
    """``games`` games of the scenario file ``data`` under ``ruleset`` and ``options``, Archie
    at ``level`` on every seat; ``progress(done, games)`` is called after each game."""
    rules = get_ruleset(ruleset)
    scenario = rules.load_scenario(dict(data))
    sides = list(dict.fromkeys(s.side for s in rules.seat_plan(scenario, options)))
    results = []
    for number in range(games):
        results.append(play_one(scenario, ruleset, options, level, budget, game_seed(seed, number)))
        if progress is not None:
            progress(number + 1, games)
    return summarise(sides, results)
