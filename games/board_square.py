"""A square-grid board as a small server-rendered SVG, for a ruleset whose
``capabilities.board`` is ``"square"``.

The input is ruleset-neutral: the ruleset's kit (``Presenter.board(view)``) turns its view
into this shape::

    {
        "width": 8, "height": 8,                 # columns and rows
        "name": "Opening",                       # optional: named in the board's label
        "cells": [{"col": 0, "row": 0, "terrain": "woods", "label": "A1"}, ...],
                                                 # optional per cell; a cell not listed is
                                                 # open ground labelled by its column and row
        "pieces": [{"col": 3, "row": 4, "side": "union", "label": "K", "id": "p1",
                    "words": "Union king"}, ...],  # "words" optional: the label's meaning
        "highlights": {"objective": [[2, 2]]},   # optional: css class -> cells
        "positions": {"union": "bottom", "confederate": "top"},   # optional
        "arrows": [{"from": [1, 2], "to": [3, 2], "cls": "last-move"}],   # optional
    }

A cell may also carry ``links`` (the directions ``[dcol, drow]`` of the track that leaves it:
a railroad drawn through the cell's centre to its neighbours), ``station`` (a name: a dot on
the cell), ``borders`` (the edges ``"n"``, ``"e"``, ``"s"``, ``"w"`` that a boundary runs
along, such as a state line), and the terrain ``water`` (drawn as water, no square). Arrows
(the last moves) are drawn over the cells and take no clicks.

``col`` runs from 0 (left) to ``width - 1``, ``row`` from 0 (top) to ``height - 1``.  A
viewer whose side sits at the top sees the board turned round, so their side is at the
bottom.  The page's highlights, clicks and selection are given as for the hex board
(``games.board_svg.render_board``): ``highlights`` (css class -> cells), ``cell_attrs(col,
row)`` (the attributes that make a cell clickable: ``hx-post``/``hx-vals`` or ``hx-get``,
``role``, ``tabindex``, ``aria-label``) and ``selected``.  Each cell is one ``<g class="cell
...">`` with ``data-col``/``data-row`` and a ``<title>`` in plain words; each piece a ``<g
class="piece <side>">`` coloured by the site's side colours (static/css/board.css).
"""
from __future__ import annotations

from typing import Iterable, Mapping

from games.engine import SIDE_NAMES
from games.svg_text import CLASS_NAME, CellAttrs, attr as _a, cell_attributes, cell_key as _key, text as _t

CELL = 48
_MARGIN = 24




def cell_name(col: int, row: int, height: int) -> str:
    """A cell by the drawn key: its column letter and its row counted from the bottom ('C2')."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    letter = letters[col] if col < len(letters) else str(col + 1)
    return f"{letter}{height - row}"


def _side_name(side: str) -> str:
    return SIDE_NAMES.get(side, str(side).replace("_", " ").capitalize())


def render_square(board: Mapping, *, viewer: str | None = None,
                  highlights: Mapping[str, Iterable] | None = None,
                  cell_attrs: CellAttrs | None = None,
                  selected=None, marks: Iterable[Mapping] = ()) -> str:
    """The grid ``board`` (the shape in this module's docstring) as an SVG element.
    ``marks`` (the last turn's arrows on the hex board) are not drawn on a square grid: the
    kit gives its own ``arrows`` in ``board``."""
    width, height = int(board["width"]), int(board["height"])
    flip = viewer is not None and (board.get("positions") or {}).get(viewer) == "top"

    def place(col: int, row: int) -> tuple[int, int]:
        if flip:
            col, row = width - 1 - col, height - 1 - row
        return col * CELL, row * CELL

    cells = {_key(c): c for c in board.get("cells", ())}
    pieces: dict[tuple[int, int], list[Mapping]] = {}
    for p in board.get("pieces", ()):
        pieces.setdefault(_key(p), []).append(p)
    classes: dict[tuple[int, int], list[str]] = {}
    for source in (board.get("highlights") or {}, highlights or {}):
        for cls, keys in source.items():
            if not CLASS_NAME.match(cls):
                raise ValueError(f"not a CSS class name: {cls!r}")
            for k in keys:
                classes.setdefault(_key(k), []).append(cls)
    if selected is not None:
        classes.setdefault(_key(selected), []).append("selected")

    name = board.get("name") or ""
    label = f"Board of {name}" if name else "Board"
    if viewer is not None:
        label += f", seen from the {_side_name(viewer)} side"
    w, h = width * CELL + 2 * _MARGIN, height * CELL + 2 * _MARGIN
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board square-board" '
             f'viewBox="{-_MARGIN} {-_MARGIN} {w} {h}" role="group" aria-label="{_a(label)}">']
    parts.append(_key_labels(width, height, place))
    plain: list[str] = []
    raised: list[str] = []
    for row in range(height):
        for col in range(width):
            key = (col, row)
            out = raised if key in classes else plain
            out.append(_cell(key, place(col, row), height, cells.get(key), pieces.get(key, ()),
                             classes.get(key, ()), cell_attrs, flip))
    parts.extend(plain)
    parts.extend(raised)        # highlighted cells last, so their outline is never covered
    parts.append(_arrows(board.get("arrows") or (), place))
    parts.append("</svg>")
    return "".join(parts)


def _key_labels(width: int, height: int, place) -> str:
    out = ['<g class="key" aria-hidden="true">']
    for col in range(width):
        x = place(col, 0)[0] + CELL // 2
        out.append(f'<text x="{x}" y="{-8}">{_t(cell_name(col, height - 1, height)[:-1])}</text>')
    for row in range(height):
        y = place(0, row)[1] + CELL // 2 + 4
        out.append(f'<text x="{-12}" y="{y}">{height - row}</text>')
    out.append("</g>")
    return "".join(out)


_EDGES = {"n": "M0 0 H48", "s": "M0 48 H48", "w": "M0 0 V48", "e": "M48 0 V48"}
_TURNED = {"n": "s", "s": "n", "e": "w", "w": "e"}


def _arrows(arrows, place) -> str:
    if not arrows:
        return ""
    out = ['<g class="arrows" aria-hidden="true">']
    half = CELL // 2
    for a in arrows:
        (x1, y1), (x2, y2) = place(*_key(a["from"])), place(*_key(a["to"]))
        cls = str(a.get("cls") or "arrow")
        cls = cls if CLASS_NAME.match(cls) else "arrow"
        out.append(f'<line class="{cls}" x1="{x1 + half}" y1="{y1 + half}" x2="{x2 + half}" y2="{y2 + half}"/>'
                   f'<circle class="{cls}-end" cx="{x2 + half}" cy="{y2 + half}" r="5"/>')
    out.append("</g>")
    return "".join(out)


def _features(cell, flip: bool) -> str:
    """A cell's railroad track, station and boundary lines (under its pieces)."""
    if not cell:
        return ""
    out = []
    half = CELL // 2
    sign = -1 if flip else 1
    track = "".join(f"M{half} {half} l{sign * int(dc) * half} {sign * int(dr) * half}"
                    for dc, dr in cell.get("links") or ())
    if track:
        out.append(f'<path class="rail" d="{track}"/>')
    if cell.get("station"):
        out.append(f'<circle class="station" cx="{half}" cy="{half}" r="7"/>')
    edges = "".join(_EDGES[_TURNED[e] if flip else e] for e in cell.get("borders") or () if e in _EDGES)
    if edges:
        out.append(f'<path class="border" d="{edges}"/>')
    return "".join(out)


def _cell(key, xy, height, cell, pieces, classes, cell_attrs, flip=False) -> str:
    col, row = key
    terrain = str((cell or {}).get("terrain") or "open")
    cls = ["cell", f"t-{terrain}" if CLASS_NAME.match(terrain) else "t-open", *classes]
    label = (cell or {}).get("label") or cell_name(col, row, height)
    words = f"{terrain.replace('_', ' ').capitalize()} {label}"
    if pieces:
        words += ": " + "; ".join(str(p.get("words") or f"{_side_name(p.get('side', ''))} {p.get('label', 'piece')}")
                                  for p in pieces)
    attrs = cell_attributes(cell_attrs, col, row, cls)
    x, y = xy
    out = [f'<g class="{_a(" ".join(cls))}" data-col="{col}" data-row="{row}" '
           f'transform="translate({x} {y})"{attrs}><title>{_t(words)}</title>'
           f'<rect class="cb" width="{CELL}" height="{CELL}"/>{_features(cell, flip)}']
    for p in pieces:
        side = str(p.get("side", ""))
        pcls = ["piece", side] if CLASS_NAME.match(side) else ["piece"]
        pid = f' data-piece="{_a(p["id"])}"' if p.get("id") is not None else ""
        out.append(f'<g class="{_a(" ".join(pcls))}"{pid}><circle cx="{CELL // 2}" cy="{CELL // 2}" r="17"/>'
                   f'<text x="{CELL // 2}" y="{CELL // 2 + 5}">{_t(p.get("label", ""))}</text></g>')
    out.append("</g>")
    return "".join(out)
