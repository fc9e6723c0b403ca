"""The standard ruleset's terrain (seed 004 L49-54), as tables built once per scenario.

Seed 004 names woods, buildings (the Advanced map's towns and farms) and waterways
without a bridge as blocking movement and sight; a hill helps artillery; fieldworks,
buildings and fences cost an attacker dice; fieldworks and fences steady the units
behind them.  Kinds seed 004 does not name keep the Advanced table's effect on
movement and sight (docs/rulings.md S5).
"""
from __future__ import annotations

from ..terrain import KINDS

BUILDINGS = frozenset({"town", "farm"})
WATERWAYS = frozenset({"river"})
FIELDWORKS = frozenset({"fieldwork", "entrenchment"})
FENCES = frozenset({"fence"})
#: Dice an attack on a unit in a building loses (L52).
BUILDING_DICE = 2
#: Dice an attack across a fieldwork's protected side loses, and gains from its rear (L51, L97).
FIELDWORK_DICE = 2
REAR_FIELDWORK_DICE = 2
#: Dice an attack across a fence loses (L53).
FENCE_DICE = 1


def stops(kind: str | None) -> bool:
    """A unit entering a hex of this kind ends its move there."""
    return kind is not None and (KINDS[kind].stops or kind in BUILDINGS) and kind not in WATERWAYS


def impassable(kind: str | None) -> bool:
    """No unit or general may enter (rough ground; a waterway; a bridge hex is its own kind)."""
    return kind is not None and (KINDS[kind].impassable or kind in WATERWAYS)


def blocks_sight(kind: str | None) -> bool:
    return kind is not None and (KINDS[kind].blocks_los or kind in WATERWAYS or kind in BUILDINGS)
