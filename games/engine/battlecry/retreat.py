"""Retreat paths (ATTACKING: Retreat; GENERALS: Valour) and the default retreat policy.

A retreat moves straight toward the retreating side's own baseline, one hex per flag
(two for green troops).  It may pass through friendly units but not end on one, never
enters or passes a hex holding or touching an enemy unit or general, never enters
impassable terrain (rough, or a river a scenario closes), and never leaves the board.
Lone generals retreat by the same rules.  Each hex that cannot be made costs a figure.

Reading used here (see docs/rulings.md): the unit must retreat as far as any legal
path allows; the player chooses among the hexes where such longest paths end.
"""
from __future__ import annotations

from .contact import enemy_in_hex, next_to_enemy


def rear_steps(game, h: int, side: str):
    """The hexes one retreat step from ``h`` may enter: to the rear, on the board, passable,
    holding and touching no enemy."""
    for k in game.board.rear[game.field.positions[side]]:
        n = game.board.neighbours[h][k]
        if n < 0:
            continue
        if game.field.impassable[n]:
            continue
        if enemy_in_hex(game, n, side) or next_to_enemy(game, n, side):
            continue
        yield n


def unit_retreat(game, unit, steps: int, reach: int = 0,
                 firer: int | None = None) -> tuple[int, list[int]]:
    """(hexes made, end hexes to choose from) for a unit that must retreat ``steps``.

    With ``reach`` (the house rule of retreats, advanced/long_retreats.py) the unit must
    make ``steps`` hexes if it can and may go on up to ``reach``: the ends are those of
    every length from what it must make to ``reach``, and with ``firer`` (the hex of the unit
    that fired) each hex of the path is one of the rear steps farthest from it.

    A unit with a general may not pass or end on another general's hex; under the house rule
    of generals in retreat (``generals_in_retreat``) a lone general blocks it no more, and
    one on the hex it ends on is displaced (:func:`displacements`)."""
    pieces = game.pieces
    carries_general = pieces.general_at[unit.hex] is not None
    lone_ok = carries_general and game.options.get("generals_in_retreat", False)

    def blocks(n):
        return (carries_general and pieces.general_at[n] is not None
                and not (lone_ok and pieces.unit_at[n] is None))

    def can_end(h):
        if h == unit.hex:
            return True
        if pieces.unit_at[h] is not None:
            return False
        gid = pieces.general_at[h]
        if not carries_general or gid is None:
            return True
        return lone_ok and bool(displacements(game, pieces.generals[gid]))

    level = {unit.hex}
    best_k, best = 0, [unit.hex]
    longer: set[int] = set()
    for k in range(1, max(steps, reach) + 1):
        nxt: set[int] = set()
        for h in level:
            found = [n for n in rear_steps(game, h, unit.side) if not blocks(n)]
            if firer is not None and found:
                far = max(game.board.dist[firer][n] for n in found)
                found = [n for n in found if game.board.dist[firer][n] == far]
            nxt.update(found)
        if not nxt:
            break
        level = nxt
        ends = sorted(h for h in level if can_end(h))
        if ends and k <= steps:
            best_k, best = k, ends
        elif ends:
            longer.update(ends)
    if longer:          # it made what it must, and may end farther
        best = sorted(longer | (set(best) if best_k == steps else set()))
        best_k = steps
    return best_k, best


def displacements(game, general) -> list[int]:
    """Hexes a lone general may be displaced to by a friendly unit retreating onto his hex
    (house rule of generals in retreat): one hex in any direction but the two toward the
    enemy, on the board and passable, holding no general and no enemy unit."""
    board, pieces = game.board, game.pieces
    forward = {(k + 3) % 6 for k in board.rear[game.field.positions[general.side]]}
    out = []
    for k, n in enumerate(board.neighbours[general.hex]):
        if k in forward or n < 0 or game.field.impassable[n] or pieces.general_at[n] is not None:
            continue
        uid = pieces.unit_at[n]
        if uid is None or pieces.units[uid].side == general.side:
            out.append(n)
    return sorted(out)


def general_retreat(game, general, max_steps: int = 3) -> list[int]:
    """Hexes a lone general may retreat to: 1 to ``max_steps`` hexes to the rear.

    He follows the retreat rules like a unit: no rough terrain (though he may move into it),
    and no river a scenario closes outside its bridges."""
    level = {general.hex}
    out = set()
    for _ in range(max_steps):
        nxt = set()
        for h in level:
            for n in rear_steps(game, h, general.side):
                if game.pieces.general_at[n] is None:
                    nxt.add(n)
        for n in nxt:
            uid = game.pieces.unit_at[n]
            if uid is None or game.pieces.units[uid].side == general.side:
                out.add(n)
        level = nxt
    return sorted(out)


def withdrawal(game, unit) -> list[int]:
    """Hexes a cavalry or horse artillery unit may withdraw to before a melee (1 hex)."""
    k, ends = unit_retreat(game, unit, 1)
    return ends if k == 1 else []


def default_choice(game, side: str, options: list[int]) -> int:
    """The documented default policy: the hex farthest from the nearest enemy unit,
    then the one with most friendly neighbours, then the lowest hex index."""
    enemies = [u.hex for u in game.pieces.units.values() if u.side != side]

    def score(h):
        near = min((game.board.dist[h][e] for e in enemies), default=99)
        friends = sum(
            1 for n in game.board.adjacent[h]
            if game.pieces.unit_at[n] is not None and game.pieces.units[game.pieces.unit_at[n]].side == side
        )
        return (-near, -friends, h)

    return min(options, key=score)
