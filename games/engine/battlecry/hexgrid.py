"""Board geometry: hex addressing, neighbours, distances, sections and lines of sight.

The board is 13 hexes wide and 9 deep with pointy-top hexes in rows that alternate
13 and 12 hexes (113 hexes in all).  A hex is addressed with *doubled columns*:
rows 0..8 from the top edge, even rows hold columns 0, 2, ..., 24 and odd rows hold
columns 1, 3, ..., 23.  Neighbours are (+-2, 0) and (+-1, +-1).

Inside the engine a hex is a small integer (its index in :data:`HEXES`); everything
here is computed once at import, or once per pair on first use (lines of sight), so
that the rules code only looks things up.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

ROWS = 9
MAX_COL = 24


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


def on_board(col: int, row: int) -> bool:
    """True when (col, row) names one of the 113 hexes."""
    return 0 <= row < ROWS and 0 <= col <= MAX_COL - (row % 2) and (col - row) % 2 == 0


HEXES: tuple[Hex, ...] = tuple(
    Hex(c, r) for r in range(ROWS) for c in range(r % 2, MAX_COL + 1 - (r % 2), 2)
)
N_HEXES = len(HEXES)
INDEX: dict[Hex, int] = {h: i for i, h in enumerate(HEXES)}


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


#: HEX_JSON[i] is hex i as a shared read-only ``{"col", "row"}`` dict.
HEX_JSON: tuple[HexJSON, ...] = tuple(HexJSON(col=h.col, row=h.row) for h in HEXES)

# Directions in a fixed order; a hexside is named by the neighbour it faces.
DIRECTIONS: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")
DELTAS: dict[str, tuple[int, int]] = {
    "E": (2, 0), "NE": (1, -1), "NW": (-1, -1), "W": (-2, 0), "SW": (-1, 1), "SE": (1, 1),
}
OPPOSITE: dict[str, str] = {"E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}


def _neighbour(i: int, d: str) -> int:
    c, r = HEXES[i]
    dc, dr = DELTAS[d]
    h = Hex(c + dc, r + dr)
    return INDEX.get(h, -1)


#: NEIGHBOURS[i][k] is the index of the hex across side DIRECTIONS[k], or -1 off the board.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_neighbour(i, d) for d in DIRECTIONS) for i in range(N_HEXES)
)
#: ADJACENT[i] lists the on-board neighbours of hex i.
ADJACENT: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in NEIGHBOURS[i] if n >= 0) for i in range(N_HEXES)
)


def _distance(a: Hex, b: Hex) -> int:
    dc, dr = abs(a.col - b.col), abs(a.row - b.row)
    return dr + max(0, (dc - dr) // 2)


#: DIST[a][b] is the number of hex steps between hexes a and b.
DIST: tuple[tuple[int, ...], ...] = tuple(
    tuple(_distance(a, b) for b in HEXES) for a in HEXES
)

#: The farthest any piece moves in one go (cavalry charge, general, Bombard).
REACH = 3
#: AROUND[i] lists the hexes 1 to REACH steps from hex i, nearest first; the first
#: WITHIN[i][r] of them are those at most r steps away.
AROUND: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for _, j in sorted((DIST[i][j], j) for j in range(N_HEXES) if 1 <= DIST[i][j] <= REACH))
    for i in range(N_HEXES)
)
WITHIN: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 for j in AROUND[i] if DIST[i][j] <= r) for r in range(REACH + 1))
    for i in range(N_HEXES)
)

# ---------------------------------------------------------------------------
# Sections, seen from each seat.  From the bottom seat: left flank cols 0..7,
# centre 7..17, right flank 17..24; col 7 and col 17 (on the 12-hex rows) are in
# both.  The top seat sees the board turned around.
SECTIONS = ("left", "centre", "right")


def _sections_bottom(col: int) -> frozenset[str]:
    out = set()
    if col <= 7:
        out.add("left")
    if 7 <= col <= 17:
        out.add("centre")
    if col >= 17:
        out.add("right")
    return frozenset(out)


#: SECTION_OF["bottom"|"top"][i] is the set of sections hex i belongs to from that seat.
SECTION_OF: dict[str, tuple[frozenset[str], ...]] = {
    "bottom": tuple(_sections_bottom(h.col) for h in HEXES),
    "top": tuple(_sections_bottom(MAX_COL - h.col) for h in HEXES),
}

#: Rear directions of a seat: a retreat moves toward the own baseline.
REAR: dict[str, tuple[int, int]] = {
    "bottom": (DIRECTIONS.index("SW"), DIRECTIONS.index("SE")),
    "top": (DIRECTIONS.index("NW"), DIRECTIONS.index("NE")),
}
BASELINE_ROW: dict[str, int] = {"bottom": ROWS - 1, "top": 0}



# ---------------------------------------------------------------------------
# Geometry for line of sight and for which side of a hex an attack crosses.
_SQ3 = math.sqrt(3.0)


def centre(i: int) -> tuple[float, float]:
    """Centre of hex i with unit circumradius (x to the right, y downwards)."""
    c, r = HEXES[i]
    return (c * _SQ3 / 2.0, r * 1.5)


_CENTRES = tuple(centre(i) for i in range(N_HEXES))
# Side normals in screen coordinates (y down): E is 0 degrees, NE is -60 (up-right).
_SIDE_NORMALS = tuple(
    (math.cos(math.radians(-60 * k)), math.sin(math.radians(-60 * k))) for k in range(6)
)
_APOTHEM = _SQ3 / 2.0
_EPS = 1e-9


def _clip(seg_a, seg_d, hex_index):
    """Parameter interval of the segment inside (or on) the hexagon, or None."""
    cx, cy = _CENTRES[hex_index]
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


def _strictly_inside(point, hex_index) -> bool:
    cx, cy = _CENTRES[hex_index]
    px, py = point[0] - cx, point[1] - cy
    return all(px * nx + py * ny < _APOTHEM - 1e-7 for nx, ny in _SIDE_NORMALS)


@lru_cache(maxsize=None)
def sight_line(a: int, b: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """Hexes a centre-to-centre line from a to b passes through, endpoints excluded.

    Returns ``(crossed, edges)``: ``crossed`` are the hexes whose inside the line
    crosses; ``edges`` are pairs of hexes along whose shared edge the line runs
    (line of sight there is blocked only when both hexes of the pair block it).
    """
    if a == b:
        return (), ()
    n = DIST[a][b]
    ax, ay = _CENTRES[a]
    bx, by = _CENTRES[b]
    d = (bx - ax, by - ay)
    crossed: list[tuple[float, int]] = []
    on_edge: list[tuple[float, float, int]] = []
    dist_a, dist_b = DIST[a], DIST[b]
    for h in range(N_HEXES):
        if h == a or h == b or dist_a[h] + dist_b[h] > n + 1:
            continue
        span = _clip((ax, ay), d, h)
        if span is None:
            continue
        tm = (span[0] + span[1]) / 2.0
        if _strictly_inside((ax + d[0] * tm, ay + d[1] * tm), h):
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
            if min(s1, s1b) - max(s0, s0b) > 1e-7 and hb in ADJACENT[h]:
                pairs.append((s0, (min(h, hb), max(h, hb))))
                used.add((h, hb))
    pairs.sort()
    return tuple(h for _, h in crossed), tuple(p for _, p in pairs)


def precompute_sight_lines() -> None:
    """Fill the sight-line table for every pair of hexes (about half a second)."""
    for a in range(N_HEXES):
        for b in range(N_HEXES):
            sight_line(a, b)


def _direction_toward(frm: int, to: int) -> float:
    fx, fy = _CENTRES[frm]
    tx, ty = _CENTRES[to]
    return math.degrees(math.atan2(-(ty - fy), tx - fx)) % 360.0


@lru_cache(maxsize=None)
def sides_facing(target: int, source: int) -> tuple[str, ...]:
    """The side(s) of ``target`` a line from ``source`` enters through.

    Usually one side; two when the line arrives exactly at a corner.
    """
    angle = _direction_toward(target, source)
    out = []
    for k, name in enumerate(DIRECTIONS):
        side_angle = 60.0 * k
        diff = abs((angle - side_angle + 180.0) % 360.0 - 180.0)
        if diff <= 30.0 + 1e-6:
            out.append(name)
    return tuple(out)


def hex_index(h: Hex | dict | tuple) -> int:
    """Index of a hex given as Hex, (col, row) or {"col", "row"}; KeyError if off the board."""
    if isinstance(h, dict):
        h = Hex(int(h["col"]), int(h["row"]))
    elif not isinstance(h, Hex):
        h = Hex(*h)
    return INDEX[h]


@dataclass(frozen=True, slots=True)
class HexBoard:
    """One board shape with its tables, built once (the 113-hex Battle Cry board).

    A game holds its board (``game.board``) and the rules read every table from it, so
    another shape (a square grid) can sit beside this one.  Hexes are indices into
    ``hexes``; ``dist[a][b]`` counts steps, ``adjacent[i]`` lists neighbours,
    ``neighbours[i][k]`` is the hex across side ``directions[k]`` (-1 off the board),
    ``around[i]`` the hexes 1 to ``reach`` steps away, nearest first (the first
    ``within[i][r]`` of them at most r away), ``section_of[seat][i]`` the sections a hex
    lies in, ``rear[seat]`` the two directions toward that seat's baseline.
    """

    kind: str
    rows: int
    max_col: int
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
    #: sight_line(a, b): the hexes a line of sight from a to b crosses, and the pairs of
    #: hexes along whose shared edge it runs (computed once per pair).
    sight_line: Callable[[int, int], tuple[tuple[int, ...], tuple[tuple[int, int], ...]]]
    #: sides_facing(target, source): the side(s) of ``target`` a line from ``source`` enters.
    sides_facing: Callable[[int, int], tuple[str, ...]]

    @property
    def size(self) -> int:
        """The number of hexes."""
        return len(self.hexes)

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



#: The Battle Cry board.
BOARD = HexBoard(kind="hex", rows=ROWS, max_col=MAX_COL, hexes=HEXES, index=INDEX,
                 hex_json=HEX_JSON, neighbours=NEIGHBOURS, adjacent=ADJACENT, dist=DIST,
                 reach=REACH, around=AROUND, within=WITHIN, directions=DIRECTIONS,
                 opposite=OPPOSITE, sections=SECTIONS, section_of=SECTION_OF, rear=REAR,
                 baseline_row=BASELINE_ROW, sight_line=sight_line, sides_facing=sides_facing)
