"""Battles (seed 003 L347-484, rulings M8-M14): a column facing an enemy column on one line of
squares, strengths summed, the rear piece jumping both columns into the open square beyond,
the defenders removed; and the removal of pieces surrounded so they cannot move (L462-466)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .board import DIRECTIONS, MapScenario, Square
from .movement import can_move
from .pieces import kind_of, side_of


@dataclass(frozen=True, slots=True)
class Battle:
    jumper: str                      # the rear piece of the attacking column
    start: Square
    land: Square                     # the open square beyond the defending column
    attackers: tuple[str, ...]       # rear first
    defenders: tuple[str, ...]

    @property
    def strengths(self) -> tuple[int, int]:
        return (sum(kind_of(p).strength for p in self.attackers),
                sum(kind_of(p).strength for p in self.defenders))


def battle_along(sc: MapScenario, at: Mapping[Square, str], pid: str, start: Square,
                 d: Square) -> Battle | None:
    """The battle ``pid`` makes as the rear of its column along direction ``d``, if any: the
    column is every piece of its side in an unbroken line from it; the enemy's column every
    enemy piece in an unbroken line after; the square beyond is on the map and empty; the
    attack's strength is at least the defence's (the attacker wins ties, L418)."""
    side = side_of(pid)
    back = (start[0] - d[0], start[1] - d[1])
    if back in at and side_of(at[back]) == side:
        return None                  # not the rear of its column
    attackers = [pid]
    sq = (start[0] + d[0], start[1] + d[1])
    while sq in at and side_of(at[sq]) == side:
        attackers.append(at[sq])
        sq = (sq[0] + d[0], sq[1] + d[1])
    defenders = []
    while sq in at and side_of(at[sq]) != side:
        defenders.append(at[sq])
        sq = (sq[0] + d[0], sq[1] + d[1])
    if not defenders or not sc.on_map(sq) or sq in at:
        return None
    b = Battle(pid, start, sq, tuple(attackers), tuple(defenders))
    attack, defence = b.strengths
    return b if attack >= defence else None


def battles(sc: MapScenario, at: Mapping[Square, str], where: Mapping[str, Square], side: str,
            only: str | None = None) -> list[Battle]:
    """Every battle ``side`` may make now (by the piece ``only`` if given)."""
    out = []
    pids = [only] if only is not None else sorted(p for p in where if side_of(p) == side)
    for pid in pids:
        start = where[pid]
        for d in DIRECTIONS:
            b = battle_along(sc, at, pid, start, d)
            if b is not None:
                out.append(b)
    return out


def surrounded(sc: MapScenario, at: Mapping[Square, str], where: Mapping[str, Square], side: str) -> list[str]:
    """The pieces of ``side`` to remove at the start of its turn: each group of its pieces
    touching one another in which none can move (every square around is an enemy piece, one
    of the group, water or off the map, and no rail move is open) and that an enemy piece
    touches (ruling M13)."""
    mine = sorted(p for p in where if side_of(p) == side)
    seen: set[str] = set()
    out: list[str] = []
    for first in mine:
        if first in seen:
            continue
        group, stack = [first], [first]
        seen.add(first)
        while stack:
            p = stack.pop()
            for n in sc.neighbours[where[p]]:
                q = at.get(n)
                if q is not None and q not in seen and side_of(q) == side:
                    seen.add(q)
                    group.append(q)
                    stack.append(q)
        if any(can_move(sc, at, p, where[p]) for p in group):
            continue
        if any(n in at and side_of(at[n]) != side for p in group for n in sc.neighbours[where[p]]):
            out.extend(sorted(group))
    return out
