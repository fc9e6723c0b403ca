"""Rick Barber's house rule of retreats (seed 002 L41-43; docs/rulings.md H74-H79): each
flag sends a unit back at least 1 hex and up to its movement allowance, each hex taken
first away from the unit that fired on it, then toward its own edge; a unit on its own
board edge ignores the first flag of an attack (unless down to its last figure) and loses a
figure for each other.

The paths are :func:`retreat.unit_retreat`'s with its ``reach`` and ``firer``; the flag
ignored at the edge is one of :func:`combat.flags_ignored`'s reasons (:data:`AT_THE_EDGE`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Option
from .. import retreat
from ..units import INFANTRY
from . import profiles
from .movement import unit_move_allowance

if TYPE_CHECKING:
    from .game import Game

OPTIONS: tuple[Option, ...] = (
    Option("long_retreats", bool, False,
           "Each flag sends a unit back 1 hex or more, up to its move, away from the firer "
           "first; on its own board edge it ignores the first flag, each other costs a figure.",
           label="House rule: retreats", rated=False),
)

#: The reason a unit on its own board edge ignores a flag (the attack event names it).
AT_THE_EDGE = "at its board edge"


def in_force(game: Game) -> bool:
    return bool(game.options.get("long_retreats"))


def allowance(game: Game, unit) -> int:
    """The unit's normal movement allowance: its profile's, else the most hexes of an
    Advanced move after which it may still battle (infantry 1, its march of 2 giving up the
    battle; cavalry 3 with the charge; artillery 1, horse artillery 2)."""
    own = profiles.move_allowance(game.options, unit)
    if own is not None:
        return own[0]
    return 1 if unit.kind == INFANTRY else unit_move_allowance(unit)[0]


def ends(game: Game, unit, steps: int, flags: int, firer: int) -> tuple[int, list[int]]:
    """(hexes it must make and can, the hexes it may end on) for ``flags`` flags worth
    ``steps`` hexes at the least (green troops: 2 a flag), fired by the unit at ``firer``."""
    return retreat.unit_retreat(game, unit, steps, max(steps, flags * allowance(game, unit)),
                                firer)


def at_the_edge(game: Game, unit) -> bool:
    """Whether ``unit`` stands on its own board edge: no hex behind it on the board. (The
    flag ignored there is not ignored on a unit down to its last figure: L43, H76.)"""
    board = game.board
    return all(board.neighbours[unit.hex][k] < 0
               for k in board.rear[game.field.positions[unit.side]])
