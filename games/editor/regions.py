"""Regions of the board: the hexes between two corners, copied with everything on them (the
special rules' hexes too), pasted elsewhere (a move is a cut and a paste), or cleared."""
from __future__ import annotations

import copy

from games.engine import HexBoard

from . import rule_hexes
from .shape import on_board
from .tools import EditRefused, Result

FIELDS = ("terrain", "units", "generals", "flag_tokens")


def region_hexes(board: HexBoard, a: tuple[int, int], b: tuple[int, int]) -> set[tuple[int, int]]:
    """The hexes of the board inside the rectangle with corners ``a`` and ``b``."""
    c0, c1 = sorted((a[0], b[0]))
    r0, r1 = sorted((a[1], b[1]))
    return {(h.col, h.row) for h in board.hexes if c0 <= h.col <= c1 and r0 <= h.row <= r1}


def _entries(data, field: str) -> list:
    value = data.get(field)
    return value if isinstance(value, list) else []


def _key(entry):
    """(col, row) of an entry's hex, or None when it names none."""
    h = entry.get("hex") if isinstance(entry, dict) else None
    if isinstance(h, dict) and type(h.get("col")) is int and type(h.get("row")) is int:
        return h["col"], h["row"]
    return None


def copy_region(data, board: HexBoard, a, b) -> dict:
    """The clipboard: the region's entries with hexes counted from corner ``a``."""
    hexes = region_hexes(board, a, b)
    clip: dict = {"size": len(hexes), "cells": sorted([c - a[0], r - a[1]] for c, r in hexes)}
    for field in FIELDS:
        entries = []
        for e in _entries(data, field):
            key = _key(e)
            if key in hexes:
                e = copy.deepcopy(e)
                e["hex"] = {"col": key[0] - a[0], "row": key[1] - a[1]}
                entries.append(e)
        clip[field] = entries
    clip["rule_hexes"] = rule_hexes.copied(data, hexes, a)
    return clip


def paste(data, board: HexBoard, clip, at: tuple[int, int]) -> Result:
    """The clipboard laid with its first corner on hex ``at``; whatever stood on the hexes it
    covers is replaced. Parts falling off the board are left out."""
    if not isinstance(clip, dict) or "cells" not in clip:
        raise EditRefused("Nothing to paste: select a region and copy it first.")
    covered = {(at[0] + dc, at[1] + dr) for dc, dr in clip["cells"]}
    covered = {h for h in covered if on_board(board, *h)}
    changes: dict = {}
    dropped = 0
    for field in FIELDS:
        kept = [e for e in copy.deepcopy(_entries(data, field)) if _key(e) not in covered]
        for e in clip.get(field, []):
            e = copy.deepcopy(e)
            key = (at[0] + e["hex"]["col"], at[1] + e["hex"]["row"])
            if not on_board(board, *key):
                dropped += 1
                continue
            e["hex"] = {"col": key[0], "row": key[1]}
            kept.append(e)
        changes[field] = kept
    rules, added = rule_hexes.pasted(data, clip.get("rule_hexes"), covered, at,
                                     lambda col, row: on_board(board, col, row))
    if rules != rule_hexes.rules_of(data):
        changes["special_rules"] = rules
    label = f"Pasted at ({at[0]},{at[1]})"
    if dropped:
        label += f", {dropped} piece(s) off the board left out"
    if added:
        label += f"; special rule{'s' if len(added) > 1 else ''} added: {', '.join(added)}"
    return label, changes


def erase_region(data, board: HexBoard, a, b) -> Result:
    hexes = region_hexes(board, a, b)
    changes = {field: [e for e in copy.deepcopy(_entries(data, field)) if _key(e) not in hexes]
               for field in FIELDS}
    rules = rule_hexes.without(rule_hexes.rules_of(data), hexes)
    if rules != rule_hexes.rules_of(data):
        changes["special_rules"] = rules
    return f"Cleared {len(hexes)} hexes", changes
