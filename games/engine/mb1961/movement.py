"""Where one pip of the dice takes a piece: steps on the squares (seed 003 L166-268), the stop
on mountains and rivers (L280), and rapid rail movement from station to station (L294-339,
rulings M2-M7 in docs/rulings.md), and a move drawn at random without listing them all."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .board import STOPPING, MapScenario, Square
from .pieces import kind_of, side_of

#: The squares a step of one pip might reach, by the piece's reach: the 8 around, or the 24
#: within two (each a slot of the random draw, ``draw_move``).
OFFSETS: dict[int, tuple[Square, ...]] = {
    reach: tuple((dc, dr) for dr in range(-reach, reach + 1) for dc in range(-reach, reach + 1)
                 if (dc, dr) != (0, 0)) for reach in (1, 2)}


def step_destinations(sc: MapScenario, at: Mapping[Square, str], pid: str, start: Square) -> list[Square]:
    """The squares one pip takes ``pid`` to on foot or horse: one step for infantry; one or
    two for cavalry and artillery, the second in any direction (the corner move, L190),
    never through a piece, and not on after a mountain or river square."""
    reach = kind_of(pid).reach
    out: list[Square] = []
    seen = {start}
    frontier = [start]
    for _ in range(reach):
        nxt = []
        for sq in frontier:
            for n in sc.neighbours[sq]:
                if n in seen or n in at:
                    continue
                seen.add(n)
                out.append(n)
                if sc.ground[n] not in STOPPING:
                    nxt.append(n)
        frontier = nxt
    return sorted(out)


def rail_destinations(sc: MapScenario, at: Mapping[Square, str], pid: str, start: Square) -> list[Square]:
    """The stations one pip takes ``pid`` to by rail: it stands on a station (A); the next
    station along a line is empty (B); the move ends there, never between (C, ruling M4);
    the piece's own side on the track between does not block it (D), an enemy piece does (E)."""
    side = side_of(pid)
    out: list[Square] = []
    for dest, way in sc.hops.get(start, ()):
        if dest not in out and _rail_open(at, side, dest, way):
            out.append(dest)
    return out


def _rail_open(at: Mapping[Square, str], side: str, dest: Square, way: Sequence[Square]) -> bool:
    return dest not in at and not any(sq in at and side_of(at[sq]) != side for sq in way)


def _step_open(sc: MapScenario, at: Mapping[Square, str], start: Square, d: Square) -> bool:
    """Whether one pip takes a piece from ``start`` by the offset ``d`` (one or two squares
    away): the same squares as ``step_destinations``."""
    dest = (start[0] + d[0], start[1] + d[1])
    if dest not in sc.ground or dest in at:
        return False
    if max(abs(d[0]), abs(d[1])) == 1:
        return True
    for mid in sc.neighbours[start]:
        if (mid not in at and sc.ground[mid] not in STOPPING
                and max(abs(dest[0] - mid[0]), abs(dest[1] - mid[1])) == 1):
            return True
    return False


def draw_move(sc: MapScenario, at: Mapping[Square, str], movers: Sequence[tuple[str, Square]],
              rng: Any) -> tuple[str, str, Square] | None:
    """One of the moves open to ``movers`` (piece, square) or the halt (None), uniformly
    among them all, without listing them: every move has one slot (each offset within the
    piece's reach, each station its rail hops lead to) and the halt one; a slot that is not
    a legal move now is drawn again."""
    slots = []
    total = 1
    for pid, start in movers:
        offsets = OFFSETS[kind_of(pid).reach]
        rails = sc.stops.get(start, ())
        total += len(offsets) + len(rails)
        slots.append((total, pid, start, offsets, rails))
    while True:
        k = int(rng.random() * total)
        if k == 0:
            return None
        for end, pid, start, offsets, rails in slots:
            if k < end:
                break
        i = k - (end - len(offsets) - len(rails))
        if i < len(offsets):
            d = offsets[i]
            if _step_open(sc, at, start, d):
                return "move", pid, (start[0] + d[0], start[1] + d[1])
            continue
        dest, ways = rails[i - len(offsets)]
        side = side_of(pid)
        if any(_rail_open(at, side, dest, way) for way in ways):
            return "rail", pid, dest


def can_move(sc: MapScenario, at: Mapping[Square, str], pid: str, start: Square) -> bool:
    """Whether the piece has any square to go to (on foot, horse or rail)."""
    return any(n not in at for n in sc.neighbours[start]) or bool(rail_destinations(sc, at, pid, start))
