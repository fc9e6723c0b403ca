"""The map: a grid of squares (none on sea or lakes), their ground, the states, the
railroads with their stations, and each side's set-up squares; read from a scenario file
of the ``mb1961`` format (docs/mb1961.md describes the file).

A square is ``(col, row)``: col 0 is the west edge, row 0 the north edge. A piece steps to
any of the eight squares around it (seed 003 L268).
"""
from __future__ import annotations

import copy as _copy
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import ScenarioError
from .pieces import ARMY, KINDS, SIDES

FORMAT = "mb1961"
Square = tuple[int, int]
#: The ground a row string codes: ``~`` is water, where no square exists (seed 003 L262-266).
GROUND = {".": "open", "M": "mountain", "R": "river"}
WATER = "~"
#: Ground a piece must stop on for the rest of its turn (seed 003 L280).
STOPPING = frozenset({"mountain", "river"})
DIRECTIONS: tuple[Square, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
MAX_SIZE = 40


@dataclass(frozen=True)
class RailLine:
    name: str
    squares: tuple[Square, ...]


@dataclass(frozen=True)
class MapScenario:
    """A checked map (``load_scenario``)."""

    slug: str
    name: str
    width: int
    height: int
    ground: dict[Square, str]                     # every square of the map, by its ground
    states: dict[Square, str]                     # square -> state code
    state_names: dict[str, str]
    stations: dict[Square, str]                   # square -> station name
    rails: tuple[RailLine, ...]
    setup: dict[str, dict[str, tuple[Square, ...]]]   # side -> kind -> squares
    data: dict
    neighbours: dict[Square, tuple[Square, ...]] = field(default_factory=dict)
    #: station -> ((next station along a line, the track squares between), ...)
    hops: dict[Square, tuple[tuple[Square, tuple[Square, ...]], ...]] = field(default_factory=dict)
    #: station -> ((a station one hop away, (each way of track to it, ...)), ...)
    stops: dict[Square, tuple[tuple[Square, tuple[tuple[Square, ...], ...]], ...]] = field(default_factory=dict)
    #: the map as every view shows it (``game.map_view``), made once
    drawn: dict = field(default_factory=dict)

    def on_map(self, sq: Square) -> bool:
        return sq in self.ground


def _square(value: Any) -> Square | None:
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        return (value[0], value[1])
    if isinstance(value, dict) and type(value.get("col")) is int and type(value.get("row")) is int:
        return (value["col"], value["row"])
    return None


def load_scenario(data: Any) -> MapScenario:
    """A checked map; :class:`ScenarioError` listing every problem found."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ScenarioError(f'format: must be "{FORMAT}"')
    errors: list[str] = []
    w, h = data.get("width"), data.get("height")
    if type(w) is not int or type(h) is not int or not (4 <= w <= MAX_SIZE and 4 <= h <= MAX_SIZE):
        raise ScenarioError(f"width, height: whole numbers from 4 to {MAX_SIZE}")
    rows, state_rows = data.get("ground"), data.get("states")
    if not (isinstance(rows, list) and len(rows) == h and all(isinstance(r, str) and len(r) == w for r in rows)):
        raise ScenarioError(f"ground: {h} rows of {w} characters")
    if not (isinstance(state_rows, list) and len(state_rows) == h
            and all(isinstance(r, str) and len(r) == w for r in state_rows)):
        raise ScenarioError(f"states: {h} rows of {w} characters")
    names = data.get("state_names")
    if not isinstance(names, dict):
        raise ScenarioError("state_names: a mapping of each state's letter to its name")
    ground: dict[Square, str] = {}
    states: dict[Square, str] = {}
    for r, (row, srow) in enumerate(zip(rows, state_rows)):
        for c, (g, s) in enumerate(zip(row, srow)):
            if g == WATER:
                continue
            if g not in GROUND:
                errors.append(f"ground[{r}] at ({c},{r}): unknown ground {g!r}")
                continue
            ground[(c, r)] = GROUND[g]
            if s not in names:
                errors.append(f"states[{r}] at ({c},{r}): unknown state {s!r}")
            states[(c, r)] = s
    stations: dict[Square, str] = {}
    for i, st in enumerate(data.get("stations") or []):
        sq = _square(st)
        if sq is None or sq not in ground:
            errors.append(f"stations[{i}]: not a square of the map")
        elif not isinstance(st.get("name"), str) or not st["name"]:
            errors.append(f"stations[{i}]: a station needs a name")
        elif sq in stations:
            errors.append(f"stations[{i}] at {sq}: two stations on one square")
        else:
            stations[sq] = st["name"]
    rails: list[RailLine] = []
    for i, line in enumerate(data.get("railroads") or []):
        squares = [_square(s) for s in (line.get("squares") or [])] if isinstance(line, dict) else []
        if len(squares) < 2 or any(s is None or s not in ground for s in squares):
            errors.append(f"railroads[{i}]: two or more squares of the map")
            continue
        track = [s for s in squares if s is not None]
        if any(max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1 for a, b in zip(track, track[1:])):
            errors.append(f"railroads[{i}]: each square must touch the one before")
        if track[0] not in stations or track[-1] not in stations:
            errors.append(f"railroads[{i}]: a line starts and ends at a station")
        rails.append(RailLine(str(line.get("name", "")), tuple(track)))
    setup: dict[str, dict[str, tuple[Square, ...]]] = {}
    taken: set[Square] = set()
    raw = data.get("setup")
    raw_setup: dict = raw if isinstance(raw, dict) else {}
    for side in SIDES:
        setup[side] = {}
        for kind in KINDS:
            squares = [_square(s) for s in (raw_setup.get(side) or {}).get(kind) or []]
            if len(squares) != ARMY[kind]:
                errors.append(f"setup.{side}.{kind}: {ARMY[kind]} squares")
            good = []
            for s in squares:
                if s is None or s not in ground:
                    errors.append(f"setup.{side}.{kind}: {s} is not a square of the map")
                elif s in taken:
                    errors.append(f"setup.{side}.{kind}: {s} is given twice")
                else:
                    taken.add(s)
                    good.append(s)
            setup[side][kind] = tuple(good)
    if errors:
        raise ScenarioError(errors)
    scenario = MapScenario(str(data.get("slug", "")), str(data.get("name", "")), w, h, ground, states,
                           {str(k): str(v) for k, v in names.items()}, stations, tuple(rails), setup,
                           _copy.deepcopy(data))
    _link(scenario)
    return scenario


def _link(sc: MapScenario) -> None:
    """The neighbours of every square, and the rail hops from every station."""
    for (c, r) in sc.ground:
        sc.neighbours[(c, r)] = tuple((c + dc, r + dr) for dc, dr in DIRECTIONS if (c + dc, r + dr) in sc.ground)
    hops: dict[Square, list[tuple[Square, tuple[Square, ...]]]] = {}
    for line in sc.rails:
        marks = [i for i, s in enumerate(line.squares) if s in sc.stations]
        for a, b in zip(marks, marks[1:]):
            between = line.squares[a + 1:b]
            start, end = line.squares[a], line.squares[b]
            for origin, dest, way in ((start, end, between), (end, start, between[::-1])):
                if dest != origin and (dest, way) not in hops.setdefault(origin, []):
                    hops[origin].append((dest, way))
    for sq, out in hops.items():
        sc.hops[sq] = tuple(sorted(out))
        ways: dict[Square, list[tuple[Square, ...]]] = {}
        for dest, way in sc.hops[sq]:
            ways.setdefault(dest, []).append(way)
        sc.stops[sq] = tuple((dest, tuple(w)) for dest, w in ways.items())
