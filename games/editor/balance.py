"""Archie's self-play balance estimate of a battle: a pure function of the battle's data
(the engine and Archie only, no Django), so the editor's task and any other runner share it.

``self_play(data, games_each_way=N)`` plays 2N games of Archie against itself at one level,
the seeds of the two sides' searches exchanged between the first N games and the next N (so
neither side keeps the luckier stream), and returns each side's wins, the first side's
share of the decided games with its 95 per cent Wilson interval, the average length in
turns and the time per game.
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable

from games.ai import choose
from games.engine import DEFAULT_RULESET, SIDES, Game, load_scenario

#: A game still undecided after this many decisions is counted as a draw.
MAX_DECISIONS = 4000


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 per cent Wilson score interval of a proportion ``wins`` / ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_one(scenario, seed: int, level: str, swap: bool, ruleset: str = DEFAULT_RULESET) -> dict:
    """One game of Archie against itself; ``{"winner": side or None, "turns": n}``."""
    game = Game.new(scenario, ruleset=ruleset, seed=seed)
    streams = {side: (seed * 2 + (i ^ int(swap))) for i, side in enumerate(SIDES)}
    side_of = {spec.name: spec.side for spec in game.seats}
    for step in range(MAX_DECISIONS):
        if game.outcome is not None or not game.deciding:
            break
        stream = streams.get(side_of.get(game.deciding, SIDES[0]), 0)
        game.apply(choose(game, game.deciding, level, seed=stream * 100_003 + step))
    winner = (game.outcome or {}).get("winner")
    return {"winner": winner if winner in SIDES else None, "turns": game.turn}


def self_play(data: dict, games_each_way: int = 5, level: str = "recruit", seed: int = 1,
              ruleset: str = DEFAULT_RULESET,
              on_game: Callable[[int, int], None] | None = None) -> dict:
    """The estimate (see the module); ``on_game(done, total)`` is called after each game."""
    scenario = load_scenario(data)
    total = 2 * games_each_way
    wins = {side: 0 for side in SIDES}
    turns = []
    started = time.perf_counter()
    for i in range(total):
        result = play_one(scenario, seed + i, level, swap=i >= games_each_way, ruleset=ruleset)
        if result["winner"]:
            wins[result["winner"]] += 1
        turns.append(result["turns"])
        if on_game is not None:
            on_game(i + 1, total)
    decided = sum(wins.values())
    low, high = wilson(wins[SIDES[0]], decided)
    return {"games": total, "level": level, "wins": wins, "draws": total - decided,
            "share": {"side": SIDES[0], "value": wins[SIDES[0]] / decided if decided else None,
                      "low": low, "high": high},
            "turns": sum(turns) / len(turns) if turns else 0,
            "seconds_per_game": (time.perf_counter() - started) / total if total else 0}
