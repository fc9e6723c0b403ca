"""Support fire (seed 002, L53, with L49's one unit per activation; docs/rulings.md H84-H87).

A supporting unit is a friendly unit next to the attacker that has no enemy unit or general
next to it, is not ordered this turn, is not Shaken, and has not given its fire support yet
this turn. Artillery supporting an infantry unit in contact with the enemy adds 2 dice to
that unit's attack; another supporting unit adds 1 die to an attack on an adjacent target.
Only attacks of the side whose turn it is receive it. The gun firing past an unengaged
infantry unit is the line of sight of :mod:`..sight`."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Option
from ..contact import enemy_zone, next_to_enemy
from ..units import ARTILLERY, INFANTRY

if TYPE_CHECKING:
    from .game import Game

OPTIONS: tuple[Option, ...] = (
    Option("support_fire", bool, False,
           "A gun next to an infantry unit and clear of the enemy fires past it, or adds 2 "
           "dice to its attack once it is in contact; any such friend adds 1 die against an "
           "adjacent target. Each helps one attack a turn.",
           label="House rule: support fire", rated=False),
)

#: Dice a supporting gun adds to engaged infantry, and a supporting unit to a melee (L53).
GUN_DICE = 2
FRONT_DIE = 1


def _givers(game: Game, unit) -> list:
    """The friendly units that may still give ``unit`` fire support this turn, guns last
    (a gun's 2 dice are kept for engaged infantry where another unit can give the 1 die)."""
    zone = enemy_zone(game, unit.side)
    pieces, used, ordered = game.pieces, game.fx.fire_support, game.current.ordered
    out = []
    for n in game.board.adjacent[unit.hex]:
        uid = pieces.unit_at[n]
        if uid is None:
            continue
        friend = pieces.units[uid]
        if (friend.side == unit.side and not zone[n] and not friend.shaken
                and uid not in ordered and uid not in used):
            out.append(friend)
    return sorted(out, key=lambda f: (f.kind == ARTILLERY, f.id))


def supporters(game: Game, unit, melee: bool) -> list[tuple[str, int, str]]:
    """``(why, dice, supporter id)`` of the fire support an attack of ``unit`` receives."""
    if not game.options.get("support_fire") or unit.side != game.current.active:
        return []
    givers = _givers(game, unit)
    out = []
    gun = None
    if unit.kind == INFANTRY and next_to_enemy(game, unit.hex, unit.side):
        gun = next((g for g in givers if g.kind == ARTILLERY), None)
        if gun is not None:
            out.append(("supporting artillery", GUN_DICE, gun.id))
    if melee:
        other = next((g for g in givers if g is not gun), None)
        if other is not None:
            out.append(("supporting unit", FRONT_DIE, other.id))
    return out


def spend(game: Game, unit, melee: bool) -> None:
    """Mark the units whose support an attack of ``unit`` received: once a turn each."""
    for _, _, uid in supporters(game, unit, melee):
        game.fx.fire_support.append(uid)
