"""How long Archie's review of a finished game takes: a 30-turn game at the veteran's budget.

Usage:
  python bench/review.py [--turns 30] [--seconds 1.0] [--scenario shiloh] [--seed 3]

Plays a game of the recruit against the recruit (seeded), keeps its first ``--turns`` turns
as the site's replay hands them to the review (games/reviews.py, ``turn_records``), and
reviews them with games/ai/review.py at ``--seconds`` a turn (the site's
``REVIEW_SECONDS_PER_TURN``; 1.0, the veteran's second a decision, by default). Prints the
wall time and this process's CPU time of the whole review and per turn, and the turns marked.
The review's cost is bounded by the setting: about the budget a turn, plus each side's
chance after the turn and, when the search did not follow the player's plan, eight plays
of the player's turn. Asserts nothing.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.ai import Budget, choose  # noqa: E402
from games.ai.review import TurnRecord, review  # noqa: E402
from games.engine import DEFAULT_RULESET, Game, load_scenario  # noqa: E402


def played(scenario: str, seed: int, turns: int):
    """The state at the deal and the records of the first ``turns`` turns of a recruit game."""
    data = json.loads((ROOT / "games" / "scenarios" / f"{scenario}.json").read_text())
    game = Game.new(load_scenario(data), ruleset=DEFAULT_RULESET, options={}, seed=seed)
    start = game.copy()
    rng = random.Random(seed)
    records: list[TurnRecord] = []
    current = None
    while game.outcome is None and len(records) < turns:
        if current is None:
            current = TurnRecord(game.turn, game.deciding, game.copy(), [], None)
            side = game.active_side
        action = choose(game, game.deciding, "recruit", rng.getrandbits(63))
        if game.active_side == side:
            current.choices.append(action)
        game.apply(action)
        if game.turn != current.number or game.outcome:
            current.end = game.copy()
            records.append(current)
            current = None
    return start, records


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--turns", type=int, default=30)
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--scenario", default="shiloh")
    p.add_argument("--seed", type=int, default=3)
    args = p.parse_args(argv)
    start, records = played(args.scenario, args.seed, args.turns)
    wall, cpu = time.perf_counter(), time.process_time()
    result = review(start, records, len(records), Budget(seconds=args.seconds), args.seed)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    n = len(records)
    print(f"{args.scenario} seed {args.seed}: {n} turns reviewed at {args.seconds:g} s a turn: "
          f"{wall:.1f} s wall ({wall / n:.2f} s a turn), {cpu:.1f} s CPU ({cpu / n:.2f} s a turn); "
          f"marked turns {result['marked']}")


if __name__ == "__main__":
    main()
