"""What the card in play changes for one unit, read without changing anything: whether it
may battle (again), its extra dice, and which units a Rally may restore.

The cards themselves are in :mod:`cards`, what playing them does in :mod:`tactics`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CARDS
from . import profiles
from ..units import CAVALRY, INFANTRY

if TYPE_CHECKING:
    from .game import Game


def card_barrier(game: Game, unit) -> str | None:
    """Why the card in play forbids this unit to battle now, or None."""
    current = game.current
    if unit.side != current.active:
        return None
    if unit.id in game.fx.extra_battles and current.moved.get(unit.id, 0):
        return "Artillery that moved with Bombard may not battle."
    if current.step == "move_again":
        return "Hit and Run: the battles are over; the cavalry may move again."
    return None


def may_battle_again(game: Game, unit) -> bool:
    return game.fx.extra_battles.get(unit.id, 0) > 0 and not game.current.moved.get(unit.id, 0)


def dice_bonuses(game: Game, unit) -> list[tuple[str, int]]:
    out = []
    if unit.side == game.current.active:
        n = game.fx.bonus.get(unit.id)
        if n:
            out.append((CARDS[game.current.effect].name if game.current.effect else "card", n))
        if (game.fx.leadership and unit.kind in (INFANTRY, CAVALRY)
                and game.pieces.general_at[unit.hex] is not None):
            out.append(("Leadership", 1))
    if unit.side == game.archie:
        out.append(("Archie's extra die", 1))
    return out


def rally_targets(game: Game, item) -> list:
    return [u for u in game.pieces.units.values() if u.side == item["side"]
            and item["counts"].get(u.kind, 0) > 0
            and u.figures < profiles.full_figures(game.options, u.kind)]
