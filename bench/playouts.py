"""Random legal playouts: full games per second, actions per second, state copy time.

Usage:  python bench/playouts.py [--games N] [--scenario games/scenarios/<slug>.json] [--seed S]

Plays games to the end on one core, each action chosen uniformly at random from
``legal_actions()`` and applied through the checked ``apply``.  A game that reaches
the turn cap is counted and reported separately.  Prints the figures; asserts nothing.
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

from games.engine import Game, load_scenario  # noqa: E402
from games.engine.hexgrid import precompute_sight_lines  # noqa: E402
from games.engine.sample import sample_scenario  # noqa: E402

TURN_CAP = 400


def play(scenario, seed: int, clock: dict) -> tuple[int, int, bool]:
    """One game; returns (actions, turns, finished) and adds the time spent listing and
    applying actions to ``clock``."""
    rng = random.Random(seed)
    game = Game.new(scenario, seed=seed)
    actions = 0
    now = time.perf_counter
    listing = applying = 0.0
    while game.outcome is None and game.turn <= TURN_CAP:
        t0 = now()
        choices = game.legal_actions()
        t1 = now()
        game.apply(rng.choice(choices))
        t2 = now()
        listing += t1 - t0
        applying += t2 - t1
        actions += 1
    clock["listing"] += listing
    clock["applying"] += applying
    return actions, game.turn, game.outcome is not None


def machine_speed() -> float:
    """Millions of small dicts built a second: a yardstick for comparing runs across machines."""
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        for i in range(200_000):
            {"type": "move", "unit": i}
        best = min(best, time.perf_counter() - t0)
    return 0.2 / best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--scenario")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    data = json.loads(pathlib.Path(args.scenario).read_text()) if args.scenario else sample_scenario()
    scenario = load_scenario(data)
    precompute_sight_lines()        # geometry tables are built once per process
    total_actions = total_turns = finished = 0
    clock = {"listing": 0.0, "applying": 0.0}
    start = time.perf_counter()
    for i in range(args.games):
        n, turns, done = play(scenario, args.seed + i, clock)
        total_actions += n
        total_turns += turns
        finished += done
    elapsed = time.perf_counter() - start
    game = Game.new(scenario, seed=args.seed)
    reps = 2000
    t0 = time.perf_counter()
    for _ in range(reps):
        game.copy()
    copy_us = (time.perf_counter() - t0) / reps * 1e6
    t0 = time.perf_counter()
    for _ in range(200):
        Game.from_dict(game.to_dict(), scenario)
    dict_us = (time.perf_counter() - t0) / 200 * 1e6
    print(f"scenario: {scenario.slug}  games: {args.games}  finished: {finished}  "
          f"capped at {TURN_CAP} turns: {args.games - finished}")
    print(f"games/s: {args.games / elapsed:.1f}")
    print(f"actions/s: {total_actions / elapsed:.0f}  (mean {total_actions / args.games:.0f} actions "
          f"and {total_turns / args.games:.0f} turns a game)")
    print(f"per action: {clock['listing'] / total_actions * 1e6:.1f} us legal_actions() + "
          f"{clock['applying'] / total_actions * 1e6:.1f} us apply()")
    print(f"machine yardstick: {machine_speed():.1f} M small dicts/s (to compare runs across machines)")
    print(f"state copy: {copy_us:.1f} us (copy()), {dict_us:.0f} us (to_dict + from_dict)")


if __name__ == "__main__":
    main()
