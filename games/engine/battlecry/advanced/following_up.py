"""The house rule of following up (seed 002, L39; docs/rulings.md H11): which enemy units may
step into a hex a withdrawing unit left. The step itself is a taking of ground (:mod:`battle`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game


def held_back(game: Game, unit, withdrawn: str) -> bool:
    """Whether ``unit`` still touches a unit of the other side besides the one that withdrew
    (id ``withdrawn``): then it may not follow up."""
    pieces = game.pieces
    for n in game.board.adjacent[unit.hex]:
        uid = pieces.unit_at[n]
        if uid is not None and uid != withdrawn and pieces.units[uid].side != unit.side:
            return True
    return False
