"""How the dice fell in the kept games of a series: each side's hits and flags against what
its dice give on average.

Usage:
  python bench/dice_luck.py --record bench/series/ladder-veteran-recruit-1100.jsonl \
      [--lost] [--procs 2]

A game of bench/ai_ladder.py at fixed ``--iterations`` is the same game each time it is
played (the deal, the dice stream and every search are seeded by its spec), so a kept game
can be played again with its events in view. Each selected game is replayed; a replay that
does not end as the kept game did (the code has changed what Archie decides since) is said
so and left out. For each attack, a side's hit faces are the dice showing the target's
symbol, and crossed sabres when they hit (close combat or a fresh unit's fire, not a
parting shot nor after an evasion); their average is 1/3 a die on infantry and 1/6 on
cavalry or artillery, plus 1/6 when sabres hit; flags average 1/6 a die. Attacks on a
general are left out (they are rolled for a kill, not for hits).

Prints one line a game: A's and B's hit faces rolled, their average, and the difference
(luck; positive: more than average), the same for flags, and A's hit luck less B's. Then
A's mean hit luck less B's over the games A lost, over the games A won, and over the games
it won whose pair (the same deal and dice stream, sides swapped) it lost.

``--lost`` replays the games A did not win and the other game of each of their pairs;
``--games I,J`` the kept games at those lines (from 0). Asserts nothing.
"""
from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import pathlib
import statistics
import sys
from dataclasses import dataclass, field

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ai_ladder import new_game, play_game  # noqa: E402

#: The chance of one die showing the symbol that hits each kind of unit (the die's face
#: names are the kinds' names: games/engine/battlecry/dice.py).
SYMBOL_CHANCE = {"infantry": 2 / 6, "cavalry": 1 / 6, "artillery": 1 / 6}


@dataclass
class Tally:
    """One side's dice in one game: hit faces and flags, rolled and on average."""
    hits: int = 0
    hits_expected: float = 0.0
    flags: int = 0
    flags_expected: float = 0.0
    dice: int = 0

    @property
    def hit_luck(self) -> float:
        return self.hits - self.hits_expected

    @property
    def flag_luck(self) -> float:
        return self.flags - self.flags_expected


@dataclass
class Dice:
    """Every side's tally over the attack events of a game."""
    by_side: dict[str, Tally] = field(default_factory=dict)

    def add(self, events: list[dict]) -> None:
        for e in events:
            if e.get("type") != "attack" or e.get("target_kind") not in SYMBOL_CHANCE:
                continue
            faces = list(e["rolls"])[:e.get("dice", len(e["rolls"]))]
            sabres_hit = ((e.get("melee") or e.get("fresh")) and not e.get("parting_shot")
                          and not e.get("evaded"))
            t = self.by_side.setdefault(e["side"], Tally())
            t.dice += len(faces)
            t.hits += faces.count(e["target_kind"]) + (faces.count("swords") if sabres_hit else 0)
            t.hits_expected += len(faces) * (SYMBOL_CHANCE[e["target_kind"]] + (1 / 6 if sabres_hit else 0))
            if not e.get("evaded"):
                t.flags += faces.count("flag")
                t.flags_expected += len(faces) / 6

    def side(self, name: str) -> Tally:
        return self.by_side.get(name, Tally())


def replay(line: int, row: dict) -> tuple[int, dict, dict, Dice, str, str]:
    """Play kept game ``row`` again, watching its dice: (line, spec, kept result, dice, A's
    side, B's side); the kept result gains ``diverged`` (the replay's) if the replay ends
    otherwise."""
    spec, kept = row["spec"], row["result"]
    _, a_side, b_side = new_game(spec)
    dice = Dice()
    again = play_game(spec, watch=dice.add)
    same = all(again[k] == kept[k] for k in ("won", "flags_a", "flags_b", "turns"))
    return line, spec, kept if same else {**kept, "diverged": again}, dice, a_side, b_side


def selected(rows: list[dict], lost: bool, games: list[int] | None) -> list[int]:
    """Lines to replay: given ones, or every game A lost with the other game of its pair."""
    if games is not None:
        return sorted(set(games))
    if not lost:
        return list(range(len(rows)))
    pair_of = {}
    for i, row in enumerate(rows):
        pair_of.setdefault((row["spec"]["scenario"], row["spec"]["seed"]), []).append(i)
    out = set()
    for i, row in enumerate(rows):
        if not row["result"]["won"]:
            out.update(pair_of[(row["spec"]["scenario"], row["spec"]["seed"])])
    return sorted(out)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--record", type=pathlib.Path, required=True)
    p.add_argument("--lost", action="store_true",
                   help="the games A did not win and the other game of each of their pairs")
    p.add_argument("--games", default=None, help="line numbers of the kept games (from 0)")
    p.add_argument("--procs", type=int, default=1)
    args = p.parse_args(argv)
    rows = [json.loads(line) for line in args.record.read_text().splitlines() if line.strip()]
    picks = selected(rows, args.lost, [int(g) for g in args.games.split(",")] if args.games else None)
    todo = [(i, rows[i]) for i in picks]
    if args.procs > 1:
        with multiprocessing.Pool(args.procs) as pool:
            results = pool.starmap(replay, todo)
    else:
        results = list(itertools.starmap(replay, todo))
    lost_luck, won_luck, split_luck = [], [], []
    pair_lost = {(r["spec"]["scenario"], r["spec"]["seed"]) for _, r in todo if not r["result"]["won"]}
    for line, spec, kept, dice, a_side, b_side in results:
        a, b = dice.side(a_side), dice.side(b_side)
        head = (f"line {line}: {spec['scenario']} leg {spec['leg']} seed {spec['seed']}: {spec['a']} "
                f"{'won' if kept['won'] else 'did not win'} {kept['flags_a']}-{kept['flags_b']}")
        if "diverged" in kept:
            d = kept["diverged"]
            print(f"{head}: the replay ended {d['flags_a']}-{d['flags_b']} in {d['turns']} turns; "
                  "left out", flush=True)
            continue
        diff = a.hit_luck - b.hit_luck
        print(f"{head} ({kept['turns']} turns): hits {spec['a']} {a.hits} of {a.hits_expected:.1f} "
              f"({a.hit_luck:+.1f}), {spec['b']} {b.hits} of {b.hits_expected:.1f} ({b.hit_luck:+.1f}); "
              f"flags {spec['a']} {a.flags} of {a.flags_expected:.1f} ({a.flag_luck:+.1f}), "
              f"{spec['b']} {b.flags} of {b.flags_expected:.1f} ({b.flag_luck:+.1f}); "
              f"{spec['a']}'s hit luck less {spec['b']}'s {diff:+.1f}", flush=True)
        (won_luck if kept["won"] else lost_luck).append(diff)
        if kept["won"] and (spec["scenario"], spec["seed"]) in pair_lost:
            split_luck.append(diff)
    groups = [("lost", lost_luck), ("won", won_luck)]
    if len(split_luck) < len(won_luck):       # with --lost the two are the same games
        groups.append(("won, whose pair A lost", split_luck))
    for label, values in groups:
        if values:
            print(f"games A {label}: {len(values)}, A's hit luck less B's, mean "
                  f"{statistics.mean(values):+.2f} (from {min(values):+.1f} to {max(values):+.1f})")


if __name__ == "__main__":
    main()
