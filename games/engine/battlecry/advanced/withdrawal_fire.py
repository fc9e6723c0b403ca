"""The house rule of withdrawal fire (seed 002, L35; docs/rulings.md H9): who fires at a unit
that leaves contact on its own move, and with how many dice. Rolling them is the attack's own
resolution (:mod:`battle`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import combat
from ..pieces import Unit

if TYPE_CHECKING:
    from .game import Game

#: Terrain whose cover still counts for a unit withdrawing from it (the seed names these two).
COVER = ("woods", "rough")


def firers(game: Game, unit, frm: int) -> list[tuple[Unit, int]]:
    """``(enemy unit, dice)`` for each enemy unit next to ``frm`` (the hex ``unit`` left) that
    has not fired at a withdrawal yet this turn: half its adjacent dice, rounded up, one more
    for Archie, one fewer from cover; none when that leaves no die."""
    pieces, out = game.pieces, []
    cover = 1 if game.field.terrain[frm] in COVER else 0
    fired = game.current.attacked
    for n in game.board.adjacent[frm]:
        uid = pieces.unit_at[n]
        if uid is None or uid in fired:
            continue
        enemy = pieces.units[uid]
        if enemy.side == unit.side or enemy.shaken:     # Shaken units do not fire (H21)
            continue
        dice = -(-combat.dice_profile(game, enemy)[0] // 2) - cover
        if enemy.side == game.archie:
            dice += 1
        if dice >= 1:
            out.append((enemy, dice))
    return out
