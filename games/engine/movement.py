"""Where units and generals may move (Advanced Rulebook: MOVEMENT, ARMIES, GENERALS).

Functions here read a game state and answer questions; they never change it.
"""
from __future__ import annotations

from .hexgrid import ADJACENT, DIST
from .sight import has_line_of_sight
from .units import (ARTILLERY, CAVALRY, CAVALRY_CHARGE, CHARGE_REACH,
                    GENERAL_MOVE, INFANTRY, INFANTRY_MARCH)


def next_to_enemy(game, h: int, side: str) -> bool:
    """True when hex h touches a unit (not a lone general) of the other side."""
    unit_at, units = game.unit_at, game.units
    for n in ADJACENT[h]:
        uid = unit_at[n]
        if uid is not None and units[uid].side != side:
            return True
    return False


def enemy_in_hex(game, h: int, side: str) -> bool:
    uid = game.unit_at[h]
    if uid is not None and game.units[uid].side != side:
        return True
    gid = game.general_at[h]
    return gid is not None and game.generals[gid].side != side


def unit_move_allowance(unit) -> int:
    if unit.kind == INFANTRY:
        return INFANTRY_MARCH
    if unit.kind == CAVALRY:
        return CAVALRY_CHARGE
    return 2 if unit.horse else 1


def march_threatened(game, h: int, side: str) -> bool:
    """An infantry march stops on entering hex h (enemy fire or charge reach with LoS)."""
    for u in game.units.values():
        if u.side == side:
            continue
        d = DIST[u.hex][h]
        reach = CHARGE_REACH if u.kind == CAVALRY else game.attack_range(u)
        if d <= reach and has_line_of_sight(game, u.hex, h, u):
            return True
    return False


def unit_destinations(game, unit) -> dict[int, int]:
    """Hexes an ordered unit may end its move on, with the fewest steps to reach each.

    Rules applied: through friendly units but never ending on one; never into or
    through enemy units or generals; stop on entering a stop hex or on becoming
    adjacent to an enemy unit; no impassable terrain; infantry march (2 hexes) stops
    in a threatened hex; cavalry's third hex only as a charge ending next to an enemy;
    artillery never moves next to an enemy; a unit carrying a general may not end on
    another general.
    """
    side = unit.side
    start = unit.hex
    allowance = unit_move_allowance(unit)
    carries_general = game.general_at[start] is not None
    unit_at, general_at = game.unit_at, game.general_at
    impassable, stops = game.impassable, game.stops
    out: dict[int, int] = {}
    frontier = [start]
    seen = {start: 0}
    for step in range(1, allowance + 1):
        nxt = []
        for h in frontier:
            for n in ADJACENT[h]:
                if n in seen or impassable[n] or enemy_in_hex(game, n, side):
                    continue
                if carries_general and general_at[n] is not None:
                    continue  # two generals never share a hex
                adj_enemy = next_to_enemy(game, n, side)
                if unit.kind == ARTILLERY and adj_enemy:
                    continue
                if unit.kind == CAVALRY and step == CAVALRY_CHARGE and not adj_enemy:
                    continue
                seen[n] = step
                friendly_unit = unit_at[n] is not None
                can_end = not friendly_unit
                if can_end:
                    out[n] = step
                can_continue = not (stops[n] or adj_enemy)
                if unit.kind == INFANTRY and step == 1 and can_continue:
                    can_continue = not march_threatened(game, n, side)
                if can_continue:
                    nxt.append(n)
        frontier = nxt
    return out


def general_destinations(game, general) -> dict[int, int]:
    """Hexes a general moving on his own may end on (up to 3 hexes).

    He ignores terrain entry costs, may pass through friendly units, never enters a
    hex with another general or an enemy, stops on becoming adjacent to an enemy
    unit, and takes command of a friendly unit if he ends on its hex.
    """
    side = general.side
    out: dict[int, int] = {}
    seen = {general.hex: 0}
    frontier = [general.hex]
    for step in range(1, GENERAL_MOVE + 1):
        nxt = []
        for h in frontier:
            for n in ADJACENT[h]:
                if n in seen or enemy_in_hex(game, n, side) or game.general_at[n] is not None:
                    continue
                seen[n] = step
                out[n] = step
                if not next_to_enemy(game, n, side):
                    nxt.append(n)
        frontier = nxt
    return out
