"""How fast Archie's search runs: CPU time per decision at a fixed number of iterations.

Usage:
  python bench/ai_rate.py [--positions 20] [--iterations 1100] [--seeds 3] [--level general]

Searches the positions of bench/ai_stability.py (Archie's decisions with more than three
legal actions, two per default scenario) as the veteran does (or ``--level``, e.g. the
general: ``--iterations`` over its three trees), with a fixed number of iterations and
``--seeds`` seeds each, and prints the CPU time a decision took (median and p95) and the
iterations a CPU-second runs, which is what the level's seconds buy on an idle core. CPU
time of this process (``time.process_time``), so other work on the machine weighs less. A
speed-up that keeps Archie's answers shows here and leaves the series in bench/series/ valid. Asserts nothing.
"""
from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ai_stability import positions  # noqa: E402
from games.ai import Budget, choose  # noqa: E402


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--positions", type=int, default=20)
    p.add_argument("--iterations", type=int, default=1100)
    p.add_argument("--seeds", type=int, default=3)
    p.add_argument("--level", default="veteran", choices=("veteran", "general"))
    args = p.parse_args(argv)
    budget = Budget(iterations=args.iterations)
    found = positions(args.positions)
    cpu = []
    for slug, game, archie in found:
        for seed in range(args.seeds):
            c0 = time.process_time()
            choose(game, archie, args.level, seed, budget)
            cpu.append(time.process_time() - c0)
    p95 = statistics.quantiles(cpu, n=20)[-1]
    print(f"{args.level} at {args.iterations} iterations, {len(cpu)} searches on {len(found)} "
          f"positions: CPU per decision p50 {statistics.median(cpu):.3f} s p95 {p95:.3f} s, "
          f"{args.iterations * len(cpu) / sum(cpu):.0f} iterations a CPU-second")


if __name__ == "__main__":
    main()
