"""Seats: who plays a side.

A side is played from one or more seats. A ruleset declares a game's seats
(:meth:`~games.engine.core.ruleset.Ruleset.seats`); the engine's ``deciding`` names the
seat whose decision it is, and ``view(seat)`` is what that seat may see. In an ordinary
two-player game each side has one seat, named after the side.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One seat of a game, as the ruleset declares it.

    ``name`` is unique in the game and is what ``deciding`` and ``view`` take; ``side`` is
    the side the seat plays for; ``role`` names the seat's part for the pages (blank when a
    side has one seat).
    """

    name: str
    side: str
    role: str = ""


def one_seat_per_side(sides: tuple[str, ...]) -> tuple[SeatSpec, ...]:
    """The seats of a game where each side is played by one seat named after it."""
    return tuple(SeatSpec(side, side) for side in sides)


def side_of_seat(seats: tuple[SeatSpec, ...], seat: str) -> str:
    """The side a seat plays for; KeyError naming the seat if the game has no such seat."""
    for spec in seats:
        if spec.name == seat:
            return spec.side
    raise KeyError(seat)


def one_deciding(deciding: str | None) -> tuple[str, ...]:
    """``deciding_seats`` of a game where one seat decides at a time: that seat, or none."""
    return (deciding,) if deciding is not None else ()

