"""What a chosen hex sees and reaches, for the scenario editor's overlay.

``sight_and_reach(game, hex, dice_by_range)``: the hexes in line of sight from ``hex``
(by the line-of-sight rule of :mod:`.sight`, the unit standing there looking, so the hill
exception for artillery applies), and, when a unit stands there, the hexes its fire reaches
with the dice of its kind at that distance (adjacent hexes always, as a melee needs no line
of sight). Terrain and the target's modifiers are left to the attack preview.
"""
from __future__ import annotations

from collections.abc import Mapping

from .sight import has_line_of_sight


def sight_and_reach(game, h, dice_by_range: Mapping[str, tuple[int, ...]]) -> dict:
    """``{"seen": [hex...], "reach": [{"hex", "dice"}...], "unit": kind or None}``."""
    board = game.board
    a = board.index_of(h)
    uid = game.pieces.unit_at[a]
    unit = game.pieces.units[uid] if uid is not None else None
    profile = tuple(dice_by_range.get(unit.kind, ())) if unit is not None else ()
    seen, reach = [], []
    dist = board.dist[a]
    for b in range(board.size):
        if b == a:
            continue
        d = dist[b]
        visible = d == 1 or has_line_of_sight(game, a, b, unit)
        if visible:
            seen.append(board.hex_json[b])
            if 0 < d <= len(profile) and profile[d - 1] > 0:
                reach.append({"hex": board.hex_json[b], "dice": profile[d - 1]})
    return {"seen": seen, "reach": reach, "unit": unit.kind if unit is not None else None}
