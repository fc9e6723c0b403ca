"""The house rule of risk to the general (seed 002, L59-61; docs/rulings.md H8): when an
attached general's life is at stake, and where a lone general may slip away. Rolling and
removing him is the attack's own resolution (:mod:`battle`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..dice import FLAG, SWORDS

if TYPE_CHECKING:
    from .game import Game


def at_risk(lost: int, flags: int) -> bool:
    """An attack puts an attached general at risk when it takes a figure or rolls two flags."""
    return lost > 0 or flags >= 2


def falls(faces: list[str]) -> bool:
    """Two dice: both swords or both flags. One die (his unit was destroyed): swords."""
    if len(faces) == 1:
        return faces[0] == SWORDS
    return faces.count(SWORDS) >= 2 or faces.count(FLAG) >= 2


def refuges(game: Game, general) -> list[int]:
    """Where a lone general may go when an enemy unit moves next to him: his own hex, or any
    hex of his side's nearest units that have no general, at whatever distance."""
    pieces, dist = game.pieces, game.board.dist[general.hex]
    hexes = [u.hex for u in pieces.units.values()
             if u.side == general.side and pieces.general_at[u.hex] is None]
    if not hexes:
        return [general.hex]
    nearest = min(dist[h] for h in hexes)
    return sorted({general.hex, *(h for h in hexes if dist[h] == nearest)})
