"""The house rule of the cavalry fallback (seed 002, L25; docs/rulings.md H24): when it may be
offered, where the cavalry may go, and with how many dice it is fired at as it goes. The
choice is the defender's withdraw decision and the shot the attack's own resolution
(:mod:`battle`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Option
from .. import retreat
from ..units import ARTILLERY, CAVALRY, INFANTRY

if TYPE_CHECKING:
    from .game import Game

OPTIONS: tuple[Option, ...] = (
    Option("cavalry_fallback", bool, False,
           "Cavalry attacked in melee by infantry or artillery may fall back up to 3 hexes, "
           "taking half the attack's dice (none if the infantry just moved into contact); it "
           "is then Shaken.",
           label="House rule: cavalry fallback", rated=False),
)

#: The farthest a cavalry unit falls back.
REACH = 3


def offered(game: Game, attacker, target) -> bool:
    """Whether ``target``, attacked in melee by ``attacker``, may fall back."""
    return (bool(game.options.get("cavalry_fallback")) and target.kind == CAVALRY
            and attacker.kind in (INFANTRY, ARTILLERY))


def ends(game: Game, unit) -> list[int]:
    """Hexes the unit may fall back to: the end of a retreat of 1, 2 or 3 hexes."""
    out: set[int] = set()
    for k in range(1, REACH + 1):
        made, found = retreat.unit_retreat(game, unit, k)
        if made == k:
            out.update(found)
    out.discard(unit.hex)
    return sorted(out)


def fired_at(game: Game, attacker) -> bool:
    """Whether the attacker fires as the cavalry goes: not if it is infantry that moved into
    contact this turn."""
    return not (attacker.kind == INFANTRY and game.current.moved.get(attacker.id, 0) > 0)


def half(dice: int) -> int:
    """Half the attack's dice, rounded up."""
    return -(-dice // 2)
