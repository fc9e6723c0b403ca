"""The knockout final stage of a tournament: a single-elimination bracket (no ORM).

Players are named here by their Swiss seed (1 = the winner of the Swiss stage); the site
maps seeds to players and writes the rows.

* :func:`bracket_size` -- the places of the bracket: the organiser's ``N`` (a power of
  two), or the smallest power of two that holds everybody when fewer qualify, so that no
  first-round match is empty (docs/rulings.md, K2).
* :func:`first_round` -- the first round, seeded 1 v N, 2 v N-1 ... and placed so that
  seeds 1 and 2 can meet only in the final, 1-4 only from the semi-finals, and so on (the
  usual tennis draw).  A seed with no opponent (fewer qualifiers than places) has a bye;
  the byes fall to the top seeds.
* :func:`next_round` -- the next round from the winners of a round, in bracket order.
* :func:`decide` -- who goes through a match of two games (K1): more games won, then more
  flags over the two games, then more enemy figures eliminated, then the better Swiss
  seed.  A match is never drawn.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import PairingError


@dataclass(frozen=True, slots=True)
class Seat:
    """One match of a knockout round: ``high`` is the better seed (home: Union in game 1)
    and ``low`` the other (``None``: ``high`` has a bye and goes through)."""

    high: int
    low: int | None

    @property
    def is_bye(self) -> bool:
        return self.low is None

    def seeds(self) -> tuple[int, ...]:
        return (self.high,) if self.low is None else (self.high, self.low)


def is_power_of_two(n: int) -> bool:
    return n >= 2 and n & (n - 1) == 0


def bracket_size(places: int, qualifiers: int) -> int:
    """The places of the bracket: ``places`` (a power of two), or fewer when fewer than
    half of them are filled (the smallest power of two holding every qualifier)."""
    if not is_power_of_two(places):
        raise PairingError("The knockout has 2, 4, 8, 16, 32 or 64 places.")
    if qualifiers < 2:
        raise PairingError("A knockout needs at least two players.")
    size = 2
    while size < min(places, qualifiers):
        size *= 2
    return size


def seed_order(size: int) -> list[int]:
    """The seeds in bracket order: consecutive pairs are the first round's matches, and
    each half, quarter ... of the list is one half, quarter ... of the bracket.
    ``seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]``."""
    if not is_power_of_two(size):
        raise PairingError("A bracket has a power of two places.")
    order = [1, 2]
    while len(order) < size:
        n = 2 * len(order)
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    # [1, 2] -> [1, 4, 2, 3] -> [1, 8, 4, 5, 2, 7, 3, 6]: seeds 1 and 2 in opposite halves
    return order


def first_round(places: int, qualifiers: int) -> list[Seat]:
    """The first round for ``qualifiers`` players (seeds 1..qualifiers) in a bracket of
    ``places`` places (see :func:`bracket_size`), in bracket order."""
    size = bracket_size(places, qualifiers)
    order = seed_order(size)
    seats = []
    for a, b in zip(order[::2], order[1::2]):
        high, low = min(a, b), max(a, b)
        seats.append(Seat(high, low if low <= qualifiers else None))
    return seats


def next_round(winners: list[int]) -> list[Seat]:
    """The next round from the winners of a round, in bracket order (the winner of match
    2k meets the winner of match 2k+1).  ``winners`` has an even count of two or more."""
    if len(winners) < 2 or len(winners) % 2:
        raise PairingError("A knockout round needs the winners of an even number of matches.")
    if len(set(winners)) != len(winners):
        raise PairingError("A seed is listed twice.")
    return [Seat(min(a, b), max(a, b)) for a, b in zip(winners[::2], winners[1::2])]


@dataclass(frozen=True, slots=True)
class Score:
    """A match's totals from the better seed's (``high``) and the other's (``low``) side."""

    games_high: int
    games_low: int
    flags_high: int = 0
    flags_low: int = 0
    figures_high: int = 0
    figures_low: int = 0


def decide(score: Score) -> str:
    """"high" or "low": who goes through (K1).  Games won, then flags over the two games,
    then enemy figures eliminated; on a tie of all three the better seed goes through."""
    for mine, theirs in ((score.games_high, score.games_low), (score.flags_high, score.flags_low),
                         (score.figures_high, score.figures_low)):
        if mine != theirs:
            return "high" if mine > theirs else "low"
    return "high"


def rounds_in(size: int) -> int:
    """How many rounds a bracket of ``size`` places has (8 places: 3)."""
    if not is_power_of_two(size):
        raise PairingError("A bracket has a power of two places.")
    return size.bit_length() - 1


def stage_name(places: int) -> str:
    """The name of a knockout round with ``places`` players: Final, Semi-finals ..."""
    return {2: "Final", 4: "Semi-finals", 8: "Quarter-finals"}.get(places, f"Round of {places}")
