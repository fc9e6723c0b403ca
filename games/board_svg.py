"""The board as a small server-rendered SVG, drawn from an engine view (``Game.view``).

Used by the scenario pages and the play pages alike::

    from games.board_svg import render_board
    svg = render_board(game.view(side), viewer=side,
                       highlights={"reachable": {(4, 2), (6, 2)}},
                       hex_attrs=lambda col, row: {"hx-post": url, "hx-vals": json.dumps(...)},
                       selected=(5, 3))

Geometry: pointy-top hexes with circumradius 30 and half-width 26 (so a hex is 52 wide and
60 tall, rows are 45 apart, and a hex's centre is at x = 26 * col, y = 45 * row in the
doubled-column addressing of ``games.engine.hexgrid``; sqrt(3)/2 * 30 = 25.98 is rounded to
26 so that every coordinate is a whole number).  When the viewer sits at the top of the
scenario, every position is turned round (col -> 24 - col, row -> 8 - row) so that each player
sees their own baseline at the bottom, with the text still upright.

Everything is styled by classes (``static/css/board.css``); the only repeated shapes are in
``<defs>`` and drawn with ``<use>``.  Each hex is one ``<g class="hex ...">`` carrying
``data-col``/``data-row`` and a ``<title>`` in plain words, so the board reads without colour
and with a screen reader.
"""
from __future__ import annotations

import re
from html import escape
from typing import Callable, Iterable, Mapping

from games.engine import BOARD, TERRAIN as KINDS

HALF_WIDTH = 26         # centre to the middle of a vertical side
RADIUS = 30             # centre to a corner
ROW_STEP = 45           # 1.5 * RADIUS

SIDE_NAMES = {"union": "Union", "confederate": "Confederate"}
UNIT_LETTERS = {"infantry": "I", "cavalry": "C", "artillery": "A"}

#: A short mark for each base terrain, so the map reads without colour.
TERRAIN_MARKS = {
    "bridge": "B",
    "farm": "Fm",
    "field": "Fd",
    "hill": "H",
    "orchard": "O",
    "river": "≈",
    "rough": "R",
    "town": "T",
    "woods": "W",
}

# Side segments of a hex, drawn a little inside it (86 %) so a neighbour never covers them.
_SIDE_SEGMENTS = {
    "E": "M22-13V13",
    "NE": "M0-26L22-13",
    "NW": "M-22-13L0-26",
    "W": "M-22 13V-13",
    "SW": "M0 26L-22 13",
    "SE": "M22 13L0 26",
}

_X_MIN, _Y_MIN, _WIDTH, _HEIGHT = -28, -52, 680, 468
_SEAT_LABEL_Y = {"top": -38, "bottom": 410}
_CLASS_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
_ATTR_NAME = re.compile(r"^[A-Za-z_:@][A-Za-z0-9_:.@-]*$")
_RESERVED_ATTRS = {"data-col", "data-row", "transform"}

_DEFS = (
    "<defs>"
    '<polygon id="bh" points="0,-30 26,-15 26,15 0,30 -26,15 -26,-15"/>'
    '<rect id="bc" x="-15" y="-10" width="30" height="18" rx="3"/>'
    '<polygon id="bs" points="0,-7 2,-2 7,-2 3,1 4,6 0,3 -4,6 -3,1 -7,-2 -2,-2"/>'
    '<path id="bf" d="M-3 7V-7L7-4-3-1Z"/>'
    "</defs>"
)

HexAttrs = Callable[[int, int], "Mapping[str, object] | None"]


def _a(value: object) -> str:
    """An attribute value, escaped for HTML and XML alike."""
    return escape(str(value), quote=True)


def _t(value: object) -> str:
    """Text content, escaped."""
    return escape(str(value), quote=False)


def _key(h) -> tuple[int, int]:
    if isinstance(h, Mapping):
        return int(h["col"]), int(h["row"])
    col, row = h
    return int(col), int(row)


def _figures(n: int) -> str:
    return f"{n} figure" if n == 1 else f"{n} figures"


def unit_words(unit: Mapping) -> str:
    """A unit in plain words: 'Union horse artillery, 2 figures, green'."""
    kind = unit["kind"]
    if kind == "artillery" and unit.get("horse"):
        kind = "horse artillery"
    words = f"{SIDE_NAMES.get(unit['side'], unit['side'])} {kind}, {_figures(unit['figures'])}"
    if unit.get("green"):
        words += ", green"
    if unit.get("special"):
        words += f", special unit ({unit['special'].replace('-', ' ')})"
    return words


def render_board(view: Mapping, *, viewer: str | None = None,
                 highlights: Mapping[str, Iterable] | None = None,
                 hex_attrs: HexAttrs | None = None,
                 selected=None) -> str:
    """The board of ``view`` (a ``Game.view`` dict) as an SVG element (a string).

    ``viewer``: the side drawn at the bottom (``None``: as the scenario places the sides).
    ``highlights``: CSS class -> iterable of (col, row) (or ``{"col", "row"}``) given that class.
    ``hex_attrs(col, row)``: extra attributes for that hex's element, or ``None``.
    ``selected``: the (col, row) drawn outlined.
    """
    positions = view.get("positions") or {}
    flip = viewer is not None and positions.get(viewer) == "top"

    def place(col: int, row: int) -> tuple[int, int]:
        if flip:
            col, row = BOARD.max_col - col, BOARD.rows - 1 - row
        return col * HALF_WIDTH, row * ROW_STEP

    terrain: dict[tuple[int, int], str] = {}
    for t in view.get("terrain", ()):
        terrain[_key(t["hex"])] = t["kind"]
    obstacles: dict[tuple[int, int], Mapping[str, str]] = {}
    for o in view.get("obstacles", ()):
        obstacles[_key(o["hex"])] = o["sides"]
    units = {_key(u["hex"]): u for u in view.get("units", ())}
    generals = {_key(g["hex"]): g for g in view.get("generals", ())}
    objectives: dict[tuple[int, int], list] = {}
    for o in view.get("objectives", ()):
        objectives.setdefault(_key(o["hex"]), []).append(o)

    extra_classes: dict[tuple[int, int], list[str]] = {}
    for cls, hexes in (highlights or {}).items():
        if not _CLASS_NAME.match(cls):
            raise ValueError(f"not a CSS class name: {cls!r}")
        for h in hexes:
            extra_classes.setdefault(_key(h), []).append(cls)
    sel = _key(selected) if selected is not None else None
    if sel is not None:
        extra_classes.setdefault(sel, []).append("selected")

    plain, raised = [], []
    for h in BOARD.hexes:
        key = (h.col, h.row)
        out = raised if key in extra_classes else plain
        out.append(_hex(key, place(*key), flip, terrain.get(key), obstacles.get(key),
                        units.get(key), generals.get(key), objectives.get(key, ()),
                        extra_classes.get(key, ()), hex_attrs))

    name = (view.get("scenario") or {}).get("name", "")
    label = f"Board of {name}" if name else "Board"
    if viewer in SIDE_NAMES:
        label += f", seen from the {SIDE_NAMES[viewer]} side"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board" '
        f'viewBox="{_X_MIN} {_Y_MIN} {_WIDTH} {_HEIGHT}" role="group" aria-label="{_a(label)}">',
        _DEFS,
    ]
    for side, position in sorted(positions.items()):
        seat = position if not flip else ("bottom" if position == "top" else "top")
        if seat in _SEAT_LABEL_Y:
            parts.append(f'<text class="seat {_a(side)}" x="312" y="{_SEAT_LABEL_Y[seat]}">'
                         f"{_t(SIDE_NAMES.get(side, side))}</text>")
    parts.extend(plain)
    parts.extend(raised)     # highlighted hexes last, so their outline is never covered
    parts.append("</svg>")
    return "".join(parts)


def _hex(key, xy, flip, kind, sides, unit, general, objectives, classes, hex_attrs) -> str:
    col, row = key
    cls = ["hex", f"t-{kind or 'open'}", *classes]
    words = KINDS[kind].label if kind in KINDS else "Open"
    if sides:
        words += " with " + " and ".join(sorted(set(sides.values())))
    words += f" ({col},{row})"
    contents = []
    if unit:
        contents.append(unit_words(unit))
    if general:
        contents.append(f"{SIDE_NAMES.get(general['side'], general['side'])} general"
                        + (f" {general['name']}" if general.get("name") else ""))
    for o in objectives:
        text = "objective" + (f" {o['name']}" if o.get("name") else "")
        text += f", {o['flags']} flag{'s' if o['flags'] != 1 else ''} for the " \
                f"{SIDE_NAMES.get(o['side'], o['side'])}"
        if o.get("held"):
            text += " (held)"
        contents.append(text)
    if contents:
        words += ": " + "; ".join(contents)

    attrs = ""
    if hex_attrs is not None:
        for name, value in (hex_attrs(col, row) or {}).items():
            if value is None or value is False:
                continue
            if not _ATTR_NAME.match(name) or name in _RESERVED_ATTRS:
                raise ValueError(f"attribute not allowed on a hex: {name!r}")
            if name == "class":
                cls.extend(str(value).split())
                continue
            attrs += f' {name}="{_a("" if value is True else value)}"'

    x, y = xy
    out = [f'<g class="{_a(" ".join(cls))}" data-col="{col}" data-row="{row}" '
           f'transform="translate({x} {y})"{attrs}><title>{_t(words)}</title><use class="hb" href="#bh"/>']
    # The section lines, seen from the bottom seat, run down the drawn columns 7 and 17:
    # through the middle of the 12-hex rows' hexes there, along the west side of the
    # 13-hex rows' hexes on columns 8 and 18.  Each hex draws its own piece, above its
    # ground and below its pieces (the lines are symmetric, so a turned board has the same).
    drawn_col = x // HALF_WIDTH
    if drawn_col in (7, 17):
        out.append('<path class="section" d="M0-30V30"/>')
    elif drawn_col in (8, 18):
        out.append('<path class="section" d="M-26-15V15"/>')
    if kind in TERRAIN_MARKS:
        out.append(f'<text class="tm" y="-13">{TERRAIN_MARKS[kind]}</text>')
    if sides:
        by_kind: dict[str, str] = {}
        for direction, obstacle in sides.items():
            drawn = BOARD.opposite[direction] if flip else direction
            by_kind[obstacle] = by_kind.get(obstacle, "") + _SIDE_SEGMENTS[drawn]
        for obstacle, d in sorted(by_kind.items()):
            out.append(f'<path class="ob {_a(obstacle)}" d="{d}"/>')
    if unit:
        ucls = ["unit", unit["side"]]
        if unit.get("ordered"):
            ucls.append("ordered")
        letter = UNIT_LETTERS.get(unit["kind"], "?")
        if unit["kind"] == "artillery" and unit.get("horse"):
            letter = "HA"
        out.append(f'<g class="{_a(" ".join(ucls))}"><use href="#bc"/>'
                   f'<text class="k" x="-4" y="4">{letter}</text>'
                   f'<text class="n" x="9" y="4">{int(unit["figures"])}</text>')
        if unit.get("green"):
            out.append('<circle class="green" cx="-15" cy="-10" r="4"/>')
        if unit.get("special"):
            out.append('<use class="special" href="#bf" x="15" y="-10"/>')
        out.append("</g>")
    if general:
        out.append(f'<use class="general {_a(general["side"])}" href="#bs" x="-9" y="17"/>')
    for x, o in zip((9, -9 if not general else 1), objectives):
        ocls = f'objective {_a(o["side"])}' + (" held" if o.get("held") else "")
        out.append(f'<use class="{ocls}" href="#bf" x="{x}" y="17"/>')
        if o["flags"] != 1:
            out.append(f'<text class="of" x="{x + 1}" y="29">{int(o["flags"])}</text>')
    out.append("</g>")
    return "".join(out)


# ---------------------------------------------------------------------------
# Legend pictures for the pages: one small SVG per terrain kind or piece.

_SWATCH_HEX = '<polygon class="hb" points="0,-30 26,-15 26,15 0,30 -26,15 -26,-15"/>'
_SWATCH_OPEN = '<svg class="board swatch" viewBox="-28 -32 56 64" aria-hidden="true"><g class="hex t-{kind}">'


def terrain_swatch(kind: str) -> str:
    """A one-hex picture of a terrain kind (or a hexside obstacle, drawn on two sides)."""
    out = [_SWATCH_OPEN.format(kind=_a(kind if kind in TERRAIN_MARKS else "open")), _SWATCH_HEX]
    if kind in TERRAIN_MARKS:
        out.append(f'<text class="tm" y="5">{TERRAIN_MARKS[kind]}</text>')
    elif kind in KINDS and KINDS[kind].obstacle:
        out.append(f'<path class="ob {_a(kind)}" d="{_SIDE_SEGMENTS["NW"]}{_SIDE_SEGMENTS["NE"]}"/>')
    out.append("</g></svg>")
    return "".join(out)


def piece_swatches() -> list[tuple[str, str]]:
    """(picture, words) for each kind of piece drawn on the board (shapes drawn inline, so
    the page holds the board's <defs> ids only once)."""
    rect = '<rect x="-15" y="-10" width="30" height="18" rx="3"/>'
    star = ('<polygon class="general union" transform="scale(1.6)" '
            'points="0,-7 2,-2 7,-2 3,1 4,6 0,3 -4,6 -3,1 -7,-2 -2,-2"/>')
    flag = '<path class="{cls}" d="M-3 7V-7L7-4-3-1Z" transform="translate({x} {y}) scale({k})"/>'

    def pic(body: str) -> str:
        return (f'<svg class="board swatch" viewBox="-28 -32 56 64" aria-hidden="true">'
                f'<g class="hex t-open">{_SWATCH_HEX}{body}</g></svg>')

    def counter(side, letter, n, extra=""):
        return (f'<g class="unit {side}">{rect}<text class="k" x="-4" y="4">{letter}</text>'
                f'<text class="n" x="9" y="4">{n}</text>{extra}</g>')

    return [
        (pic(counter("union", "I", 4)),
         "A Union unit: I infantry, C cavalry, A artillery; the number is its figures."),
        (pic(counter("confederate", "C", 3)), "A Confederate unit (grey, dashed edge)."),
        (pic(counter("union", "HA", 3)), "Horse artillery."),
        (pic(counter("confederate", "I", 4, '<circle class="green" cx="-15" cy="-10" r="4"/>')),
         "Green troops (the dot): they retreat 2 hexes for each flag."),
        (pic(counter("union", "I", 4, flag.format(cls="special", x=15, y=-10, k=1))),
         "A special unit, marked with a flag token."),
        (pic(star), "A general: a star in the side's colour."),
        (pic(flag.format(cls="objective confederate", x=-2, y=0, k=1.6)),
         "An objective flag token, in the colour of the side that can capture it."),
    ]
