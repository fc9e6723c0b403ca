"""Board geometry: hex addressing, neighbours, distances, sections and lines of sight.

A Battle Cry board is 9 rows deep with pointy-top hexes in rows that alternate long and
short.  The single board is 13 hexes wide (rows of 13 and 12, 113 hexes); the double board
is two single boards joined end to end, 26 hexes wide (rows of 26 and 25, 230 hexes: the
two half hexes that meet at the join of each short row make one whole hex, ruling B1).
Under house rule 36 (seed 002 L97, ruling H98) two or three boards stand one behind another,
long side to long side, with a row of 12 filler hexes bridging each seam: 19 rows (238
hexes) or 29 rows (363), still 13 wide, the seats at the outer long edges.
A hex is addressed with *doubled columns*: rows 0..8 from the top edge, even rows hold
the even columns 0, 2, ..., ``max_col`` and odd rows the odd columns 1, 3, ...,
``max_col - 1``.  Neighbours are (+-2, 0) and (+-1, +-1).

Each size is one :class:`HexBoard`, built once per process with every table the rules
read (the double board on first use); a scenario names its board (``scenario.board``) and a
game reads its tables from ``game.board``.  Inside the engine a hex is a small integer, its
index in ``board.hexes``; the single board's indices are the same as they always were.

The module-level names (``HEXES``, ``INDEX``, ``DIST``, ``SECTION_OF``...) are the single
board's tables, kept for the callers that only ever meet that board.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import NamedTuple

ROWS = 9
SINGLE, DOUBLE = "single", "double"
#: Two and three maps stood long side to long side (house rule 36, seed 002 L97; ruling H98).
MAPSETS_2, MAPSETS_3 = "mapsets-2", "mapsets-3"
#: The board sizes a scenario may name, with the hexes on a long row of each.
WIDTHS: dict[str, int] = {SINGLE: 13, DOUBLE: 26, MAPSETS_2: 13, MAPSETS_3: 13}
#: How many maps each board stands one behind another between the two seats (H98); each
#: seam between two maps is bridged by one row of filler hexes.
MAPS_DEEP: dict[str, int] = {SINGLE: 1, DOUBLE: 1, MAPSETS_2: 2, MAPSETS_3: 3}
#: Each board in words, for pages and error messages.
BOARD_WORDS: dict[str, str] = {
    SINGLE: "one board, 13 hexes wide",
    DOUBLE: "two boards joined end to end, 26 hexes wide",
    MAPSETS_2: "two maps long side to long side with a filler row between, 19 rows deep",
    MAPSETS_3: "three maps long side to long side with filler rows between, 29 rows deep",
}


class Hex(NamedTuple):
    """A hex in doubled-column addressing (see the module docstring)."""

    col: int
    row: int

    def to_json(self) -> dict:
        return {"col": self.col, "row": self.row}

    @classmethod
    def from_json(cls, data) -> "Hex":
        return cls(int(data["col"]), int(data["row"]))

    def __str__(self) -> str:
        return f"({self.col},{self.row})"


class HexJSON(dict):
    """A hex as JSON, ``{"col": c, "row": r}``, shared and read-only.

    ``legal_actions`` hands out these shared objects (one per hex) rather than building
    a fresh dict for every one of its answers.  Changing one raises ``TypeError``;
    copying or pickling one gives a plain dict, and ``json`` writes it as any dict.
    """

    __slots__ = ()

    def _read_only(self, *args, **kwargs):
        raise TypeError("hexes handed out by the engine are read-only; copy one with dict(h)")

    # dict's own signatures are overloaded; every one of these refuses whatever it is given
    __setitem__ = __delitem__ = __ior__ = _read_only  # type: ignore[assignment]
    clear = pop = popitem = setdefault = update = _read_only  # type: ignore[assignment]

    def __reduce__(self):
        return (dict, (dict(self),))

    def __copy__(self):
        return dict(self)

    def __deepcopy__(self, memo):
        return dict(self)


# Directions in a fixed order; a hexside is named by the neighbour it faces.
DIRECTIONS: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")
DELTAS: dict[str, tuple[int, int]] = {
    "E": (2, 0), "NE": (1, -1), "NW": (-1, -1), "W": (-2, 0), "SW": (-1, 1), "SE": (1, 1),
}
OPPOSITE: dict[str, str] = {"E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}
#: The farthest any piece moves in one go (cavalry charge, general, Bombard).
REACH = 3
SECTIONS = ("left", "centre", "right")
#: Rear directions of a seat: a retreat moves toward the own baseline.
REAR: dict[str, tuple[int, int]] = {
    "bottom": (DIRECTIONS.index("SW"), DIRECTIONS.index("SE")),
    "top": (DIRECTIONS.index("NW"), DIRECTIONS.index("NE")),
}


def rows_of(name: str) -> int:
    """The rows of a board: 9 a map, and one filler row at each seam between maps (H98)."""
    maps = MAPS_DEEP[name]
    return maps * ROWS + (maps - 1)


def _distance(a: Hex, b: Hex) -> int:
    dc, dr = abs(a.col - b.col), abs(a.row - b.row)
    return dr + max(0, (dc - dr) // 2)


def section_lines(width: int) -> tuple[int, int]:
    """The two doubled columns the section lines run down, seen from the bottom seat.

    One board: 3.5 hexes in from each edge (columns 7 and 17).  Two boards joined end to
    end (seed 000 L478): the left flank is the left board's left flank and centre, the
    right flank the right board's centre and right flank, the centre the rest (the left
    board's right flank and the right board's left flank), so the lines run down the left
    board's column 17 and the right board's column 7 (33 on the joined board).
    """
    if width == WIDTHS[SINGLE]:
        return (7, 17)
    return (17, 2 * WIDTHS[SINGLE] + 7)


# ---------------------------------------------------------------------------
# Geometry for line of sight and for which side of a hex an attack crosses.
_SQ3 = math.sqrt(3.0)
# Side normals in screen coordinates (y down): E is 0 degrees, NE is -60 (up-right).
_SIDE_NORMALS = tuple(
    (math.cos(math.radians(-60 * k)), math.sin(math.radians(-60 * k))) for k in range(6)
)
_APOTHEM = _SQ3 / 2.0
_EPS = 1e-9


def centre_of(h: Hex) -> tuple[float, float]:
    """Centre of a hex with unit circumradius (x to the right, y downwards)."""
    return (h.col * _SQ3 / 2.0, h.row * 1.5)


def _clip(seg_a, seg_d, centre):
    """Parameter interval of the segment inside (or on) the hexagon, or None."""
    cx, cy = centre
    t0, t1 = 0.0, 1.0
    ax, ay = seg_a[0] - cx, seg_a[1] - cy
    for nx, ny in _SIDE_NORMALS:
        num = _APOTHEM - (ax * nx + ay * ny)
        den = seg_d[0] * nx + seg_d[1] * ny
        if abs(den) < 1e-12:
            if num < -_EPS:
                return None
            continue
        t = num / den
        if den > 0:
            t1 = min(t1, t)
        else:
            t0 = max(t0, t)
        if t0 > t1 + _EPS:
            return None
    if t1 - t0 <= 1e-7:
        return None
    return t0, t1


def _strictly_inside(point, centre) -> bool:
    cx, cy = centre
    px, py = point[0] - cx, point[1] - cy
    return all(px * nx + py * ny < _APOTHEM - 1e-7 for nx, ny in _SIDE_NORMALS)


def _sight_line_on(centres, dist, adjacent, a: int, b: int
                   ) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """Hexes a centre-to-centre line from a to b passes through, endpoints excluded.

    Returns ``(crossed, edges)``: ``crossed`` are the hexes whose inside the line
    crosses; ``edges`` are pairs of hexes along whose shared edge the line runs
    (line of sight there is blocked only when both hexes of the pair block it).
    """
    if a == b:
        return (), ()
    n = dist[a][b]
    ax, ay = centres[a]
    bx, by = centres[b]
    d = (bx - ax, by - ay)
    crossed: list[tuple[float, int]] = []
    on_edge: list[tuple[float, float, int]] = []
    dist_a, dist_b = dist[a], dist[b]
    for h in range(len(centres)):
        if h == a or h == b or dist_a[h] + dist_b[h] > n + 1:
            continue
        span = _clip((ax, ay), d, centres[h])
        if span is None:
            continue
        tm = (span[0] + span[1]) / 2.0
        if _strictly_inside((ax + d[0] * tm, ay + d[1] * tm), centres[h]):
            crossed.append((tm, h))
        else:
            on_edge.append((span[0], span[1], h))
    crossed.sort()
    pairs: list[tuple[float, tuple[int, int]]] = []
    used = set()
    for i, (s0, s1, h) in enumerate(on_edge):
        for s0b, s1b, hb in on_edge[i + 1:]:
            if (h, hb) in used:
                continue
            if min(s1, s1b) - max(s0, s0b) > 1e-7 and hb in adjacent[h]:
                pairs.append((s0, (min(h, hb), max(h, hb))))
                used.add((h, hb))
    pairs.sort()
    return tuple(h for _, h in crossed), tuple(p for _, p in pairs)


def _sides_facing_on(centres, target: int, source: int) -> tuple[str, ...]:
    """The side(s) of ``target`` a line from ``source`` enters through.

    Usually one side; two when the line arrives exactly at a corner.
    """
    fx, fy = centres[target]
    tx, ty = centres[source]
    angle = math.degrees(math.atan2(-(ty - fy), tx - fx)) % 360.0
    out = []
    for k, name in enumerate(DIRECTIONS):
        side_angle = 60.0 * k
        diff = abs((angle - side_angle + 180.0) % 360.0 - 180.0)
        if diff <= 30.0 + 1e-6:
            out.append(name)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class HexBoard:
    """One board size with its tables, built once (:func:`board_named`).

    A scenario names its board and a game holds it (``game.board``); the rules read every
    table from it.  ``name`` is one of :data:`WIDTHS`; ``width`` the hexes on a long
    row (13 or 26), ``rows`` the rows (9; 19 or 29 for maps stood long side to long side,
    ``seams`` their filler rows), ``max_col`` the last doubled column (24 or 50);
    ``joins`` the doubled columns where two boards meet (``(25,)`` on the double board: the
    hexes of that column on the short rows are the two half hexes made whole);
    ``boxes`` how many game boxes the board takes (the pieces a side may field scale with
    it); ``lines`` the two doubled columns the section lines run down from the bottom seat.
    Hexes are indices into ``hexes``; ``dist[a][b]`` counts steps, ``adjacent[i]`` lists
    neighbours, ``neighbours[i][k]`` is the hex across side ``directions[k]`` (-1 off the
    board), ``around[i]`` the hexes 1 to ``reach`` steps away, nearest first (the first
    ``within[i][r]`` of them at most r away), ``section_of[seat][i]`` the sections a hex
    lies in, ``rear[seat]`` the two directions toward that seat's baseline and
    ``baseline_row[seat]`` that baseline's row (the last row for the bottom seat).
    """

    kind: str
    name: str
    width: int
    rows: int
    max_col: int
    joins: tuple[int, ...]
    #: The filler rows bridging the seams of maps stood long side to long side (H98): rows 9
    #: and 19; none on one map or on the double board.
    seams: tuple[int, ...]
    #: The board in words (:data:`BOARD_WORDS`).
    words: str
    boxes: int
    lines: tuple[int, int]
    hexes: tuple[Hex, ...]
    index: dict[Hex, int]
    hex_json: tuple[HexJSON, ...]
    neighbours: tuple[tuple[int, ...], ...]
    adjacent: tuple[tuple[int, ...], ...]
    dist: tuple[tuple[int, ...], ...]
    reach: int
    around: tuple[tuple[int, ...], ...]
    within: tuple[tuple[int, ...], ...]
    directions: tuple[str, ...]
    opposite: dict[str, str]
    sections: tuple[str, ...]
    section_of: dict[str, tuple[frozenset[str], ...]]
    rear: dict[str, tuple[int, int]]
    baseline_row: dict[str, int]
    centres: tuple[tuple[float, float], ...]
    #: sight_line(a, b): the hexes a line of sight from a to b crosses, and the pairs of
    #: hexes along whose shared edge it runs (computed once per pair).
    sight_line: Callable[[int, int], tuple[tuple[int, ...], tuple[tuple[int, int], ...]]]
    #: sides_facing(target, source): the side(s) of ``target`` a line from ``source`` enters.
    sides_facing: Callable[[int, int], tuple[str, ...]]

    @property
    def size(self) -> int:
        """The number of hexes."""
        return len(self.hexes)

    def on_board(self, col: int, row: int) -> bool:
        """True when (col, row) names a hex of this board."""
        return 0 <= row < self.rows and 0 <= col <= self.max_col - (row % 2) and (col - row) % 2 == 0

    def hex_index(self, col: int, row: int) -> int:
        """Index of the hex at (col, row); KeyError when it is not on the board."""
        return self.index[Hex(col, row)]

    def index_of(self, h) -> int:
        """Index of a hex given as ``{"col", "row"}`` (ints only), an index or a (col, row)
        pair; KeyError, TypeError or ValueError when it names no hex of this board."""
        if isinstance(h, dict):
            col, row = h["col"], h["row"]
            if type(col) is not int or type(row) is not int:
                raise TypeError(h)
            return self.index[Hex(col, row)]
        if isinstance(h, int) and not isinstance(h, bool):
            if 0 <= h < len(self.hexes):
                return h
            raise KeyError(h)
        return self.index[Hex(*h)]

    def describe(self) -> str:
        """The board in words, for error messages: its rows and columns."""
        return (f"rows 0-{self.rows - 1}, cols 0-{self.max_col}, col and row both even or both "
                f"odd; odd rows end at col {self.max_col - 1}")

    def __reduce__(self):
        """Pickled (or deep-copied) by its size: it comes back as the one shared board."""
        return (board_named, (self.name,))

    def precompute_sight_lines(self) -> None:
        """Fill the sight-line table for every pair of hexes (half a second on one board)."""
        n = len(self.hexes)
        for a in range(n):
            for b in range(n):
                self.sight_line(a, b)


def _build(name: str) -> HexBoard:
    width, maps = WIDTHS[name], MAPS_DEEP[name]
    rows = rows_of(name)
    max_col = 2 * (width - 1)
    # Maps stood long side to long side: each map's outer rows are long rows, so the filler row
    # between two of them is a short row (the odd columns), and the rows keep alternating.
    hexes = tuple(Hex(c, r) for r in range(rows) for c in range(r % 2, max_col + 1 - (r % 2), 2))
    n = len(hexes)
    index = {h: i for i, h in enumerate(hexes)}

    def across(i: int, d: str) -> int:
        c, r = hexes[i]
        dc, dr = DELTAS[d]
        return index.get(Hex(c + dc, r + dr), -1)

    neighbours = tuple(tuple(across(i, d) for d in DIRECTIONS) for i in range(n))
    adjacent = tuple(tuple(j for j in neighbours[i] if j >= 0) for i in range(n))
    dist = tuple(tuple(_distance(a, b) for b in hexes) for a in hexes)
    around = tuple(
        tuple(j for _, j in sorted((dist[i][j], j) for j in range(n) if 1 <= dist[i][j] <= REACH))
        for i in range(n))
    within = tuple(tuple(sum(1 for j in around[i] if dist[i][j] <= r) for r in range(REACH + 1))
                   for i in range(n))
    lines = section_lines(width)

    def sections_bottom(col: int) -> frozenset[str]:
        out = set()
        if col <= lines[0]:
            out.add("left")
        if lines[0] <= col <= lines[1]:
            out.add("centre")
        if col >= lines[1]:
            out.add("right")
        return frozenset(out)

    section_of = {"bottom": tuple(sections_bottom(h.col) for h in hexes),
                  "top": tuple(sections_bottom(max_col - h.col) for h in hexes)}
    centres = tuple(centre_of(h) for h in hexes)

    @lru_cache(maxsize=None)
    def sight_line(a: int, b: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
        return _sight_line_on(centres, dist, adjacent, a, b)

    @lru_cache(maxsize=None)
    def sides_facing(target: int, source: int) -> tuple[str, ...]:
        return _sides_facing_on(centres, target, source)

    ends = width // WIDTHS[SINGLE]
    joins = tuple(2 * WIDTHS[SINGLE] * k - 1 for k in range(1, ends))
    seams = tuple((ROWS + 1) * k - 1 for k in range(1, maps))
    return HexBoard(
        kind="hex", name=name, width=width, rows=rows, max_col=max_col, joins=joins,
        seams=seams, words=BOARD_WORDS[name], boxes=ends * maps, lines=lines, hexes=hexes,
        index=index, hex_json=tuple(HexJSON(col=h.col, row=h.row) for h in hexes),
        neighbours=neighbours, adjacent=adjacent, dist=dist, reach=REACH, around=around,
        within=within, directions=DIRECTIONS, opposite=OPPOSITE, sections=SECTIONS,
        section_of=section_of, rear=REAR, baseline_row={"bottom": rows - 1, "top": 0},
        centres=centres,
        sight_line=sight_line, sides_facing=sides_facing)


@cache
def board_named(name: str) -> HexBoard:
    """The board of that size (a name of :data:`WIDTHS`), built on first use and shared;
    KeyError for another name."""
    if name not in WIDTHS:
        raise KeyError(name)
    return _build(name)


#: The single Battle Cry board (13 x 9), the board of every scenario that names none.
BOARD = board_named(SINGLE)

# -- the single board's tables by their old names --------------------------------------
MAX_COL = BOARD.max_col
HEXES = BOARD.hexes
N_HEXES = BOARD.size
INDEX = BOARD.index
#: HEX_JSON[i] is hex i as a shared read-only ``{"col", "row"}`` dict.
HEX_JSON = BOARD.hex_json
#: NEIGHBOURS[i][k] is the index of the hex across side DIRECTIONS[k], or -1 off the board.
NEIGHBOURS = BOARD.neighbours
ADJACENT = BOARD.adjacent
#: DIST[a][b] is the number of hex steps between hexes a and b.
DIST = BOARD.dist
AROUND = BOARD.around
WITHIN = BOARD.within
#: SECTION_OF["bottom"|"top"][i] is the set of sections hex i belongs to from that seat.
SECTION_OF = BOARD.section_of
sight_line = BOARD.sight_line
sides_facing = BOARD.sides_facing


def on_board(col: int, row: int) -> bool:
    """True when (col, row) names one of the single board's 113 hexes."""
    return BOARD.on_board(col, row)


def centre(i: int) -> tuple[float, float]:
    """Centre of the single board's hex i with unit circumradius (x right, y down)."""
    return BOARD.centres[i]


def hex_index(h: Hex | dict | tuple) -> int:
    """Index of a single-board hex given as Hex, (col, row) or {"col", "row"}; KeyError if
    off the board."""
    if isinstance(h, dict):
        h = Hex(int(h["col"]), int(h["row"]))
    elif not isinstance(h, Hex):
        h = Hex(*h)
    return INDEX[h]


def precompute_sight_lines() -> None:
    """Fill the single board's sight-line table for every pair of hexes."""
    BOARD.precompute_sight_lines()
