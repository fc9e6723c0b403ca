"""Where one pip of the dice takes a piece: steps on the squares (seed 003 L166-268), the stop
on mountains and rivers (L280), and rapid rail movement from station to station (L294-339,
rulings M2-M7 in docs/rulings.md)."""
from __future__ import annotations

from collections.abc import Mapping

from .board import STOPPING, MapScenario, Square
from .pieces import kind_of, side_of


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
    out = []
    for dest, way in sc.hops.get(start, ()):
        if dest in at:
            continue
        if any(sq in at and side_of(at[sq]) != side for sq in way):
            continue
        out.append(dest)
    return out


def can_move(sc: MapScenario, at: Mapping[Square, str], pid: str, start: Square) -> bool:
    """Whether the piece has any square to go to (on foot, horse or rail)."""
    return any(n not in at for n in sc.neighbours[start]) or bool(rail_destinations(sc, at, pid, start))
