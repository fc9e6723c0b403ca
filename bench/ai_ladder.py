"""Archie's strength and speed: side-swapped matches between two policies or levels.

Usage:
  python bench/ai_ladder.py --pair veteran random --pair veteran greedy \
      --games 400 --scenarios antietam,shiloh,... --procs 2 [--iterations N] [--seed S] \
      [--ruleset advanced|standard|mb1961] [--plain] [--paired] [--record FILE]

Each game is played in the solo configuration: the first policy (A) sits in Archie's seat
(no hand, top card of its deck, one extra attack die) and the second (B) in the person's
seat with a hand. The person is the scenario's first player in game 1 of a match and the
second player in the re-match, so the games of a match swap sides. ``--plain`` drops
Archie's handicap (both sides hold hands), to compare two levels on equal terms.
Games are spread over the scenarios in turn, over ``--procs`` processes. Under a ruleset of
another game (``--ruleset 1961``) the scenarios are that format's shipped files
(games/scenarios/<format>/), A holds the seats of one side and B the other's, swapped in the
re-match, and "flags" are what the game's result counts (the 1961 game: pieces captured).

Prints one line per pair:
  A vs B: N games, A won W (xx.x%), 95% CI [lo%, hi%], A think p50 X s p95 Y s, mean flags A a B b
(then the CPU time per decision, which a busy machine does not inflate, and A's flags minus
B's per game with a 95% interval).

Paired games: the two games of a match are one deal and one dice stream (the same seed: the
same decks for each side, the same sequence of random numbers for the deal, the dice and
the reshuffles) played twice with the sides swapped, A taking the army B had. ``--paired``
adds the pairing's figures: A's flag margin averaged over the two games of each pair (the
advantage of the side, the deal and the early dice cancel within a pair), its 95% interval
over the pairs (Student's t), how many pairs A won twice, split and lost twice, and how much
narrower the paired interval is than the per-game one on the same games. It works on a kept
series too: the games of a match have always shared their seed. ``--record FILE``
keeps every finished game in FILE with the machine's load and prints a running tally; run
again with the same arguments and it plays only the games FILE lacks. A game still
running at the turn cap counts as not won. ``--iterations N`` replaces the levels' time
budgets by search iterations: N for veteran, 3N for general (repeatable, and the way to
project the cost of a long run). Besides Archie's levels and policies, A and B may be the
bench-only policies of bench/bench_policies.py (a clairvoyant search, the tuner's candidate
weights), which the site cannot select. Asserts nothing.
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import pathlib
import random
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.ai import LEVELS, POLICIES, Budget, choose  # noqa: E402
from games.ai.levels import has_battlecry_kit  # noqa: E402
from games.engine import DEFAULT_RULESET, RULESETS, Game, load_scenario, load_scenario_as  # noqa: E402
from games.engine.core import side_of_seat  # noqa: E402
from games.ai.evaluation import other  # noqa: E402
from bench.bench_policies import BENCH_POLICIES, BENCH_TREES  # noqa: E402

DEFAULT_SCENARIOS = ("antietam", "belmont", "cedar-mountain", "first-bull-run", "fredericksburg",
                     "gaines-mill", "kernstown", "mcdowell", "shiloh", "wilsons-creek")
TURN_CAP = 150
_SCENARIOS: dict = {}


def scenario(slug: str):
    if slug not in _SCENARIOS:
        path = ROOT / "games" / "scenarios" / f"{slug}.json"
        _SCENARIOS[slug] = load_scenario(json.loads(path.read_text()))
    return _SCENARIOS[slug]


def own_scenario(ruleset: str, slug: str):
    fmt = RULESETS[ruleset].scenario_format
    if (fmt, slug) not in _SCENARIOS:
        path = ROOT / "games" / "scenarios" / fmt / f"{slug}.json"
        _SCENARIOS[(fmt, slug)] = load_scenario_as(fmt, json.loads(path.read_text()))
    return _SCENARIOS[(fmt, slug)]


def play_other_game(spec: dict) -> dict:
    """One game under a ruleset of another game: A holds the seats of its side (Archie's, as
    the ruleset seats the computer, unless plain), B the other side's."""
    rules = RULESETS[spec["ruleset"]]
    sc = own_scenario(spec["ruleset"], spec["scenario"])
    plan = rules.seat_plan(sc, {})
    sides = list(dict.fromkeys(s.side for s in plan))
    archie = sides[spec["leg"] % 2]
    person = sides[1 - spec["leg"] % 2]
    computer = () if spec["plain"] else tuple(s.name for s in plan if s.side == archie)
    game = Game.new(sc, ruleset=spec["ruleset"], seed=spec["seed"], computer_seats=computer)
    seats = {archie: spec["a"], person: spec["b"]}
    budgets = {s: budget_for(name, spec["iterations"]) for s, name in seats.items()}
    rng = random.Random(spec["seed"])
    think, cpu = [], []
    while game.outcome is None and game.turn <= TURN_CAP:
        seat = game.deciding
        assert seat is not None
        side = side_of_seat(game.seats, seat)
        t0, c0 = time.perf_counter(), time.process_time()
        action = decide(game, seat, seats[side], rng.getrandbits(63), budgets[side])
        if side == archie:
            think.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        game.apply(action)
    out = game.outcome or {"winner": None, "flags": {}}
    flags = out.get("flags") or {}
    return {"won": out["winner"] == archie, "flags_a": flags.get(archie, 0),
            "flags_b": flags.get(person, 0),
            "margin": flags.get(archie, 0) - flags.get(person, 0), "reason": out.get("reason", "turn cap"),
            "turns": game.turn, "think": think, "cpu": cpu}


def new_game(spec: dict) -> tuple:
    """The game of ``spec`` as dealt, the side A plays (Archie's seat) and B's (the person's):
    B is the scenario's first side in leg 0 and the other side in leg 1, on the same seed."""
    sc = scenario(spec["scenario"])
    person = sc.first_side if spec["leg"] == 0 else other(sc.first_side)
    archie = other(person)
    options = {} if spec["plain"] else {"archie": archie}
    return Game.new(sc, ruleset=spec["ruleset"], options=options, seed=spec["seed"]), archie, person


def play_game(spec: dict, watch=None) -> dict:
    """One game: A in Archie's seat (unless plain), B in the person's seat. ``watch``, if
    given, is called with the events of each action as it is applied (bench/dice_luck.py)."""
    if not has_battlecry_kit(RULESETS[spec["ruleset"]]):
        return play_other_game(spec)
    game, archie, person = new_game(spec)
    seats = {archie: spec["a"], person: spec["b"]}
    budgets = {s: budget_for(name, spec["iterations"]) for s, name in seats.items()}
    rng = random.Random(spec["seed"])
    think, cpu = [], []
    while game.outcome is None and game.current.number <= TURN_CAP:
        side = game.active_side
        t0, c0 = time.perf_counter(), time.process_time()
        action = decide(game, side, seats[side], rng.getrandbits(63), budgets[side])
        if side == archie:
            think.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        events = game.apply(action)
        if watch is not None:
            watch(events)
    out = game.outcome or {"winner": None, "flags": {s: game.flags(s) for s in (archie, person)}}
    return {"won": out["winner"] == archie, "flags_a": out["flags"][archie],
            "flags_b": out["flags"][person], "margin": out["flags"][archie] - out["flags"][person],
            "reason": out.get("reason", "turn cap"),
            "turns": game.current.number, "think": think, "cpu": cpu}


def decide(game, seat: str, name: str, seed: int, budget):
    """The action of policy or level ``name``: one of Archie's (``choose``), or a policy that
    exists for the bench only (bench/bench_policies.py), which plays a Battle Cry side."""
    if name in BENCH_POLICIES:
        return BENCH_POLICIES[name](game, side_of_seat(game.seats, seat),
                                    budget or LEVELS["veteran"].budget, seed)
    return choose(game, seat, name, seed, budget)


def budget_for(name: str, iterations: int | None):
    """``--iterations`` is the veteran's; a searching level gets it in proportion to its
    seconds (the general three times as many), so the levels stay apart."""
    if not iterations:
        return None
    if name in BENCH_POLICIES:
        return Budget(iterations=iterations * BENCH_TREES.get(name, 1))
    level = LEVELS.get(name)
    if level is not None and level.budget.seconds:
        return Budget(iterations=max(1, round(iterations * level.budget.seconds
                                               / LEVELS["veteran"].budget.seconds)))
    return Budget(iterations=iterations)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def percentile(values: list, q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(math.ceil(q * len(s))) - 1)]


def match_specs(a: str, b: str, games: int, scenarios: list, iterations: int | None, plain: bool,
                seed: int, ruleset: str) -> list[dict]:
    """The games of a series: matches of two legs on one seed, over the scenarios in turn."""
    return [{"a": a, "b": b, "scenario": scenarios[(i // 2) % len(scenarios)], "leg": i % 2,
             "seed": seed * 1_000_003 + i // 2, "iterations": iterations, "plain": plain,
             "ruleset": ruleset}
            for i in range(games)]


def spec_key(spec: dict) -> tuple:
    """What makes two recorded games the same game of a series."""
    return tuple(spec[k] for k in ("a", "b", "ruleset", "plain", "iterations", "scenario", "leg",
                                   "seed"))


def recorded(path: pathlib.Path | None) -> dict:
    """The games already kept in ``path`` (one JSON object a line), by their spec key."""
    if path is None or not path.exists():
        return {}
    out = {}
    for line in path.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            out[spec_key(row["spec"])] = row["result"]
    return out


def play_and_note(spec: dict) -> tuple[dict, dict]:
    result = play_game(spec)
    result["load"] = round(os.getloadavg()[0], 2)
    return spec, result


def run_pair(a: str, b: str, games: int, scenarios: list, procs: int, iterations: int | None,
             plain: bool, seed: int, ruleset: str, record: pathlib.Path | None = None,
             paired: bool = False) -> str:
    specs = match_specs(a, b, games, scenarios, iterations, plain, seed, ruleset)
    kept = recorded(record)
    todo = [s for s in specs if spec_key(s) not in kept]
    if record is not None and len(todo) < len(specs):
        print(f"{a} vs {b}: {len(specs) - len(todo)} games already in {record}", flush=True)
    pool = multiprocessing.Pool(procs) if procs > 1 and len(todo) > 1 else None
    finished = (pool.imap_unordered(play_and_note, todo, chunksize=1) if pool
                else map(play_and_note, todo))
    for n, (spec, result) in enumerate(finished, 1):
        kept[spec_key(spec)] = result
        if record is not None:
            with record.open("a") as f:
                f.write(json.dumps({"spec": spec, "result": result}) + "\n")
            done = [kept[spec_key(s)] for s in specs if spec_key(s) in kept]
            print(f"  [{len(done)}/{len(specs)}] {spec['scenario']} leg {spec['leg']}: "
                  f"{a} {'won' if result['won'] else 'did not win'} "
                  f"({result['flags_a']}-{result['flags_b']}); "
                  f"{summary(a, b, done)}", flush=True)
    if pool:
        pool.close()
        pool.join()
    line = summary(a, b, [kept[spec_key(s)] for s in specs])
    if paired:
        line += "\n  " + paired_margin(a, b, [(kept[spec_key(x)], kept[spec_key(y)])
                                          for x, y in zip(specs[::2], specs[1::2])])
    return line


def summary(a: str, b: str, results: list) -> str:
    wins = sum(r["won"] for r in results)
    lo, hi = wilson(wins, len(results))
    think = [t for r in results for t in r["think"]]
    cpu = [t for r in results for t in r["cpu"]]
    fa = statistics.mean(r["flags_a"] for r in results)
    fb = statistics.mean(r["flags_b"] for r in results)
    return (f"{a} vs {b}: {len(results)} games, {a} won {wins} ({100 * wins / len(results):.1f}%), "
            f"95% CI [{100 * lo:.1f}%, {100 * hi:.1f}%], {a} think p50 {percentile(think, 0.5):.3f} s "
            f"p95 {percentile(think, 0.95):.3f} s, mean flags {a} {fa:.1f} {b} {fb:.1f}, "
            f"{a} cpu p50 {percentile(cpu, 0.5):.3f} s p95 {percentile(cpu, 0.95):.3f} s, "
            f"{flag_margin(a, results)}")


def flag_margin(a: str, results: list) -> str:
    """A's flags minus B's, per game, with a 95% interval (normal approximation): between two
    close levels it tells them apart in fewer games than the win rate does."""
    margins = [r["flags_a"] - r["flags_b"] for r in results]
    m = statistics.mean(margins)
    if len(margins) < 2:
        return f"{a} flag margin {m:+.2f}"
    h = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))
    return f"{a} flag margin {m:+.2f} [{m - h:+.2f}, {m + h:+.2f}]"


#: Student's t, two-sided 95% (the 0.975 quantile), by degrees of freedom; 1.96 past 30.
T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042)


def t975(df: int) -> float:
    return T975[df - 1] if df <= len(T975) else 1.96


def margin(result: dict) -> int:
    """A's flags less B's in one game (kept since the pairing; older lines give the flags)."""
    return result.get("margin", result["flags_a"] - result["flags_b"])


def paired_margin(a: str, b: str, pairs: list) -> str:
    """The pairing's figures over (leg 0, leg 1) results on one seed each: A's margin averaged
    within each pair, its mean with a 95% t interval over the pairs, the pairs' outcomes, and
    the paired interval's width against the per-game interval's on the same games."""
    if not pairs:
        return "paired: no whole pair"
    per_pair = [(margin(x) + margin(y)) / 2 for x, y in pairs]
    both = sum(x["won"] and y["won"] for x, y in pairs)
    none = sum(not x["won"] and not y["won"] for x, y in pairs)
    m = statistics.mean(per_pair)
    head = (f"paired: {len(pairs)} pairs (one deal and dice stream each, sides swapped), "
            f"{a} won both {both}, split {len(pairs) - both - none}, {b} won both {none}; "
            f"{a} mean margin {m:+.2f}")
    if len(pairs) < 2:
        return head
    h = t975(len(pairs) - 1) * statistics.stdev(per_pair) / math.sqrt(len(pairs))
    games = [margin(r) for pair in pairs for r in pair]
    g = t975(len(games) - 1) * statistics.stdev(games) / math.sqrt(len(games))
    width = (f", {h / g:.2f} of the per-game interval's width (the same games one by one, t: "
             f"[{m - g:+.2f}, {m + g:+.2f}])") if g else ""
    return f"{head} [{m - h:+.2f}, {m + h:+.2f}] (95%, t over pairs){width}"


def main(argv=None) -> None:
    names = sorted(set(LEVELS) | set(POLICIES) | set(BENCH_POLICIES))
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--pair", nargs=2, action="append", metavar=("A", "B"), required=True,
                   help=f"two of: {', '.join(names)}")
    p.add_argument("--games", type=int, default=40, help="games per pair (even: whole matches)")
    p.add_argument("--scenarios", default=None,
                   help="slugs, comma-separated (default: ten Battle Cry battles, or every shipped "
                        "file of another ruleset's format)")
    p.add_argument("--procs", type=int, default=2)
    p.add_argument("--iterations", type=int, default=None,
                   help="search iterations per decision instead of the levels' seconds")
    p.add_argument("--plain", action="store_true", help="no Archie handicap: both hold hands")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--ruleset", default=DEFAULT_RULESET, choices=sorted(RULESETS))
    p.add_argument("--paired", action="store_true",
                   help="also print the pairing's figures: each match is one deal and dice "
                        "stream played twice, sides swapped (--games even)")
    p.add_argument("--record", type=pathlib.Path, default=None,
                   help="keep each finished game in this file (JSON lines) and skip the games "
                        "it already holds, so a long series can be stopped and taken up again")
    args = p.parse_args(argv)
    fmt = RULESETS[args.ruleset].scenario_format
    default = (DEFAULT_SCENARIOS if has_battlecry_kit(RULESETS[args.ruleset])
               else [p.stem for p in sorted((ROOT / "games" / "scenarios" / fmt).glob("*.json"))])
    scenarios = [s for s in (args.scenarios.split(",") if args.scenarios else default) if s]
    if args.paired and args.games % 2:
        p.error("--paired needs an even --games: whole pairs")
    for a, b in args.pair:
        for n in (a, b):
            if n not in names:
                p.error(f"unknown policy or level {n!r}; choose from {', '.join(names)}")
    print(f"ruleset: {args.ruleset}; scenarios: {', '.join(scenarios)}; processes: {args.procs}; "
          f"budget: {f'{args.iterations} iterations' if args.iterations else 'level seconds'}"
          f"{'; plain (no handicap)' if args.plain else '; solo (A in Archie seat)'}", flush=True)
    for a, b in args.pair:
        print(run_pair(a, b, args.games, scenarios, args.procs, args.iterations, args.plain,
                       args.seed, args.ruleset, args.record, args.paired), flush=True)


if __name__ == "__main__":
    main()
