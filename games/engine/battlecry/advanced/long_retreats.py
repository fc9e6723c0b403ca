"""Rick Barber's house rule of retreats (seed 002 L41-43; docs/rulings.md H74-H79): each
flag sends a unit back at least 1 hex and up to its movement allowance, each hex taken
first away from the unit that fired on it, then toward its own edge; a unit on its own
board edge ignores the first flag of an attack (unless down to its last figure) and loses a
figure for each other; with no other way back it may pass hexes next to an enemy at the
cost of a figure (:func:`through_zone`, :func:`pay_for_zone`); it may pass through or
displace a friendly unit, after which each rolls a die (:func:`paths`; H95-H97).

The paths are :func:`retreat.unit_retreat`'s with its ``reach`` and ``firer``, and a
friend's hex is also an end when that friend can step back a hex (:func:`paths`); the flag
ignored at the edge is one of :func:`combat.flags_ignored`'s reasons (:data:`AT_THE_EDGE`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Option
from .. import retreat
from ..contact import enemy_in_hex, next_to_enemy
from ..dice import SWORDS
from ..units import INFANTRY
from . import profiles
from .movement import unit_move_allowance

if TYPE_CHECKING:
    from .game import Game

OPTIONS: tuple[Option, ...] = (
    Option("long_retreats", bool, False,
           "Each flag sends a unit back 1 hex or more, up to its move, away from the firer "
           "first; on its own board edge it ignores the first flag, each other costs a figure; "
           "past or onto a friend, both roll a die.",
           label="House rule: retreats", rated=False),
)

#: The reason a unit on its own board edge ignores a flag (the attack event names it).
AT_THE_EDGE = "at its board edge"


def in_force(game: Game) -> bool:
    return bool(game.options.get("long_retreats"))


def allowance(game: Game, unit) -> int:
    """The unit's normal movement allowance: its profile's, else the most hexes of an
    Advanced move after which it may still battle (infantry 1, its march of 2 giving up the
    battle; cavalry 3 with the charge; artillery 1, horse artillery 2)."""
    own = profiles.move_allowance(game.options, unit)
    if own is not None:
        return own[0]
    return 1 if unit.kind == INFANTRY else unit_move_allowance(unit)[0]


def ends(game: Game, unit, steps: int, flags: int, firer: int,
         calm: bool = False) -> tuple[int, list[int]]:
    """(hexes it must make and can, the hexes it may end on) for ``flags`` flags worth
    ``steps`` hexes at the least (green troops: 2 a flag), fired by the unit at ``firer``.
    A ``calm`` retreat (the one a friend's roll causes, H96) displaces nobody."""
    reach = max(steps, flags * allowance(game, unit))
    if calm:
        return retreat.unit_retreat(game, unit, steps, reach, firer)
    made, found = paths(game, unit, steps, reach, firer)
    return made, sorted(found)


def paths(game: Game, unit, steps: int, reach: int, firer: int) -> tuple[int, dict[int, tuple]]:
    """:func:`retreat.unit_retreat`'s count and ends, where a hex holding a friendly unit is
    also an end when that unit can step back one hex (it is displaced, L41; H95); each end
    comes with the friendly units its path passes or displaces, the fewest (then the first
    ids) of any path to it: those the unit and they roll for (H96)."""
    board, pieces = game.board, game.pieces
    carries_general = pieces.general_at[unit.hex] is not None
    lone_ok = carries_general and game.options.get("generals_in_retreat", False)
    dist = board.dist

    def blocks(n: int) -> bool:
        return (carries_general and pieces.general_at[n] is not None
                and not (lone_ok and pieces.unit_at[n] is None))

    def can_end(h: int) -> bool:
        uid = pieces.unit_at[h]
        if uid is not None:
            return uid != unit.id and retreat.unit_retreat(game, pieces.units[uid], 1)[0] == 1
        gid = pieces.general_at[h]
        if not carries_general or gid is None:
            return True
        return lone_ok and bool(retreat.displacements(game, pieces.generals[gid]))

    def better(into: dict, h: int, way: tuple) -> None:
        old = into.get(h)
        if old is None or (len(way), way) < (len(old), old):
            into[h] = way

    level: dict[int, tuple] = {unit.hex: ()}
    best_k, best = 0, {unit.hex: ()}
    longer: dict[int, tuple] = {}
    for k in range(1, max(steps, reach) + 1):
        nxt: dict[int, tuple] = {}
        for h, way in level.items():
            found = [n for n in retreat.rear_steps(game, h, unit.side) if not blocks(n)]
            if found:
                far = max(dist[firer][n] for n in found)
                found = [n for n in found if dist[firer][n] == far]
            for n in found:
                uid = pieces.unit_at[n]
                better(nxt, n, way + (uid,) if uid is not None and uid != unit.id else way)
        if not nxt:
            break
        level = nxt
        reached = {h: way for h, way in level.items() if can_end(h)}
        if reached and k <= steps:
            best_k, best = k, reached
        elif reached:
            for h, way in reached.items():
                better(longer, h, way)
    if longer:          # it made what it must, and may end farther
        merged = dict(best) if best_k == steps else {}
        for h, way in longer.items():
            better(merged, h, way)
        best_k, best = steps, merged
    return best_k, best


def crowded_ends(game: Game, unit, item) -> list[int]:
    """The ends of the retreat of ``item`` that pass or displace a friend (the default
    choice takes them last)."""
    reach = max(item["steps"], item["flags"] * allowance(game, unit))
    found = paths(game, unit, item["steps"], reach, item["firer"])[1]
    return sorted(h for h, way in found.items() if way)


def crowd(game: Game, unit, item, to: int) -> list[str]:
    """The friendly units the retreat of ``item`` to ``to`` passes or displaces (H96): none
    for a calm retreat or one through an enemy's zone."""
    if item.get("calm") or item.get("zone") or to == unit.hex:
        return []
    reach = max(item["steps"], item["flags"] * allowance(game, unit))
    return list(paths(game, unit, item["steps"], reach, item["firer"])[1].get(to, ()))


def at_the_edge(game: Game, unit) -> bool:
    """Whether ``unit`` stands on its own board edge: no hex behind it on the board. (The
    flag ignored there is not ignored on a unit down to its last figure: L43, H76.)"""
    board = game.board
    return all(board.neighbours[unit.hex][k] < 0
               for k in board.rear[game.field.positions[unit.side]])


def through_zone(game: Game, unit, steps: int, flags: int, firer: int) -> list[int]:
    """The hexes a unit that cannot make its ``steps`` hexes otherwise may end on by passing
    hexes next to an enemy (L41; H77): it takes such a hex only where no other step is
    open, may not end on one and goes on past its allowance until it is out of them. Its
    ends are hexes touching no enemy, at ``steps`` hexes or more; none if there is no way."""
    board, pieces = game.board, game.pieces
    reach = max(steps, flags * allowance(game, unit))
    carries_general = pieces.general_at[unit.hex] is not None
    rear = board.rear[game.field.positions[unit.side]]

    def step_from(h: int) -> list[int]:
        found = []
        for k in rear:
            n = board.neighbours[h][k]
            if n < 0 or game.field.impassable[n] or enemy_in_hex(game, n, unit.side):
                continue
            if carries_general and pieces.general_at[n] is not None:
                continue
            found.append(n)
        clean = [n for n in found if not next_to_enemy(game, n, unit.side)]
        found = clean or found                   # a zone only with no other choice
        if found:
            far = max(board.dist[firer][n] for n in found)
            found = [n for n in found if board.dist[firer][n] == far]
        return found

    level, out = {unit.hex}, set[int]()
    for k in range(1, reach + board.rows + 1):
        if k > reach:           # past its allowance only to get out of a zone
            level = {h for h in level if next_to_enemy(game, h, unit.side)}
        level = {n for h in level for n in step_from(h)}
        if not level:
            break
        if k >= steps:
            out.update(h for h in level if not next_to_enemy(game, h, unit.side)
                       and pieces.unit_at[h] is None and pieces.general_at[h] is None)
    return sorted(out)


def pay_for_zone(game: Game, u, attacker_side: str | None) -> None:
    """The retreat passed a hex next to an enemy: the unit loses one more figure, or, down
    to its last figure, rolls one die and falls on crossed swords (L41; H77)."""
    if u.figures > 1:
        u.figures -= 1
        if attacker_side:
            game.score.casualties[attacker_side] += 1
        game._event({"type": "zone_passage", "unit": u.id, "side": u.side, "figures_lost": 1})
        return
    faces = game._roll(1)
    fell = faces[0] == SWORDS
    game._event({"type": "zone_passage", "unit": u.id, "side": u.side, "rolls": faces,
                 "figures_lost": 1 if fell else 0})
    if fell:
        u.figures = 0
        if attacker_side:
            game.score.casualties[attacker_side] += 1
