"""The seats of a Battle Cry game, and how the rulesets learn which ones Archie holds.

A Battle Cry game seats one player a side, each seat named after its side.  The site says
which seats the computer holds (``Game.new(..., computer_seats=...)``); the rulesets keep
that as their ``archie`` option (the side Archie plays), so saved games load unchanged.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..core import OptionError, one_seat_per_side
from ..core.seats import SeatSpec, side_of_seat
from .sides import SIDES

#: One seat per side, named after it.
SEATS: tuple[SeatSpec, ...] = one_seat_per_side(SIDES)


def archie_option(computer_seats: Iterable[str]) -> dict:
    """The options that seat Archie in ``computer_seats`` ({} for none).  Archie plays one
    side of a Battle Cry game: seats of both sides raise :class:`OptionError`, and so does
    a seat the game does not have."""
    sides = set()
    for seat in computer_seats:
        try:
            sides.add(side_of_seat(SEATS, seat))
        except KeyError:
            raise OptionError("archie", f"a Battle Cry game has no seat {seat!r}") from None
    if len(sides) > 1:
        raise OptionError("archie", "Archie plays one side of a Battle Cry game, not both")
    return {"archie": sides.pop()} if sides else {}
