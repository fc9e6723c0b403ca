"""The house rule of the defensive fire zone (seed 002, L27; docs/rulings.md H25-H26): which
hexes cost a moving unit two of its hexes to enter, and the entry roll that lets it try one
with a single hex left. :mod:`movement` reads :func:`zone`; the roll is part of the move
(:mod:`turn`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Option
from ..dice import CAVALRY as CAVALRY_FACE, FLAG, INFANTRY as INFANTRY_FACE
from ..units import ARTILLERY, CAVALRY, INFANTRY

if TYPE_CHECKING:
    from .game import Game

OPTIONS: tuple[Option, ...] = (
    Option("defensive_fire_zone", bool, False,
           "Entering a hex next to an enemy unit costs infantry two hexes of its move, and "
           "cavalry two next to enemy artillery; Shaken units have no such zone.",
           label="House rule: defensive fire zone", rated=False),
    Option("dfz_entry_roll", bool, False,
           "A unit with one hex of move left next to a defensive fire zone may try to enter it: "
           "one die, its own symbol lets it in (a flag too with a general in command).",
           label="House rule: defensive fire zone, entry roll",
           requires=("defensive_fire_zone",), rated=False),
)

#: The enemy kinds whose zone costs a moving unit of each kind two hexes.
ZONE_OF = {INFANTRY: (INFANTRY, CAVALRY, ARTILLERY), CAVALRY: (ARTILLERY,)}
#: The die face that lets a unit of each kind into the zone (artillery never enters contact).
ICON = {INFANTRY: INFANTRY_FACE, CAVALRY: CAVALRY_FACE}


def zone(game: Game, side: str, kind: str) -> list[bool] | None:
    """Per hex: whether a unit of ``side`` and ``kind`` pays two hexes to enter it (next to
    an enemy unit of the kinds :data:`ZONE_OF` names, not Shaken); None without the option
    or for a kind that has no zone to pay. Cached while no piece moves."""
    kinds = ZONE_OF.get(kind)
    if kinds is None or not game.options.get("defensive_fire_zone"):
        return None
    key = ("dfz", side, kind)
    found = game.cache.get(key)
    if found is None:
        found = [False] * game.board.size
        adjacent = game.board.adjacent
        for u in game.pieces.units.values():
            if u.side != side and u.kind in kinds and not u.shaken:
                for n in adjacent[u.hex]:
                    found[n] = True
        game.cache[key] = found
    return found


def entry_succeeds(game: Game, unit, face: str) -> bool:
    """The entry roll: the unit's own symbol, or a flag with a general in command."""
    return face == ICON[unit.kind] or (face == FLAG and game.pieces.general_at[unit.hex] is not None)
