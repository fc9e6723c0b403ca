"""Rating a sequence of games in order, from given starting ratings.

The same function rates a new result, re-rates after a correction and rebuilds every
rating, so the three give the same numbers (the floats are computed by the same
operations in the same order).
"""
from __future__ import annotations

from collections.abc import Iterable, MutableMapping
from dataclasses import dataclass

from .arithmetic import rate_game
from .skill import Skill
from .subjects import initial_skill


@dataclass(frozen=True)
class RatedGame:
    """One game to rate: ``teams`` are the two sides' subjects (each side's players, then
    its scenario pseudo-player when there is one); ``winner`` 0, 1, or None for a draw.
    ``seq`` and ``number`` place it: the result's order in its pool and the game's number
    in the result."""

    seq: int
    number: int
    teams: tuple[tuple[str, ...], tuple[str, ...]]
    winner: int | None


@dataclass(frozen=True)
class Change:
    seq: int
    number: int
    subject: str
    before: Skill
    after: Skill


def replay(games: Iterable[RatedGame], ratings: MutableMapping[str, Skill]) -> list[Change]:
    """Rate ``games`` in the order given, updating ``ratings`` (subject -> skill; a subject
    missing from it starts at its initial skill); returns every change made."""
    changes: list[Change] = []
    for g in games:
        first, second = g.teams
        before_a = [ratings.get(s) or initial_skill(s) for s in first]
        before_b = [ratings.get(s) or initial_skill(s) for s in second]
        after_a, after_b = rate_game(before_a, before_b, g.winner)
        for subjects, before, after in ((first, before_a, after_a), (second, before_b, after_b)):
            for subject, old, new in zip(subjects, before, after):
                ratings[subject] = new
                changes.append(Change(g.seq, g.number, subject, old, new))
    return changes
