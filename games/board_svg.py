"""The board as a small server-rendered SVG, drawn from an engine view (``Game.view``).

Used by the scenario pages and the play pages alike::

    from games.board_svg import render_board
    svg = render_board(game.view(side), viewer=side,
                       highlights={"reachable": {(4, 2), (6, 2)}},
                       hex_attrs=lambda col, row: {"hx-post": url, "hx-vals": json.dumps(...)},
                       selected=(5, 3))

Geometry: pointy-top hexes with circumradius 30 and half-width 26 (so a hex is 52 wide and
60 tall, rows are 45 apart, and a hex's centre is at x = 26 * col, y = 45 * row in the
doubled-column addressing of the scenario's board (``view["scenario"]["board"]``: the single
board, or the double board of two boards joined end to end); sqrt(3)/2 * 30 = 25.98 is
rounded to 26 so that every coordinate is a whole number).  When the viewer sits at the top
of the scenario, every position is turned round (col -> max_col - col, row -> 8 - row) so that
each player sees their own baseline at the bottom, with the text still upright.

A double board (26 x 9) is drawn at the same scale, twice as wide: the join between the two
boards is a solid line down the middle (through the hexes the two half hexes make whole),
the section lines run where seed 000 puts the double board's flanks, and each seat's
flanks are named along its own edge ("Left flank", "Right flank", either side of its name).  The page
gives it a minimum width and scrolls it sideways on a narrow screen rather than shrink its
hexes below reading size (``svg.board.double`` in ``static/css/board.css``).

Two or three maps stood long side to long side (house rule 36, ruling H98: 19 or 29 rows) are
drawn at the same scale, as tall as their rows: the hexes of each filler row bridging a seam
carry the class ``filler`` (drawn paler), the rows keep their letters down both sides (A to S,
or A to Z and then AA to AC), and the seats' names stand at the outer long edges.

Everything is styled by classes (``static/css/board.css``); the only repeated shapes are in
``<defs>`` and drawn with ``<use>``.  Each hex is one ``<g class="hex ...">`` carrying
``data-col``/``data-row`` and a ``<title>`` in plain words, so the board reads without colour
and with a screen reader.
"""
from __future__ import annotations

from typing import Callable, Iterable, Mapping

from games.engine import BOARD, SIDE_NAMES, TERRAIN as KINDS, HexBoard, board_named
from games.svg_text import CLASS_NAME, attr as _a, cell_attributes, cell_key as _key, text as _t

HALF_WIDTH = 26         # centre to the middle of a vertical side
RADIUS = 30             # centre to a corner
ROW_STEP = 45           # 1.5 * RADIUS

# Side segments of a hex, drawn a little inside it (86 %) so a neighbour never covers them.
_SIDE_SEGMENTS = {
    "E": "M22-13V13",
    "NE": "M0-26L22-13",
    "NW": "M-22-13L0-26",
    "W": "M-22 13V-13",
    "SW": "M0 26L-22 13",
    "SE": "M22 13L0 26",
}

_X_MIN, _Y_MIN, _WIDTH, _HEIGHT = -44, -66, 712, 502
#: The seats' names and the column numbers above the top row and below the last one (by how
#: far below the last row's centre they stand).
_TOP_SEAT_Y, _BOTTOM_SEAT_BELOW = -52, 70
_TOP_KEY_Y, _BOTTOM_KEY_BELOW = -37, 43
#: The drawn key: rows lettered from the scenario's top edge, columns numbered from its left.
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ROW_KEYS: tuple[str, ...] = tuple(_LETTERS) + tuple("A" + c for c in _LETTERS)
#: A double board also names each seat's two flanks along its edge, on the line of the seat's
#: name (which stands over the centre), so the board is no taller than one board.
_FLANK_WORDS = {"left": "Left flank", "right": "Right flank"}


def board_of(view: Mapping) -> HexBoard:
    """The board a view's scenario is played on (the single board when it names none)."""
    size = (view.get("scenario") or {}).get("board")
    try:
        return board_named(size) if size else BOARD
    except KeyError:
        return BOARD


def _frame(board: HexBoard) -> tuple[int, int, int, int]:
    """The viewBox (x, y, width, height) of a board: its hexes, the key and the seats."""
    return _X_MIN, _Y_MIN, board.max_col * HALF_WIDTH + 2 * 44, _HEIGHT + (board.rows - 9) * ROW_STEP


def _seat_label_y(board: HexBoard) -> dict[str, int]:
    return {"top": _TOP_SEAT_Y, "bottom": (board.rows - 1) * ROW_STEP + _BOTTOM_SEAT_BELOW}


def hex_name(col: int, row: int) -> str:
    """A hex as the drawn key names it: its row letter and column number, e.g. 'G7' for
    (12,6).  The 12-hex rows sit between two numbers and take the lower one."""
    return f"{ROW_KEYS[row]}{col // 2 + 1}"

def _sym(id_: str, body: str) -> str:
    return f'<symbol id="{id_}" overflow="visible">{body}</symbol>'


#: The shapes every board repeats, drawn once here and placed with <use>.  Their colours
#: come from the <use> element (fill, stroke and color are inherited), so one shape serves
#: both sides.
_DEFS = "".join((
    "<defs>",
    '<polygon id="bh" points="0,-30 26,-15 26,15 0,30 -26,15 -26,-15"/>',
    # Unit frames: the Union a rectangle, the Confederates a frame with pointed ends.
    _sym("fu", '<rect x="-17" y="-13" width="34" height="23" rx="1"/>'),
    _sym("fc", '<polygon points="-12,-13 12,-13 18,-1.5 12,10 -12,10 -18,-1.5"/>'),
    # NATO marks in a small box: infantry crossed lines, cavalry one diagonal, artillery a
    # dot, horse artillery the dot and the diagonal.
    _sym("si", '<rect x="-9" y="-11" width="18" height="10" fill="none"/><path d="M-9-11 9-1M9-11-9-1"/>'),
    _sym("sc", '<rect x="-9" y="-11" width="18" height="10" fill="none"/><path d="M-9-1 9-11"/>'),
    _sym("sa", '<rect x="-9" y="-11" width="18" height="10" fill="none"/><circle cy="-6" r="2.6" stroke="none"/>'),
    _sym("sh", '<rect x="-9" y="-11" width="18" height="10" fill="none"/><path d="M-9-1 9-11"/>'
               '<circle cy="-6" r="2.6" stroke="none"/>'),
    # Figures as pips.
    *(_sym(f"p{n}", "".join(f'<circle cx="{(2 * i - n + 1) * 3}" cy="5" r="2"/>' for i in range(n)))
      for n in range(1, 7)),
    # A general's own token: a disc with a star.
    _sym("gt", '<circle r="7.5"/><polygon fill="currentColor" stroke="none" '
               'points="0,-5.5 1.6,-1.7 5.5,-1.7 2.4,.8 3.4,4.8 0,2.4 -3.4,4.8 -2.4,.8 -5.5,-1.7 -1.6,-1.7"/>'),
    '<path id="bf" d="M-3 7V-7L7-4-3-1Z"/>',
    # Terrain, drawn in the top of its hex (the pieces stand in the middle).
    _sym("tw", '<circle cx="-9" cy="-19" r="5"/><circle cx="0" cy="-23" r="5.5"/><circle cx="9" cy="-19" r="5"/>'
               '<path d="M-9-14v3M0-17v3M9-14v3" fill="none"/>'),
    _sym("th", '<path d="M-17-14q17-19 34 0M-9-16q9-9 18 0" fill="none"/>'),
    _sym("tt", '<path d="M-13-14v-6l4-4 4 4v6zM2-14v-7l5-4 5 4v7z"/>'),
    _sym("tf", '<path d="M-14-15h28M-12-19h24M-9-23h18" fill="none"/>'),
    _sym("td", '<path d="M-14-16q3-4 6 0t6 0 6 0 6 0M-10-21q3-4 6 0t6 0 6 0" fill="none"/>'),
    _sym("to", '<circle cx="-8" cy="-16" r="2.5"/><circle cy="-16" r="2.5"/><circle cx="8" cy="-16" r="2.5"/>'
               '<circle cx="-4" cy="-22" r="2.5"/><circle cx="4" cy="-22" r="2.5"/>'),
    _sym("tr", '<path d="M-26-3q6.5-7 13 0t13 0 13 0 13 0M-22-17q5-5 11 0t11 0 11 0" fill="none"/>'),
    _sym("tb", '<path d="M-26-3q6.5-7 13 0t13 0 13 0 13 0" fill="none"/><path d="M-8-22v20M8-22v20" fill="none"/>'),
    _sym("tu", '<path d="M-16-14l8-9 6 5 5-6 13 10" fill="none"/>'),
    _sym("tg", '<path d="M-12-14l4-6 4 6zM2-15l3-5 4 5zM-4-21l3-4 3 4z"/>'),
    '<marker id="ah" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
    'orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" class="ah"/></marker>',
    "</defs>",
))
#: The drawing of each terrain kind (the id of its shape in _DEFS).
TERRAIN_SHAPES = {"woods": "tw", "hill": "th", "town": "tt", "farm": "tf", "field": "td",
                  "orchard": "to", "river": "tr", "bridge": "tb", "rough": "tg",
                  "very_rough": "tg", "high_ground": "tu"}
_MARK_SHAPE = {"infantry": "si", "cavalry": "sc", "artillery": "sa"}

HexAttrs = Callable[[int, int], "Mapping[str, object] | None"]



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
    if unit.get("status"):                       # a morale marker (standard rules)
        words += f", {unit['status']}"
    return words


def render_board(view: Mapping, *, viewer: str | None = None,
                 highlights: Mapping[str, Iterable] | None = None,
                 hex_attrs: HexAttrs | None = None,
                 selected=None, marks: Iterable[Mapping] = ()) -> str:
    """The board of ``view`` (a ``Game.view`` dict) as an SVG element (a string).

    ``viewer``: the side drawn at the bottom (``None``: as the scenario places the sides).
    ``highlights``: CSS class -> iterable of (col, row) (or ``{"col", "row"}``) given that class.
    ``hex_attrs(col, row)``: extra attributes for that hex's element, or ``None``.
    ``selected``: the (col, row) drawn outlined.
    ``marks``: the last turn drawn over the board (``games.views.play_last_turn``): arrows
    for moves and retreats, a line and a ring with the hits for attacks, a cross where a unit
    was eliminated.
    """
    positions = view.get("positions") or {}
    flip = viewer is not None and positions.get(viewer) == "top"
    board = board_of(view)
    max_col, last_row = board.max_col, board.rows - 1

    def place(col: int, row: int) -> tuple[int, int]:
        if flip:
            col, row = max_col - col, last_row - row
        return col * HALF_WIDTH, row * ROW_STEP

    terrain: dict[tuple[int, int], str] = {}
    named: dict[tuple[int, int], str] = {}       # a building named against its kind's default
    for t in view.get("terrain", ()):
        terrain[_key(t["hex"])] = t["kind"]
        if t.get("buildings"):
            named[_key(t["hex"])] = t["buildings"]
    obstacles: dict[tuple[int, int], Mapping[str, str]] = {}
    for o in view.get("obstacles", ()):
        obstacles[_key(o["hex"])] = o["sides"]
    units = {_key(u["hex"]): u for u in view.get("units", ())}
    generals = {_key(g["hex"]): g for g in view.get("generals", ())}
    objectives: dict[tuple[int, int], list] = {}
    for o in view.get("objectives", ()):
        objectives.setdefault(_key(o["hex"]), []).append(o)
    terrain_flags = {_key(f["hex"]): f["side"] for f in view.get("terrain_flags", ())}

    extra_classes: dict[tuple[int, int], list[str]] = {}
    for cls, hexes in (highlights or {}).items():
        if not CLASS_NAME.match(cls):
            raise ValueError(f"not a CSS class name: {cls!r}")
        for h in hexes:
            extra_classes.setdefault(_key(h), []).append(cls)
    sel = _key(selected) if selected is not None else None
    if sel is not None:
        extra_classes.setdefault(sel, []).append("selected")

    plain: list[str] = []
    raised: list[str] = []
    lines = _drawn_lines(board)
    fillers = ("filler",)      # the hexes bridging a seam between maps (H98)
    for h in board.hexes:
        key = (h.col, h.row)
        out = raised if key in extra_classes else plain
        out.append(_hex(key, place(*key), flip, terrain.get(key), obstacles.get(key),
                        units.get(key), generals.get(key), objectives.get(key, ()),
                        (*fillers, *extra_classes.get(key, ())) if h.row in board.seams
                        else extra_classes.get(key, ()), hex_attrs, lines, terrain_flags.get(key),
                        named.get(key)))

    name = (view.get("scenario") or {}).get("name", "")
    label = f"Board of {name}" if name else "Board"
    if board.joins:
        label += f", two boards joined end to end ({board.width} hexes wide)"
    elif board.seams:
        label += f", {board.words}"
    if viewer in SIDE_NAMES:
        label += f", seen from the {SIDE_NAMES[viewer]} side"
    x0, y0, width, height = _frame(board)
    size_class = "" if board is BOARD else f" {_a(board.name)}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board{size_class}" '
        f'viewBox="{x0} {y0} {width} {height}" role="group" aria-label="{_a(label)}">',
        _DEFS,
    ]
    middle = max_col * HALF_WIDTH // 2
    seat_y = _seat_label_y(board)
    for side, position in sorted(positions.items()):
        seat = position if not flip else ("bottom" if position == "top" else "top")
        if seat in seat_y:
            parts.append(f'<text class="seat {_a(side)}" x="{middle}" y="{seat_y[seat]}">'
                         f"{_t(SIDE_NAMES.get(side, side))}</text>")
            if board.joins:
                parts.append(_flank_labels(board, seat, side))
    parts.append(_key_labels(board, place))
    parts.extend(plain)
    parts.extend(raised)     # highlighted hexes last, so their outline is never covered
    if marks:
        parts.append(_marks(marks, place))
    parts.append("</svg>")
    return "".join(parts)


_MARK_CLASS = {"move": "mv", "retreat": "rt", "attack": "at", "eliminated": "el"}


def _marks(marks, place) -> str:
    """The last turn's marks, one group the page can hide (class ``last-turn``)."""
    out = ['<g class="last-turn" aria-hidden="true">']
    for m in marks:
        kind = m.get("kind")
        if kind not in _MARK_CLASS:
            continue
        x1, y1 = place(*_key(m["from"]))
        x2, y2 = place(*_key(m["to"]))
        cls = _MARK_CLASS[kind]
        if kind == "eliminated":
            out.append(f'<path class="{cls}" d="M{x2 - 12} {y2 - 12}l24 24m0-24l-24 24"/>')
            continue
        out.append(f'<path class="{cls}" d="M{x1} {y1}L{x2} {y2}" marker-end="url(#ah)"/>'
                   if kind != "attack" else f'<path class="{cls}" d="M{x1} {y1}L{x2} {y2}"/>')
        if kind == "attack":
            out.append(f'<circle class="{cls}" cx="{x2}" cy="{y2}" r="14"/>'
                       f'<text class="{cls}" x="{x2 + 16}" y="{y2 - 12}">{_t(m.get("text", ""))}</text>')
    out.append("</g>")
    return "".join(out)


def _unit(unit: Mapping) -> str:
    """A unit's counter: its side's frame, its NATO mark, its figures as pips."""
    ucls = ["unit", unit["side"]]
    if unit.get("ordered"):
        ucls.append("ordered")
    frame = "fu" if unit["side"] == "union" else "fc"
    mark = _MARK_SHAPE.get(unit["kind"], "si")
    if unit["kind"] == "artillery" and unit.get("horse"):
        mark = "sh"
    pips = max(0, min(6, int(unit["figures"])))
    out = [f'<g class="{_a(" ".join(ucls))}"><use href="#{frame}"/><use class="sy" href="#{mark}"/>']
    if pips:
        out.append(f'<use class="pp" href="#p{pips}"/>')
    if unit.get("green"):
        out.append('<circle class="green" cx="-15" cy="-12" r="4"/>')
    if unit.get("special"):
        out.append('<use class="special" href="#bf" x="15" y="-12"/>')
    out.append("</g>")
    return "".join(out)


def _status_marker(unit: Mapping) -> str:
    """A unit's Spent or Routed marker (standard rules), drawn last in its hex so that the
    general standing with the unit never hides it."""
    if not unit.get("status"):
        return ""
    return (f'<text class="status {_a(unit["status"])}" x="-19" y="19">'
            f'{_t(str(unit["status"])[:1].upper())}</text>')


def _flank_labels(board: HexBoard, seat: str, side: str) -> str:
    """A seat's two flanks named along its edge of the drawn board, from its own seat (its
    name, over the centre, stands between them): the seat drawn at the bottom has its left
    flank on the drawn left, the one at the top on the drawn right."""
    bounds = {"left": (0, board.lines[0]), "right": (board.lines[1], board.max_col)}
    out = [f'<g class="flanks {_a(side)}">']
    for section, (a, b) in bounds.items():
        mid = (a + b) / 2
        if seat == "top":
            mid = board.max_col - mid
        out.append(f'<text class="flank" x="{round(mid * HALF_WIDTH)}" y="{_seat_label_y(board)[seat]}">'
                   f'{_FLANK_WORDS[section]}</text>')
    out.append("</g>")
    return "".join(out)


def _key_labels(board: HexBoard, place) -> str:
    """The row letters down both sides and the column numbers along both edges."""
    out = ['<g class="key" aria-hidden="true">']
    for n in range(board.max_col // 2 + 1):
        x = place(2 * n, 0)[0]
        out.extend(f'<text x="{x}" y="{y}">{n + 1}</text>'
                   for y in (_TOP_KEY_Y, (board.rows - 1) * ROW_STEP + _BOTTOM_KEY_BELOW))
    for r in range(board.rows):
        y = place(r % 2, r)[1] + 4
        out.extend(f'<text x="{x}" y="{y}">{ROW_KEYS[r]}</text>'
                   for x in (-36, board.max_col * HALF_WIDTH + 36))
    out.append("</g>")
    return "".join(out)


def _drawn_lines(board: HexBoard) -> dict[int, str]:
    """The drawn columns a line runs down, with its class: the section lines and the joins.

    Every line is symmetric about the board's middle, so a turned board draws the same.
    """
    out = {col: "section" for col in board.lines}
    out.update({col: "join" for col in board.joins})
    return out


def _hex(key, xy, flip, kind, sides, unit, general, objectives, classes, hex_attrs,
         lines: Mapping[int, str], terrain_flag: str | None = None,
         building: str | None = None) -> str:
    col, row = key
    cls = ["hex", f"t-{kind or 'open'}", *classes]
    words = KINDS[kind].label if kind in KINDS else "Open"
    if building:
        words += f" (a {building})"
    if sides:
        words += " with " + " and ".join(sorted(set(sides.values())))
    words += f" {hex_name(col, row)}"
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
    if terrain_flag:
        contents.append(f"terrain flag of the {SIDE_NAMES.get(terrain_flag, terrain_flag)}")
    if contents:
        words += ": " + "; ".join(contents)

    attrs = cell_attributes(hex_attrs, col, row, cls, what="hex")

    x, y = xy
    out = [f'<g class="{_a(" ".join(cls))}" data-col="{col}" data-row="{row}" '
           f'transform="translate({x} {y})"{attrs}><title>{_t(words)}</title><use class="hb" href="#bh"/>']
    # The section lines (and a double board's join), seen from the bottom seat, run down
    # odd drawn columns (7 and 17 on one board): through the middle of the short rows'
    # hexes there, along the west side of the long rows' hexes one column on.  Each hex
    # draws its own piece, above its ground and below its pieces.
    drawn_col = x // HALF_WIDTH
    if drawn_col in lines:
        out.append(f'<path class="{lines[drawn_col]}" d="M0-30V30"/>')
    elif drawn_col - 1 in lines:
        out.append(f'<path class="{lines[drawn_col - 1]}" d="M-26-15V15"/>')
    if kind in TERRAIN_SHAPES:
        out.append(f'<use class="tr" href="#{TERRAIN_SHAPES[kind]}"/>')
    if sides:
        by_kind: dict[str, str] = {}
        for direction, obstacle in sides.items():
            drawn = BOARD.opposite[direction] if flip else direction
            by_kind[obstacle] = by_kind.get(obstacle, "") + _SIDE_SEGMENTS[drawn]
        for obstacle, d in sorted(by_kind.items()):
            out.append(f'<path class="ob {_a(obstacle)}" d="{d}"/>')
    if unit:
        out.append(_unit(unit))
    if general:
        # Attached to the unit in his hex: at its lower corner.  Alone: in the middle of the
        # hex, so that he does not look attached to a unit next door.
        gx, gy = (-13, 17) if unit else (0, 0)
        out.append(f'<use class="general {_a(general["side"])}" href="#gt" x="{gx}" y="{gy}"/>')
    if unit:
        out.append(_status_marker(unit))
    if terrain_flag:
        out.append(f'<use class="objective terrain-flag {_a(terrain_flag)} held" href="#bf" x="17" y="-6"/>')
    for x, o in zip((9, -9 if not general else 1), objectives):
        ocls = f'objective {_a(o["side"])}' + (" held" if o.get("held") else "")
        out.append(f'<use class="{ocls}" href="#bf" x="{x}" y="17"/>')
        if o["flags"] != 1:
            out.append(f'<text class="of" x="{x + 1}" y="29">{int(o["flags"])}</text>')
    out.append("</g>")
    return "".join(out)


# ---------------------------------------------------------------------------
# Legend pictures for the pages: one small SVG per terrain kind or piece.  They draw with the
# board's shapes (<use>), so they go on a page that shows a board.

_SWATCH_HEX = '<use class="hb" href="#bh"/>'


def _swatch(kind: str, body: str) -> str:
    return (f'<svg class="board swatch" viewBox="-28 -32 56 64" aria-hidden="true">'
            f'<g class="hex t-{_a(kind)}">{_SWATCH_HEX}{body}</g></svg>')


def terrain_swatch(kind: str) -> str:
    """A one-hex picture of a terrain kind (or a hexside obstacle, drawn on two sides)."""
    if kind in TERRAIN_SHAPES:
        return _swatch(kind, f'<use class="tr" href="#{TERRAIN_SHAPES[kind]}" y="14"/>')
    if kind in KINDS and KINDS[kind].obstacle:
        return _swatch("open", f'<path class="ob {_a(kind)}" d="{_SIDE_SEGMENTS["NW"]}{_SIDE_SEGMENTS["NE"]}"/>')
    return _swatch("open", "")


def piece_swatches() -> list[tuple[str, str]]:
    """(picture, words) for each kind of piece drawn on the board."""
    def unit(side, kind, n, **kw):
        return _swatch("open", _unit({"side": side, "kind": kind, "figures": n, **kw}))

    return [
        (unit("union", "infantry", 4),
         "Union infantry: a rectangle, crossed lines; each pip is a figure."),
        (unit("confederate", "infantry", 4),
         "Confederate infantry: a frame with pointed ends (grey)."),
        (unit("union", "cavalry", 3), "Cavalry: one diagonal line."),
        (unit("confederate", "artillery", 2), "Artillery: a dot."),
        (unit("union", "artillery", 2, horse=True), "Horse artillery: the dot and a diagonal."),
        (unit("confederate", "infantry", 4, green=True),
         "Green troops (the green dot): they retreat 2 hexes for each flag."),
        (unit("union", "infantry", 4, special="special"), "A special unit, marked with a flag token."),
        (unit("union", "infantry", 4, ordered=True), "A unit ordered this turn (red outline)."),
        (_swatch("open", '<use class="general union" href="#gt" transform="scale(2)"/>'),
         "A general: his own round token with a star, beside the unit he stands with."),
        (_swatch("open", '<path class="objective confederate" d="M-3 7V-7L7-4-3-1Z" '
                         'transform="scale(1.6)"/>'),
         "An objective flag token, in the colour of the side that can capture it."),
    ]
