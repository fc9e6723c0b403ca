"""How settled Archie's choices are: the same decision searched with different seeds.

Usage:
  python bench/ai_stability.py [--positions 20] [--seeds 5] [--iterations 1100] [--trees 15]

Positions are taken from games in the solo configuration (greedy on both sides, Archie's
handicap on the scenario's first side), two per default scenario, among Archie's decisions
with more than three legal actions. Each position is searched by the veteran and by the
general with ``--seeds`` different seeds, at ``--iterations`` for the veteran (three times as
many for the general, as in bench/ai_ladder.py), and once by a reference: ``--trees``
veteran-sized trees pooled, as the general pools its three. Prints per level how often its
choice is the reference's, and how many different actions its seeds chose per position (1 is
a settled choice). A level whose extra budget buys no more agreement cannot be expected to
win more games. Asserts nothing.
"""
from __future__ import annotations

import argparse
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ai_ladder import DEFAULT_SCENARIOS, budget_for, scenario  # noqa: E402
from games.ai import Budget, choose  # noqa: E402
from games.ai.search import ensemble_policy, key  # noqa: E402
from games.engine import Game  # noqa: E402

LEVELS = ("veteran", "general")


def positions(count: int):
    """``count`` positions where Archie decides among more than three actions."""
    per = max(1, -(-count // len(DEFAULT_SCENARIOS)))
    out = []
    for i, slug in enumerate(DEFAULT_SCENARIOS):
        sc = scenario(slug)
        archie = sc.first_side
        game = Game.new(sc, ruleset="advanced", options={"archie": archie}, seed=100 + i)
        rng = random.Random(i)
        taken, step = 0, 0
        while game.outcome is None and taken < per:
            side = game.active_side
            step += 1
            if (side == archie and step > 6 and len(game.legal_actions()) > 3
                    and rng.random() < 0.3):
                out.append((slug, game.copy(), archie))
                taken += 1
            game.apply(choose(game, side, "greedy", rng.getrandbits(63)))
    return out[:count]


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--positions", type=int, default=20)
    p.add_argument("--seeds", type=int, default=5)
    p.add_argument("--iterations", type=int, default=1100)
    p.add_argument("--trees", type=int, default=15)
    args = p.parse_args(argv)
    agree = {name: 0 for name in LEVELS}
    distinct = {name: 0 for name in LEVELS}
    found = positions(args.positions)
    for slug, game, archie in found:
        ref = key(ensemble_policy(game, archie, Budget(iterations=args.iterations * args.trees),
                                  9000, trees=args.trees))
        row = []
        for name in LEVELS:
            budget = budget_for(name, args.iterations)
            picks = [key(choose(game, archie, name, s, budget)) for s in range(args.seeds)]
            same, different = sum(k == ref for k in picks), len(set(picks))
            agree[name] += same
            distinct[name] += different
            row.append(f"{name} {same}/{args.seeds} ({different} different)")
        print(f"  {slug}, {dict(ref)['type']} among {len(game.legal_actions())}: "
              + ", ".join(row), flush=True)
    n = len(found) * args.seeds
    for name in LEVELS:
        print(f"{name}: agrees with the {args.trees}-tree reference in {agree[name]} of {n} "
              f"searches ({100 * agree[name] / n:.0f}%), {distinct[name] / len(found):.2f} "
              f"different choices per position over {args.seeds} seeds")


if __name__ == "__main__":
    main()
