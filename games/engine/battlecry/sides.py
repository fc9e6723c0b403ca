"""The two sides of Battle Cry, in one place: their keys in order (the Union first), the
names players read, and the other side.

The keys are what states, scenario files, the database and the API store; the names are
adjectives ("the Union side", "Confederate infantry"), one spelling everywhere.  The engine
re-exports these through ``games.engine``; the site imports them from there.
"""
from __future__ import annotations

UNION = "union"
CONFEDERATE = "confederate"
SIDES = (UNION, CONFEDERATE)
SIDE_NAMES = {UNION: "Union", CONFEDERATE: "Confederate"}


def other(side: str) -> str:
    """The side that is not ``side``."""
    return CONFEDERATE if side == UNION else UNION


def side_name(side: str | None) -> str:
    """The name players read for ``side``; empty for no side."""
    return SIDE_NAMES.get(side or "", "")
