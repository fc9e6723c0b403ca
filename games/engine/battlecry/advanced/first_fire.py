"""The house rule of first fire (seed 002, L33; docs/rulings.md H6): which defenders may try
to fire before an adjacent attacker. The try and the fire are the attack's own resolution
(:mod:`battle`); the dice are those of return fire (:mod:`return_fire`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import combat
from ..terrain import KINDS
from ..units import CAVALRY

if TYPE_CHECKING:
    from .game import Game


def may_try(game: Game, defender, attacker) -> bool:
    """Whether ``defender``, attacked in melee by ``attacker``, may roll for first fire: it
    stands on a hill, behind an entrenchment or fieldwork across the attacked side (the
    seed's breastworks), has a general in command, or is charged by cavalry that moved
    into contact this turn."""
    if defender.shaken:
        return False                    # no return fire, so no first fire (H21)
    h = defender.hex
    if game.field.terrain[h] == "hill" or game.pieces.general_at[h] is not None:
        return True
    obstacle = combat.obstacle_between(game, h, attacker.hex)
    if obstacle and KINDS[obstacle].obstacle_flags:
        return True
    return attacker.kind == CAVALRY and game.current.moved.get(attacker.id, 0) > 0
