"""Support (seed 002, L49): a unit is supported when a friendly unit next to it touches no
enemy piece. Read by the house rule of holding your ground (docs/rulings.md H5)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..contact import enemy_zone

if TYPE_CHECKING:
    from .game import Game


def supported(game: Game, unit) -> bool:
    """Whether a friendly unit adjacent to ``unit`` is itself next to no enemy unit or general."""
    zone = enemy_zone(game, unit.side)
    pieces = game.pieces
    for n in game.board.adjacent[unit.hex]:
        uid = pieces.unit_at[n]
        if uid is not None and pieces.units[uid].side == unit.side and not zone[n]:
            return True
    return False
