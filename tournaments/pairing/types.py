"""Plain data shared by the pairing and standings functions (no ORM: ids are any hashable)."""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pair:
    """One match of a round: ``home`` plays Union in game 1, ``away`` in game 2."""

    home: Hashable
    away: Hashable

    def players(self) -> tuple:
        return (self.home, self.away)


@dataclass(frozen=True, slots=True)
class Round:
    """The matches of one round and the player who sits out (``None`` if nobody does)."""

    pairs: tuple[Pair, ...]
    bye: Hashable | None = None

    def players(self) -> list:
        out = [p for pair in self.pairs for p in pair.players()]
        return out + ([self.bye] if self.bye is not None else [])
