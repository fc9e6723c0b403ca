"""Morale (seed 004 L56-62): a unit's morale level, its check, and its status markers.

A check rolls as many dice as the unit's morale and passes on a die showing the unit's
own symbol or crossed sabres (ruling S6).  Statuses: none, ``spent`` (failed a check),
``routed`` (a Spent unit that took a flag).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import dice as _dice
from ..units import ARTILLERY, CAVALRY, FULL_FIGURES, INFANTRY
from .terrain import FENCES, FIELDWORKS

if TYPE_CHECKING:
    from .game import StandardGame

BASE_MORALE = 3
SPENT, ROUTED = "spent", "routed"
#: The die face that is a unit's own symbol.
SYMBOL = {INFANTRY: _dice.INFANTRY, CAVALRY: _dice.CAVALRY, ARTILLERY: _dice.ARTILLERY}


def supported(game: StandardGame, unit) -> bool:
    """Two friendly units next to it that are not next to each other (L60)."""
    hexes: list[int] = []
    for n in game.board.adjacent[unit.hex]:
        uid = game.pieces.unit_at[n]
        if uid is not None and game.pieces.units[uid].side == unit.side:
            hexes.append(n)
    for k, a in enumerate(hexes):
        for b in hexes[k + 1:]:
            if game.board.dist[a][b] > 1:
                return True
    return False


def morale(game: StandardGame, unit, flags: int = 1, flank: bool = False) -> tuple[int, list[dict]]:
    """(morale level, modifiers) of ``unit`` for a check after ``flags`` flags in one roll."""
    mods: list[dict[str, Any]] = []
    if unit.special:
        mods.append({"value": 1, "why": "elite"})
    if any(gen.side == unit.side and game.board.dist[gen.hex][unit.hex] <= 1 for gen in game.pieces.generals.values()):
        mods.append({"value": 1, "why": "general with or next to it"})
    if unit.hex in game.landmarks:
        mods.append({"value": 1, "why": "holds a landmark"})
    sides = (game.pieces.obstacles[unit.hex] or {}).values()
    if any(k in FIELDWORKS for k in sides):
        mods.append({"value": 1, "why": "in fieldworks"})
    if any(k in FENCES for k in sides):
        mods.append({"value": 1, "why": "behind a fence"})
    if supported(game, unit):
        mods.append({"value": 1, "why": "supported"})
    lost = max(0, FULL_FIGURES[unit.kind] - unit.figures)
    if lost:
        mods.append({"value": -lost, "why": f"{lost} figure{'s' if lost > 1 else ''} lost"})
    if flags > 1:
        mods.append({"value": -(flags - 1), "why": "flags beyond the first"})
    if flank:
        mods.append({"value": -1, "why": "flank attack"})
    return BASE_MORALE + sum(m["value"] for m in mods), mods


def passes(kind: str, faces: list[str]) -> bool:
    """A check passes on the unit's own symbol or crossed sabres."""
    return any(f == SYMBOL[kind] or f == _dice.SWORDS for f in faces)


def check(game: StandardGame, unit, reason: str, flags: int = 1, flank: bool = False) -> bool:
    """Roll the unit's morale check (no dice at a level of 0 or less: it fails)."""
    level, mods = morale(game, unit, flags, flank)
    faces = game.roll(max(0, level))
    ok = passes(unit.kind, faces)
    game.event({"type": "morale_check", "side": unit.side, "unit": unit.id, "reason": reason,
                "morale": level, "modifiers": mods, "dice": max(0, level), "rolls": faces,
                "passed": ok})
    return ok
