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
        "rows_down": False,                      # optional: the key counts rows from the top
    }

The key names a cell by its column letters (A to Z, then AA, AB, ...) and its row, counted
from the bottom ("A1" at the bottom left, as on a chessboard) or, with ``rows_down``, from
the top ("A1" at the top left, as a map's grid reference); ``cell_name`` gives the same name
for the log and the buttons.

A cell may also carry ``links`` (the directions ``[dcol, drow]`` of the track that leaves it:
a railroad drawn through the cell's centre to its neighbours), ``station`` (a name: a dot on
the cell), ``borders`` (the edges ``"n"``, ``"e"``, ``"s"``, ``"w"`` that a boundary runs
along, such as a state line), and the terrain ``water`` (drawn as water, no square). Arrows
(the last moves) are drawn over the cells and take no clicks. The map under the cells is
drawn once: ``tracks`` (lists of cells, each a railroad drawn through their centres),
``regions`` (``{"col", "row", "name"}``: a name written on the map, such as a state's) and
``ground_words`` (terrain -> words, the ground's tooltip).

``col`` runs from 0 (left) to ``width - 1``, ``row`` from 0 (top) to ``height - 1``.  A
viewer whose side sits at the top sees the board turned round, so their side is at the
bottom.  The page's highlights, clicks and selection are given as for the hex board
(``games.board_svg.render_board``): ``highlights`` (css class -> cells), ``cell_attrs(col,
row)`` (the attributes that make a cell clickable: ``hx-post``/``hx-vals`` or ``hx-get``,
``role``, ``tabindex``, ``aria-label``) and ``selected``.  The ground is drawn as one path
per kind of terrain (open ground is the board's colour), so a square that holds no piece
and takes no click or highlight has no element of its own; every other one is a ``<g
class="cell ...">`` with ``data-col``/``data-row`` and a ``<title>`` in plain words; each
piece a ``<g class="piece <side>">`` coloured by the site's side colours
(static/css/board.css). This keeps a map of several hundred squares small (the 1961 map's
432, docs/mb1961.md).
"""
from __future__ import annotations

from typing import Iterable, Mapping

from games.engine import SIDE_NAMES
from games.svg_text import CLASS_NAME, CellAttrs, attr as _a, cell_attributes, cell_key as _key, text as _t

CELL = 48
_MARGIN = 24




def column_name(col: int) -> str:
    """A column's letters on the drawn key: A to Z, then AA, AB, ..."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return letters[col] if col < len(letters) else letters[col // 26 - 1] + letters[col % 26]


def cell_name(col: int, row: int, height: int, rows_down: bool = False) -> str:
    """A cell by the drawn key: its column letters and its row counted from the bottom ('C2'),
    or from the top with ``rows_down`` (a map's grid reference: 'A1' at the top left)."""
    return f"{column_name(col)}{row + 1 if rows_down else height - row}"


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

    cells, drawn_map = _drawn_map(board, width, height, place, flip)
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
    rows_down = bool(board.get("rows_down"))
    parts.append(_key_labels(width, height, place, rows_down))
    parts.append(drawn_map)
    plain: list[str] = []
    raised: list[str] = []
    for row in range(height):
        for col in range(width):
            key = (col, row)
            attrs = cell_attributes(cell_attrs, col, row, cls := list(classes.get(key, ())))
            if not (attrs or cls or key in pieces):
                continue        # drawn by the map's paths: no group of its own
            out = raised if cls else plain
            out.append(_cell(key, place(col, row), cell_name(col, row, height, rows_down), cells.get(key),
                             pieces.get(key, ()), cls, attrs))
    parts.extend(plain)
    parts.extend(raised)        # highlighted cells last, so their outline is never covered
    parts.append(_arrows(board.get("arrows") or (), place))
    parts.append("</svg>")
    return "".join(parts)


def _key_labels(width: int, height: int, place, rows_down: bool) -> str:
    out = ['<g class="key" aria-hidden="true">']
    for col in range(width):
        x = place(col, 0)[0] + CELL // 2
        out.append(f'<text x="{x}" y="-8">{_t(column_name(col))}</text>')
    for row in range(height):
        y = place(0, row)[1] + CELL // 2 + 4
        out.append(f'<text x="-12" y="{y}">{row + 1 if rows_down else height - row}</text>')
    out.append("</g>")
    return "".join(out)


#: The map drawn for the last boards, by the identities of its lists (a kit that gives the
#: same lists for every drawing of one map, as the 1961 kit does, has it drawn once); each
#: entry holds the lists, so their identities are not reused while it is kept.
_DRAWN: dict[tuple, tuple[tuple, dict, str]] = {}


def _drawn_map(board: Mapping, width: int, height: int, place, flip: bool) -> tuple[dict, str]:
    """The board's cells by their key, and its map drawn (``_map``)."""
    lists = tuple(board.get(k) for k in ("cells", "tracks", "regions", "ground_words"))
    key = (*map(id, lists), width, height, flip)
    kept = _DRAWN.get(key)
    if kept is not None and all(a is b for a, b in zip(kept[0], lists)):
        return kept[1], kept[2]
    cells = {_key(c): c for c in board.get("cells", ())}
    drawn = _map(board, width, height, cells, place, flip)
    if len(_DRAWN) >= 16:
        _DRAWN.clear()
    _DRAWN[key] = (lists, cells, drawn)
    return cells, drawn


def _runs(squares: set[tuple[int, int]], place) -> str:
    """Path data covering ``squares``: one rectangle per run of them along a drawn row."""
    drawn = sorted((place(*k)[1], place(*k)[0]) for k in squares)
    out = []
    i = 0
    while i < len(drawn):
        y, x = drawn[i]
        j = i + 1
        while j < len(drawn) and drawn[j] == (y, x + (j - i) * CELL):
            j += 1
        out.append(f"M{x} {y}h{(j - i) * CELL}v{CELL}h-{(j - i) * CELL}z")
        i = j
    return "".join(out)


def _map(board: Mapping, width: int, height: int, cells: Mapping, place, flip: bool) -> str:
    """Everything under the pieces that takes no click, drawn once for the whole grid: the
    ground as one path per kind (open ground is the board's own colour), the grid lines,
    the boundaries, the railroads and the stations (with their names)."""
    by_ground: dict[str, set[tuple[int, int]]] = {}
    for key, cell in cells.items():
        terrain = str(cell.get("terrain") or "open")
        if terrain != "open" and 0 <= key[0] < width and 0 <= key[1] < height:
            by_ground.setdefault(terrain if CLASS_NAME.match(terrain) else "open", set()).add(key)
    words = board.get("ground_words") or {}
    out = [f'<g class="map" aria-hidden="true"><rect class="t-open" width="{width * CELL}" height="{height * CELL}"/>']
    grid = "".join(f"M0 {r * CELL}h{width * CELL}" for r in range(1, height)) \
        + "".join(f"M{c * CELL} 0v{height * CELL}" for c in range(1, width))
    for terrain in sorted(by_ground, key=lambda t: t == "water"):
        if terrain == "water":                  # drawn over the grid: no square there
            out.append(f'<path class="grid" d="{grid}"/>')
        title = f"<title>{_t(words[terrain])}</title>" if terrain in words else ""
        out.append(f'<path class="t-{terrain}" d="{_runs(by_ground[terrain], place)}">{title}</path>')
    if "water" not in by_ground:
        out.append(f'<path class="grid" d="{grid}"/>')
    edges = _border_path(cells, place, flip)
    if edges:
        out.append(f'<path class="border" d="{edges}"/>')
    half = CELL // 2
    sign = -1 if flip else 1
    track = []
    for line in board.get("tracks") or ():
        keys = [_key(k) for k in line]
        x, y = place(*keys[0])
        track.append(f"M{x + half} {y + half}" + "".join(
            f"l{sign * (b[0] - a[0]) * CELL} {sign * (b[1] - a[1]) * CELL}" for a, b in zip(keys, keys[1:])))
    for key, cell in cells.items():
        if cell.get("links"):
            x, y = place(*key)
            track.extend(f"M{x + half} {y + half}l{sign * int(dc) * half} {sign * int(dr) * half}"
                         for dc, dr in cell["links"])
    if track:
        out.append(f'<path class="rail" d="{"".join(track)}"/>')
    for key, cell in sorted(cells.items()):
        if cell.get("station"):
            x, y = place(*key)
            out.append(f'<circle class="station" cx="{x + half}" cy="{y + half}" r="7">'
                       f'<title>{_t(cell["station"])} station</title></circle>')
    for region in board.get("regions") or ():
        x, y = place(*_key(region))
        out.append(f'<text class="region" x="{x + half}" y="{y + half + 4}">{_t(region["name"])}</text>')
    out.append("</g>")
    return "".join(out)


def _border_path(cells: Mapping, place, flip: bool) -> str:
    """The boundary edges of every cell (its ``borders``) as path data, an edge shared by
    two cells drawn once and the edges along one line joined."""
    horizontal: set[tuple[int, int]] = set()      # (y, x): the edge from x to x + CELL at y
    vertical: set[tuple[int, int]] = set()        # (x, y): the edge from y to y + CELL at x
    for key, cell in cells.items():
        x, y = place(*key)
        for e in cell.get("borders") or ():
            e = _TURNED.get(e, e) if flip else e
            if e == "n":
                horizontal.add((y, x))
            elif e == "s":
                horizontal.add((y + CELL, x))
            elif e == "w":
                vertical.add((x, y))
            elif e == "e":
                vertical.add((x + CELL, y))
    out = []
    for edges, move in ((horizontal, "M{b} {a}h{n}"), (vertical, "M{a} {b}v{n}")):
        for a, b in sorted(edges):
            if (a, b - CELL) in edges:
                continue                          # drawn with the edge before it
            n = CELL
            while (a, b + n) in edges:
                n += CELL
            out.append(move.format(a=a, b=b, n=n))
    return "".join(out)


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


def _cell(key, xy, name, cell, pieces, cls, attrs) -> str:
    col, row = key
    terrain = str((cell or {}).get("terrain") or "open")
    cls = ["cell", f"t-{terrain}" if CLASS_NAME.match(terrain) else "t-open", *cls]
    label = (cell or {}).get("label") or name
    words = f"{terrain.replace('_', ' ').capitalize()} {label}"
    if pieces:
        words += ": " + "; ".join(str(p.get("words") or f"{_side_name(p.get('side', ''))} {p.get('label', 'piece')}")
                                  for p in pieces)
    x, y = xy
    out = [f'<g class="{_a(" ".join(cls))}" data-col="{col}" data-row="{row}" '
           f'transform="translate({x} {y})"{attrs}><title>{_t(words)}</title><rect class="cb" width="{CELL}" height="{CELL}"/>']
    for p in pieces:
        side = str(p.get("side", ""))
        pcls = ["piece", side] if CLASS_NAME.match(side) else ["piece"]
        pid = f' data-piece="{_a(p["id"])}"' if p.get("id") is not None else ""
        out.append(f'<g class="{_a(" ".join(pcls))}"{pid}><circle cx="24" cy="24" r="17"/>'
                   f'<text x="24" y="29">{_t(p.get("label", ""))}</text></g>')
    out.append("</g>")
    return "".join(out)
