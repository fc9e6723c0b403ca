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

TURN_CAP = 400


def built_in() -> dict:
    """A mid-sized open battle: 8 infantry, 2 cavalry, 2 artillery, 2 generals a side."""
    def row(side, r, kinds, cols):
        return [{"side": side, "kind": k, "hex": {"col": c, "row": r}} for k, c in zip(kinds, cols)]
    units = (row("union", 7, ["infantry"] * 6, [3, 7, 9, 13, 17, 21])
             + row("union", 8, ["artillery", "cavalry", "infantry", "infantry", "cavalry", "artillery"],
                   [2, 6, 10, 14, 18, 22])
             + row("confederate", 1, ["infantry"] * 6, [3, 7, 9, 13, 17, 21])
             + row("confederate", 0, ["artillery", "cavalry", "infantry", "infantry", "cavalry",
                                      "artillery"], [2, 6, 10, 14, 18, 22]))
    terrain = ([{"kind": "woods", "hex": {"col": c, "row": 4}} for c in (4, 6, 18)]
               + [{"kind": "hill", "hex": {"col": c, "row": 3}} for c in (11, 13)]
               + [{"kind": "town", "hex": {"col": 12, "row": 6}},
                  {"kind": "fence", "hex": {"col": 15, "row": 5}, "sides": ["NW", "NE"]}])
    return {
        "format": 1, "slug": "bench-field", "name": "Bench field", "dates": ["1862-06-01"],
        "sides": {"union": {"position": "bottom", "cards": 4, "flags": 6},
                  "confederate": {"position": "top", "cards": 4, "flags": 6}},
        "first_side": "union", "terrain": terrain, "units": units,
        "generals": [{"side": "union", "hex": {"col": 10, "row": 8}},
                     {"side": "union", "hex": {"col": 14, "row": 8}},
                     {"side": "confederate", "hex": {"col": 10, "row": 0}},
                     {"side": "confederate", "hex": {"col": 14, "row": 0}}],
    }


def play(scenario, seed: int) -> tuple[int, bool]:
    rng = random.Random(seed)
    game = Game.new(scenario, seed=seed)
    actions = 0
    while game.outcome is None and game.turn <= TURN_CAP:
        choices = game.legal_actions()
        game.apply(rng.choice(choices))
        actions += 1
    return actions, game.outcome is not None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--scenario")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    data = json.loads(pathlib.Path(args.scenario).read_text()) if args.scenario else built_in()
    scenario = load_scenario(data)
    total_actions = finished = 0
    start = time.perf_counter()
    for i in range(args.games):
        n, done = play(scenario, args.seed + i)
        total_actions += n
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
    print(f"actions/s: {total_actions / elapsed:.0f}  (mean {total_actions / args.games:.0f} actions a game)")
    print(f"state copy: {copy_us:.1f} us (copy()), {dict_us:.0f} us (to_dict + from_dict)")


if __name__ == "__main__":
    main()
