"""Random legal playouts on the checked path and on the search path, copy and determinize.

Usage:  python bench/playouts.py [--games N] [--seed S] [--ruleset NAME]
                                 [--scenario games/scenarios/<slug>.json | <slug> ...]
                                 [--team-mode epic|doubles|grand]
                                 [--options name,name,... | PRESET]

Without ``--scenario`` it runs on the bench field and on Fredericksburg; ``--scenario`` takes a
file or a shipped scenario's slug, as many times as wanted (``--scenario shiloh --scenario
shiloh-double`` sets a single board beside a double one); under a ruleset of another scenario
format it runs on that format's shipped files (games/scenarios/<format>/).  For each it
plays N games to the end on one core, choosing each action uniformly at random:

- checked path (what the site uses): ``rng.choice(legal_actions())`` then ``apply``;
- search path (what Archie uses): ``sample_action(rng)`` then ``apply_unchecked``;

and times ``copy()`` and ``determinize()`` on positions met along the way.  Times are CPU
time of the process (``time.process_time``), so other work on the machine weighs less.  Actions per
second is the headline: uniform random games are long.  ``--options`` turns on the yes/no
options named (the house rules, for instance) and plays the same games with none as well, in
the same run, printing the checked path's speed under the options as a share of its speed
without; it also takes the key of a preset of the ruleset (``--options barber_full``), whose
options it plays (the ruleset's presets: games/engine/core/presets.py).
``--team-mode``: each scenario is run twice, as a plain game and as a team game of that
mode (the option ``team_mode``), and the team game's rates are printed as a share of the
plain game's.  Prints the figures; asserts nothing.
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

from games.engine import DEFAULT_RULESET, RULESETS, Game, load_scenario_as, preset_named  # noqa: E402
from games.engine.battlecry.sample import sample_scenario  # noqa: E402

TURN_CAP = 400
#: CPU time of this process: on a machine shared with other work, time spent waiting for
#: a core is not counted (wall-clock figures would swing with the neighbours' load).
CLOCK = time.process_time
FREDERICKSBURG = ROOT / "games" / "scenarios" / "fredericksburg.json"


def checked_game(scenario, seed: int, ruleset: str, options: dict | None = None) -> int:
    rng = random.Random(seed)
    game = Game.new(scenario, ruleset=ruleset, seed=seed, options=options)
    n = 0
    while game.outcome is None and game.turn <= TURN_CAP:
        game.apply(rng.choice(game.legal_actions()))
        n += 1
    return n


def search_game(scenario, seed: int, keep: list, ruleset: str,
                options: dict | None = None) -> int:
    rng = random.Random(seed)
    game = Game.new(scenario, ruleset=ruleset, seed=seed, options=options)
    n = 0
    while game.outcome is None and game.turn <= TURN_CAP:
        game.apply_unchecked(game.sample_action(rng))
        n += 1
        if n % 97 == 0:
            keep.append(game.copy())
    return n


def rates(scenario, games: int, seed: int, keep: list, ruleset: str,
          options: dict | None = None) -> tuple[float, float, int]:
    """Actions/s on both paths; games alternate between the paths, so a change in the
    machine's load during the run weighs on both alike."""
    clock = CLOCK
    spent = [0.0, 0.0]
    done = [0, 0]
    for i in range(games):
        t0 = clock()
        done[0] += checked_game(scenario, seed + i, ruleset, options)
        t1 = clock()
        done[1] += search_game(scenario, seed + i, keep, ruleset, options)
        spent[0] += t1 - t0
        spent[1] += clock() - t1
    return done[0] / spent[0], done[1] / spent[1], done[0]


def per_call_us(fn, states: list, reps: int) -> float:
    best = float("inf")
    for _ in range(3):
        t0 = CLOCK()
        for i in range(reps):
            fn(states[i % len(states)], i)
        best = min(best, CLOCK() - t0)
    return best / reps * 1e6


def machine_speed() -> float:
    """Millions of small dicts built a second: a yardstick for comparing runs across machines."""
    best = float("inf")
    for _ in range(5):
        t0 = CLOCK()
        for i in range(200_000):
            {"type": "move", "unit": i}
        best = min(best, CLOCK() - t0)
    return 0.2 / best


def bench(scenario, games: int, seed: int, ruleset: str,
          options: dict | None = None) -> tuple[float, float]:
    positions: list = []
    checked, search, n_checked = rates(scenario, games, seed, positions, ruleset, options)
    positions = positions[:400] or [Game.new(scenario, ruleset=ruleset, seed=seed,
                                             options=options)]
    copy_us = per_call_us(lambda g, i: g.copy(), positions, 4000)
    det_us = per_call_us(lambda g, i: g.determinize(g.deciding or g.seats[0].name, i),
                         positions, 4000)
    mode = f"  team mode: {options['team_mode']}" if options else ""
    print(f"scenario: {getattr(scenario, 'slug', '?')}  ruleset: {ruleset}{mode}  games: {games} a path  "
          f"(mean {n_checked / games:.0f} actions a game)")
    print(f"  checked path: {checked:9,.0f} actions/s  (legal_actions + random choice + apply)")
    print(f"  search path:  {search:9,.0f} actions/s  (sample_action + apply_unchecked)  "
          f"= {search / checked:.1f}x checked")
    print(f"  copy():        {copy_us:6.1f} us   determinize(): {det_us:6.1f} us  "
          f"(mean over {len(positions)} positions of play)")
    return checked, search


def bench_options(scenario, games: int, seed: int, ruleset: str, options: dict) -> None:
    """The same games with and without ``options``, alternating, on both paths."""
    plain = [0.0, 0.0, 0]
    under = [0.0, 0.0, 0]
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        for acc, opts in ((plain, None), (under, options)):
            checked, search, n = rates(scenario, 1, seed + i, [], ruleset, opts)
            acc[0] += n / checked
            acc[1] += n / search
            acc[2] += n
    print(f"scenario: {scenario.slug}  ruleset: {ruleset}  games: {games} a path and option set")
    print(f"  wall time {time.perf_counter() - wall:.1f} s, CPU time {time.process_time() - cpu:.1f} s")
    for name, (t_checked, t_search, n) in (("no options", plain), (", ".join(options), under)):
        print(f"  {name}: checked {n / t_checked:9,.0f} actions/s  search {n / t_search:9,.0f} "
              f"actions/s  (mean {n / games:.0f} actions a game)")
    ratio = (under[2] / under[0]) / (plain[2] / plain[0])
    print(f"  checked path under the options: {ratio:.0%} of its speed with none")


def chosen_options(ruleset: str, text: str | None) -> dict | None:
    """``--options``: a preset's options when it names one, else the yes/no options named."""
    if not text:
        return None
    preset = preset_named(ruleset, text)
    if preset is not None:
        print(f"preset: {preset.label} ({', '.join(preset.options)})")
        return dict(preset.options)
    return dict.fromkeys(text.split(","), True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--scenario", action="append")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ruleset", choices=sorted(RULESETS), default=DEFAULT_RULESET)
    ap.add_argument("--team-mode", choices=("epic", "doubles", "grand"), default=None,
                    help="grand: with --ruleset standard")
    ap.add_argument("--options", help="yes/no options to turn on, by name, comma-separated, "
                                      "or the key of a preset of the ruleset (barber_full)")
    args = ap.parse_args()
    options = chosen_options(args.ruleset, args.options)
    fmt = RULESETS[args.ruleset].scenario_format
    own = sorted((ROOT / "games" / "scenarios" / fmt).glob("*.json"))
    default = [None, FREDERICKSBURG] if fmt == RULESETS[DEFAULT_RULESET].scenario_format else own
    paths = [_path(p) for p in args.scenario] if args.scenario else default
    print(f"machine yardstick: {machine_speed():.1f} M small dicts/s (to compare runs across machines)")
    for path in paths:
        scenario = load_scenario_as(fmt, json.loads(path.read_text()) if path else sample_scenario())
        board = getattr(scenario, "board", None)
        if board is not None:
            board.precompute_sight_lines()     # its board's tables are built once per process
            print(f"board: {board.name} ({board.width} x {board.rows}, {board.size} hexes)")
        if options:
            bench_options(scenario, args.games, args.seed, args.ruleset, options)
            continue
        plain = bench(scenario, args.games, args.seed, args.ruleset)
        if args.team_mode:
            team = bench(scenario, args.games, args.seed, args.ruleset,
                         {"team_mode": args.team_mode})
            print(f"  {args.team_mode} / plain: checked path {team[0] / plain[0]:.0%}, "
                  f"search path {team[1] / plain[1]:.0%}")


def _path(text: str) -> pathlib.Path:
    """A scenario file, given as a path or as a shipped scenario's slug."""
    path = pathlib.Path(text)
    return path if path.suffix == ".json" else ROOT / "games" / "scenarios" / f"{text}.json"


if __name__ == "__main__":
    main()
