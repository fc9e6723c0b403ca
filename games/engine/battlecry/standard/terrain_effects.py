"""The standard ruleset's terrain table, read off its own terrain tests and dice (seed 004
L49-54, docs/rulings.md S5), for the rules page."""
from __future__ import annotations

from ..terrain import KINDS, TerrainEffect, movement_effect
from .combat import HILL_ARTILLERY_RANGE, RANGE
from .terrain import (BUILDING_DICE, BUILDINGS, FENCE_DICE, FENCES, FIELDWORK_DICE, FIELDWORKS,
                      REAR_FIELDWORK_DICE, WATERWAYS, blocks_sight, impassable, stops)
from ..units import ARTILLERY


def _attack_dice(kind: str) -> int:
    if kind in BUILDINGS:
        return BUILDING_DICE
    if kind in FIELDWORKS:
        return FIELDWORK_DICE
    if kind in FENCES:
        return FENCE_DICE
    return 0


def _notes(kind: str) -> str:
    if kind in BUILDINGS:
        return f"A building: attacks on a unit in it lose {BUILDING_DICE} dice."
    if kind in FIELDWORKS:
        return (f"Attacks across its protected sides lose {FIELDWORK_DICE} dice; from the rear "
                f"they gain {REAR_FIELDWORK_DICE}. Steadies the units in it (morale).")
    if kind in FENCES:
        return (f"Attacks across it lose {FENCE_DICE} die. Steadies the units behind it (morale).")
    if kind in WATERWAYS:
        return "A waterway: crossed only at a bridge."
    if kind == "hill":
        return (f"Artillery on a hill reaches {HILL_ARTILLERY_RANGE} hexes instead of "
                f"{RANGE[ARTILLERY]} and sees over units, generals and hills.")
    if kind == "bridge":
        return "The way across a waterway."
    return ""


def effects() -> tuple[TerrainEffect, ...]:
    """Every terrain kind as the standard rules play it."""
    return tuple(TerrainEffect(k, t.label, movement_effect(stops(k), impassable(k)), blocks_sight(k),
                               _attack_dice(k), t.obstacle, _notes(k)) for k, t in KINDS.items())
