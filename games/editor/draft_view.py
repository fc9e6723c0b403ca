"""A draft's data as the board renderer's view (the shape ``Game.view`` gives), so the
editor draws with the renderer used in play. A draft may be half drawn or wrong: entries
the renderer cannot place (no hex on the board, an unknown kind) are left off the picture
and reported by the checks beside it."""
from __future__ import annotations

from collections.abc import Mapping

from games.engine import BOARD, BUILDING_DEFAULTS, BUILDING_NAMES, FULL_FIGURES, SIDES, TERRAIN, UNIT_KINDS, HexBoard

from .shape import on_board


def _hex(board: HexBoard, entry) -> tuple[int, int] | None:
    h = entry.get("hex") if isinstance(entry, Mapping) else None
    if not isinstance(h, Mapping):
        return None
    col, row = h.get("col"), h.get("row")
    return (col, row) if on_board(board, col, row) else None


def _entries(data: Mapping, field: str) -> list:
    value = data.get(field)
    return value if isinstance(value, list) else []


def board_view(data: Mapping, board: HexBoard) -> dict:
    """``{"positions", "terrain", "obstacles", "units", "generals", "objectives",
    "scenario"}`` of a draft, as the renderer reads them."""
    positions = {}
    sides = data.get("sides")
    if isinstance(sides, Mapping):
        for s in SIDES:
            side = sides.get(s)
            if isinstance(side, Mapping) and side.get("position") in ("top", "bottom"):
                positions[s] = side["position"]
    terrain, obstacles, named = {}, {}, {}
    for t in _entries(data, "terrain"):
        key = _hex(board, t)
        kind = t.get("kind") if key else None
        if not isinstance(kind, str) or kind not in TERRAIN:
            continue
        if TERRAIN[kind].obstacle:
            sides = t.get("sides")
            for d in sides if isinstance(sides, list) else ():
                if isinstance(d, str) and d in board.opposite:
                    obstacles.setdefault(key, {})[d] = kind
        elif kind != "open":
            terrain[key] = kind
            # a building named against its kind's default says so, as in play
            building = t.get("buildings")
            if building in BUILDING_NAMES and kind in BUILDING_DEFAULTS and building != BUILDING_DEFAULTS[kind]:
                named[key] = building
            else:
                named.pop(key, None)
    units = {}
    for u in _entries(data, "units"):
        key = _hex(board, u)
        if key is None or u.get("side") not in SIDES or u.get("kind") not in UNIT_KINDS:
            continue
        figures = u.get("figures", FULL_FIGURES[u["kind"]])
        units[key] = {"hex": {"col": key[0], "row": key[1]}, "side": u["side"], "kind": u["kind"],
                      "figures": figures if type(figures) is int else FULL_FIGURES[u["kind"]],
                      "green": u.get("green") is True, "horse": u.get("horse") is True,
                      "special": u.get("special") if isinstance(u.get("special"), str) else None}
    generals = {}
    for g in _entries(data, "generals"):
        key = _hex(board, g)
        if key is None or g.get("side") not in SIDES:
            continue
        generals[key] = {"hex": {"col": key[0], "row": key[1]}, "side": g["side"],
                         "name": g.get("name") if isinstance(g.get("name"), str) else ""}
    objectives = []
    for o in _entries(data, "flag_tokens"):
        key = _hex(board, o)
        if key is None or o.get("side") not in SIDES:
            continue
        flags = o.get("flags")
        objectives.append({"hex": {"col": key[0], "row": key[1]}, "side": o["side"],
                           "flags": flags if type(flags) is int else 1,
                           "name": o.get("name") if isinstance(o.get("name"), str) else ""})
    name = data.get("name")
    return {
        "positions": positions,
        "terrain": [{"hex": {"col": c, "row": r}, "kind": k, **({"buildings": named[c, r]} if (c, r) in named else {})}
                    for (c, r), k in terrain.items()],
        "obstacles": [{"hex": {"col": c, "row": r}, "sides": s} for (c, r), s in obstacles.items()],
        "units": list(units.values()),
        "generals": list(generals.values()),
        "objectives": objectives,
        "scenario": {"name": name if isinstance(name, str) else "", "board": board.name},
    }


def blank_battle(slug: str, board: HexBoard = BOARD) -> dict:
    """A new battle on ``board``: every required field written, an empty map, each side with
    its seat. A single-board battle leaves ``board`` out, as the shipped single-board files do."""
    return {
        "format": 1, "slug": slug, "name": "New battle", "dates": ["1862-01-01"],
        "state": "VA", "first_appearance": "Club", "annual_number": None,
        "layout_source": "approximation", "source_notes": "Drawn in the scenario editor.",
        "corrections": "", **({} if board is BOARD else {"board": board.name}),
        "sides": {"union": {"position": "bottom", "commander": "", "cards": 5, "flags": 6},
                  "confederate": {"position": "top", "commander": "", "cards": 5, "flags": 6}},
        "first_side": "union", "terrain": [], "units": [], "generals": [], "flag_tokens": [],
        "special_rules": [], "special_rules_text": "None.", "historical_note": "",
    }
