"""The house rule of return fire (seed 002, L29-31; docs/rulings.md H2-H4): how many dice a
defender answers an attack with, or None when it may not (a Shaken unit never does, H21). Rolling them is the attack's own
resolution (:mod:`battle`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import combat, house_ground
from ..sight import has_line_of_sight
from ..units import ARTILLERY, CAVALRY

if TYPE_CHECKING:
    from .game import Game


def return_fire(game: Game, defender, attacker, melee: bool) -> tuple[int, list | None] | None:
    """``(dice, modifiers)`` of the defender's answer to an attack it stood (neither
    eliminated nor retreating), or None when it has none.

    Adjacent: its own adjacent dice with the usual modifiers, one fewer, at least one. A
    cavalry attacker of Hit and Run is answered with half those dice, rounded down, and not
    at all when that is none. Artillery also answers a ranged attacker in reach and sight
    with its dice at that distance, one fewer, at least one: once per turn, which counts
    as its battle of that turn (it is marked as having battled).
    """
    if defender.shaken:
        return None                     # house rule of Shaken (HR L55)
    d = game.board.dist[defender.hex][attacker.hex]
    if not melee:
        if defender.kind != ARTILLERY or defender.id in game.current.attacked:
            return None
    profile = combat.dice_profile(game, defender)
    if d > len(profile):
        return None
    if d > 1 and not has_line_of_sight(game, defender.hex, attacker.hex, defender):
        return None
    mods: list | None = [] if game._events is not None else None
    base = profile[d - 1] + combat.dice_modifiers(game, defender, attacker, attacker.hex, melee, mods)
    ground = game.field.house_ground
    if ground is not None and melee and house_ground.return_fire_bonus(game, ground, defender, attacker):
        base += 1
        if mods is not None:
            mods.append({"why": "return fire from behind breastworks", "dice": 1})
    if attacker.kind == CAVALRY and attacker.id in game.fx.hit_and_run:
        dice = base // 2
        if mods is not None:
            mods.append({"why": "return fire on Hit and Run: half the dice", "dice": dice - base})
        return (dice, mods) if dice >= 1 else None
    dice = max(1, base - 1)
    if mods is not None:
        mods.append({"why": "return fire", "dice": dice - base})
    return dice, mods
