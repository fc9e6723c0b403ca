"""The policies by name, and the levels a player picks for Archie."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .budget import Budget
from .policies import greedy_policy, random_policy
from .search import ensemble_policy, search_policy

POLICIES: dict[str, Callable] = {
    "random": random_policy,
    "greedy": greedy_policy,
    "search": search_policy,
    "ensemble": ensemble_policy,
}


@dataclass(frozen=True)
class Level:
    name: str
    label: str
    policy: str
    budget: Budget
    blurb: str


LEVELS: dict[str, Level] = {
    "recruit": Level("recruit", "Recruit", "greedy", Budget(iterations=1),
                     "Takes the best-looking move each time, without looking ahead."),
    "veteran": Level("veteran", "Veteran", "search", Budget(seconds=1.0),
                     "Searches each decision for about a second."),
    "general": Level("general", "General", "ensemble", Budget(seconds=3.0),
                     ("Searches each decision three times over, for about three seconds in all: "
                      "steadier than the veteran, though not measurably stronger.")),
}
DEFAULT_LEVEL = "veteran"


def choose(game, side: str, name: str, seed: int, budget: Budget | None = None) -> dict:
    """The action policy or level ``name`` takes for ``side`` now (``budget`` overrides the
    level's own, e.g. a fixed number of iterations for a repeatable game)."""
    if name in LEVELS:
        level = LEVELS[name]
        return POLICIES[level.policy](game, side, budget or level.budget, seed)
    if name in POLICIES:
        return POLICIES[name](game, side, budget or Budget(iterations=1), seed)
    raise ValueError(f"unknown policy or level {name!r}")
