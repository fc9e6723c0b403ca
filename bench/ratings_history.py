"""A synthetic club history for the ratings benchmark (there is no real club history on
this machine): members of hidden strength play matches of two games, sides swapped, on
scenarios whose sides are unequal by a hidden amount; Archie's three levels play too.
Deterministic: the same seed gives the same history.

Each game is won by the Union with probability logistic(strength(Union player) -
strength(Confederate player) + advantage(scenario)), strengths in logits.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

LEVELS = {"recruit": -1.0, "veteran": 0.3, "general": 1.2}


@dataclass(frozen=True)
class Game:
    union: str           # a subject key (member:<n> or archie:<level>)
    confederate: str
    scenario: str
    union_won: bool


def club_history(members: int = 60, matches: int = 3000, scenarios: int = 24, seed: int = 1,
                 side_spread: float = 0.6, archie_share: float = 0.15) -> list[tuple[Game, Game]]:
    """``matches`` matches, each a pair of games with the sides swapped, in the order played.
    ``side_spread``: the standard deviation of the scenarios' Union advantage, in logits."""
    rng = random.Random(seed)
    strength = {f"member:{i}": rng.gauss(0, 1) for i in range(1, members + 1)}
    strength.update({f"archie:{k}": v for k, v in LEVELS.items()})
    advantage = {f"s{n:02d}": rng.gauss(0, side_spread) for n in range(scenarios)}
    names = [k for k in strength if k.startswith("member:")]
    out = []
    for _ in range(matches):
        a = rng.choice(names)
        b = rng.choice([f"archie:{k}" for k in LEVELS]) if rng.random() < archie_share \
            else rng.choice([n for n in names if n != a])
        sc = rng.choice(list(advantage))
        pair = []
        for union, confederate in ((a, b), (b, a)):
            p = 1 / (1 + math.exp(-(strength[union] - strength[confederate] + advantage[sc])))
            pair.append(Game(union, confederate, sc, rng.random() < p))
        out.append((pair[0], pair[1]))
    return out
