"""Ranges, dice, line of sight and facing under the standard rules (seed 004 L42-54,
L61, L97).  Pure functions of a game's pieces and terrain."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..hexgrid import DIRECTIONS
from ..units import ARTILLERY, CAVALRY, INFANTRY
from .terrain import (BUILDING_DICE, BUILDINGS, FENCE_DICE, FENCES, FIELDWORK_DICE, FIELDWORKS,
                      REAR_FIELDWORK_DICE)

if TYPE_CHECKING:
    from .game import StandardGame

#: Dice at distance 1 and the most distant hex each kind reaches (L44-46).
BASE_DICE = {INFANTRY: 4, CAVALRY: 3, ARTILLERY: 5}
RANGE = {INFANTRY: 4, CAVALRY: 1, ARTILLERY: 5}
#: Cavalry firing dismounted (it did not move this turn): 2 hexes (ruling S4).
DISMOUNTED_RANGE = 2
HILL_ARTILLERY_RANGE = 6

#: Which way each side of a hex looks, by the seat of the unit in it (ruling S10):
#: front toward the enemy baseline, rear toward its own, flank the two sides between.
FACING: dict[str, dict[str, str]] = {
    "bottom": {"NE": "front", "NW": "front", "E": "flank", "W": "flank", "SE": "rear", "SW": "rear"},
    "top": {"SE": "front", "SW": "front", "E": "flank", "W": "flank", "NE": "rear", "NW": "rear"},
}
_FAVOUR = ("front", "flank", "rear")     # at a corner the defender gets the better side
assert set(DIRECTIONS) == set(FACING["bottom"]) == set(FACING["top"])


def reach(game: StandardGame, unit) -> int:
    """The farthest hex ``unit`` may battle now (0: it may not battle at range at all)."""
    if unit.kind == ARTILLERY:
        return HILL_ARTILLERY_RANGE if game.field.terrain[unit.hex] == "hill" else RANGE[ARTILLERY]
    if unit.kind == CAVALRY:
        return DISMOUNTED_RANGE if game.current.moved.get(unit.id, 0) == 0 else 1
    return RANGE[INFANTRY]


def base_dice(unit, distance: int) -> int:
    """Dice at ``distance``: the kind's dice less 1 per hex beyond the first, at least 1
    for the hill artillery's sixth hex (ruling S4)."""
    return max(1, BASE_DICE[unit.kind] - (distance - 1))


def is_melee(unit, distance: int) -> bool:
    """Infantry and cavalry battling an adjacent enemy melee; artillery always fires."""
    return distance == 1 and unit.kind != ARTILLERY


def can_see(game: StandardGame, a: int, b: int, viewer=None) -> bool:
    """Line of sight from hex a to hex b (L54): blocked by terrain that blocks sight and
    by units and generals in between.  A hill never blocks artillery's sight, wherever the
    gun stands (L50); artillery on a hill also sees over units and generals (L94), but no
    gun sees over woods, buildings or waterways."""
    crossed, edges = game.board.sight_line(a, b)
    gun = viewer is not None and viewer.kind == ARTILLERY
    hill_gun = gun and game.field.terrain[a] == "hill"

    def blocked(h: int) -> bool:
        ground = game.field.blocks[h] and not (gun and game.field.terrain[h] == "hill")
        if hill_gun:
            return ground
        return ground or game.pieces.unit_at[h] is not None or game.pieces.general_at[h] is not None

    if any(blocked(h) for h in crossed):
        return False
    return not any(blocked(h1) and blocked(h2) for h1, h2 in edges)


def facing(game: StandardGame, target, source_hex: int) -> str:
    """Whether an attack from ``source_hex`` strikes ``target`` in the front, flank or rear."""
    seat = game.field.positions[target.side]
    found = {FACING[seat][d] for d in game.board.sides_facing(target.hex, source_hex)}
    return next(f for f in _FAVOUR if f in found)


def modifiers(game: StandardGame, unit, target_hex: int, bonus: int = 0) -> list[dict]:
    """Dice gained and lost in an attack from ``unit`` on ``target_hex``, each with a reason."""
    mods = []
    if game.pieces.general_at[unit.hex] is not None:
        mods.append({"dice": 1, "why": "attached general"})
    if bonus:
        mods.append({"dice": bonus, "why": "breakthrough charge"})
    tuid = game.pieces.unit_at[target_hex]
    if tuid is not None:
        if game.field.terrain[target_hex] in BUILDINGS:
            mods.append({"dice": -BUILDING_DICE, "why": "target in a building"})
        sides = game.pieces.obstacles[target_hex] or {}
        crossed = set(game.board.sides_facing(target_hex, unit.hex))
        if any(sides.get(d) in FENCES for d in crossed):
            mods.append({"dice": -FENCE_DICE, "why": "across a fence"})
        if any(k in FIELDWORKS for k in sides.values()):
            target = game.pieces.units[tuid]
            if facing(game, target, unit.hex) == "rear":
                mods.append({"dice": REAR_FIELDWORK_DICE, "why": "fieldworks taken from the rear"})
            elif any(sides.get(d) in FIELDWORKS for d in crossed):
                mods.append({"dice": -FIELDWORK_DICE, "why": "across fieldworks"})
    return mods


def attack_dice(game: StandardGame, unit, target_hex: int, bonus: int = 0) -> tuple[int, list[dict]]:
    """(dice, modifiers) for an attack of ``unit`` on ``target_hex`` (no range check)."""
    mods = modifiers(game, unit, target_hex, bonus)
    n = base_dice(unit, game.board.dist[unit.hex][target_hex]) + sum(m["dice"] for m in mods)
    return n, mods
