"""The policies by name, and the levels a player picks for Archie."""
from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any, Callable

from games.engine.core import derive_seed, get_ruleset, side_of_seat

from .generic import POLICIES as GENERIC_POLICIES
from .budget import Budget
from .policies import greedy_policy, random_policy
from .search import ensemble_policy, search_policy
from .weights import HAND_SET, trying

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
    #: evaluates with the hand-set weights whatever table is in force for the ruleset
    #: (docs/archie.md, *What sets the levels apart*)
    hand_set: bool = False


LEVELS: dict[str, Level] = {
    "recruit": Level("recruit", "Recruit", "greedy", Budget(iterations=1),
                     "Takes the best-looking move each time, without looking ahead.",
                     hand_set=True),
    "veteran": Level("veteran", "Veteran", "search", Budget(seconds=1.0),
                     "Searches each decision for about a second, weighing positions by values "
                     "set by hand. Playing as Archie does, from the top of its deck, it won 94 of "
                     "100 games against the recruit.", hand_set=True),
    "general": Level("general", "General", "ensemble", Budget(seconds=3.0),
                     ("Searches each decision three times over, for about three seconds in all, "
                      "and looks past its own turn to the enemy's reply. Under the Advanced "
                      "rules it also weighs positions by values fitted on played games, and won "
                      "65 of 100 games against the veteran on equal terms.")),
}
DEFAULT_LEVEL = "veteran"


def has_battlecry_kit(ruleset: Any) -> bool:
    """Whether Archie's own evaluation and quick scores (``evaluation.py``,
    ``heuristics.py``) read games of this ruleset: a Battle Cry ruleset, which declares its
    dice by range. Any other ruleset is played by :mod:`.generic`."""
    return getattr(ruleset, "dice_by_range", None) is not None


def choose(game, seat: str, name: str, seed: int, budget: Budget | None = None) -> dict:
    """The action policy or level ``name`` takes for the deciding ``seat`` now (``budget``
    overrides the level's own, e.g. a fixed number of iterations for a repeatable game).

    Under a Battle Cry ruleset the policies above play the seat's side; under any other
    registered ruleset the same names pick the generic policies (:mod:`.generic`)."""
    hand_set = False
    if name in LEVELS:
        level = LEVELS[name]
        policy, budget, hand_set = level.policy, budget or level.budget, level.hand_set
    elif name in POLICIES:
        policy, budget = name, budget or Budget(iterations=1)
    else:
        raise ValueError(f"unknown policy or level {name!r}")
    if has_battlecry_kit(get_ruleset(game.ruleset)):
        side = side_of_seat(game.seats, seat)
        if seat != game.deciding and seat in game.deciding_seats:
            # one of the seats acting at once (Grand Battle Cry's move step): searched on a
            # copy where it decides first, the others moving after it
            game = game.led_by(seat)
        if seat != side:
            # one of several seats of a side (a team game): the side's policies may read
            # what the side knows, so they play on a copy where what this seat cannot see
            # (its side's hand, for a Major-General) is re-dealt first
            game = game.determinize(seat, derive_seed(seed, 1))
        with trying({game.ruleset: HAND_SET}) if hand_set else nullcontext():
            return POLICIES[policy](game, side, budget, seed)
    return GENERIC_POLICIES[policy](game, seat, budget, seed)
