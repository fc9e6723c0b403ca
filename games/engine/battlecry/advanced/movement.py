"""Where units and generals may move (Advanced Rulebook: MOVEMENT, ARMIES, GENERALS).

Functions here read a game state and answer questions; they never change it, except
for ``game.cache``, where answers that hold while no piece moves are kept:

- ``side``: per hex, whether it touches a unit or general of the other side (:func:`enemy_zone`);
- ``("held", side)``: per hex, whether it holds a piece of the other side;
- ``("threats", side)``: the other side's units whose fire or charge stops a march;
- ``("threat", side, hex, start)``: whether a march of ``side`` from ``start`` stops on
  entering that hex;
- ``("dest", unit id, allowance, march rule, charge)`` and ``("dest", general id)``: reach;
  ``("tries", ...)`` beside it: the hexes only the entry roll of the defensive fire zone
  reaches; ``("dfz", side, kind)``: that zone (house rule, :mod:`defensive_fire_zone`);
- ``("slots", turn)``: the pieces that may move in the move step and how many hexes each
  could reach at most (the search path's move sampling, ``Game._sample_move``).

A change of position calls :func:`forget_after_unit_move`, :func:`forget_after_general_move`
or clears the cache.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import house_ground, profiles
from ..contact import enemy_held, enemy_zone
from . import defensive_fire_zone, rally_action
from ..sight import has_line_of_sight
from ..terrain import KINDS
from ..units import (ARTILLERY, CAVALRY, CAVALRY_CHARGE, CHARGE_REACH,
                    GENERAL_MOVE, INFANTRY, INFANTRY_MARCH, other)

if TYPE_CHECKING:
    from .game import Game

MOVE_AGAIN = 2          # Hit and Run: the cavalry's second move


def unit_move_allowance(unit) -> tuple[int, bool, bool]:
    """(hexes, whether the infantry march stop applies, whether the third hex is a charge)."""
    if unit.kind == INFANTRY:
        return INFANTRY_MARCH, True, False
    if unit.kind == CAVALRY:
        return CAVALRY_CHARGE, False, True
    return (2 if unit.horse else 1), False, False


def march_threatened(game, h: int, side: str, start: int) -> bool:
    """An infantry march from ``start`` stops on entering hex h (enemy fire or charge reach
    with LoS).  Sight is judged with the marching unit (and its general) off ``start``:
    it has left that hex by the time it stands on h."""
    key = ("threat", side, h, start)
    found = game.cache.get(key)
    if found is None:
        found = False
        dist = game.board.dist[h]          # distances are symmetric
        for at, reach, u in _threats(game, side):
            if dist[at] <= reach and has_line_of_sight(game, at, h, u, vacated=start):
                found = True
                break
        game.cache[key] = found
    return found


def _threats(game, side: str) -> list[tuple]:
    """(hex, reach, unit) of every enemy unit whose fire or charge stops a march.  Cached."""
    key = ("threats", side)
    found = game.cache.get(key)
    if found is None:
        found = [(u.hex, CHARGE_REACH if u.kind == CAVALRY else game.attack_range(u), u)
                 for u in game.pieces.units.values() if u.side != side]
        game.cache[key] = found
    return found


def unit_destinations(game, unit, allowance: int | None = None) -> dict[int, int]:
    """Hexes an ordered unit may end its move on, with the fewest steps to reach each.

    Rules applied: through friendly units but never ending on one; never into or
    through enemy units or generals; stop on entering a stop hex or on becoming
    adjacent to an enemy unit or general; no impassable terrain; infantry march (2 hexes) stops
    in a threatened hex; cavalry's third hex only as a charge ending next to an enemy,
    on a hex where it may melee that turn;
    artillery never moves next to an enemy; a unit carrying a general may not end on
    another general.
    """
    if allowance is None:
        allowance, march_rule, charge = move_allowance(game, unit)
    else:
        march_rule = charge = False
    key = ("dest", unit.id, allowance, march_rule, charge)   # a card may change the allowance
    cached = game.cache.get(key)
    if cached is not None:
        return cached
    side = unit.side
    dfz = defensive_fire_zone.zone(game, side, unit.kind)     # house rule: costs 2 to enter
    tries: dict[int, int] | None = {} if dfz is not None and game.options.get("dfz_entry_roll") else None
    start = unit.hex
    carries_general = game.pieces.general_at[start] is not None
    unit_at, general_at = game.pieces.unit_at, game.pieces.general_at
    impassable, stops = game.field.impassable, game.field.stops
    held, zone = enemy_held(game, side), enemy_zone(game, side)
    kind = unit.kind
    adjacent = game.board.adjacent
    ground = game.field.house_ground
    out: dict[int, int] = {}
    frontier = [start]
    seen = {start: 0}
    for step in range(1, allowance + 1):
        nxt = []
        for h in frontier:
            for n in adjacent[h]:
                if n in seen or impassable[n] or held[n]:
                    continue
                if carries_general and general_at[n] is not None:
                    continue  # two generals never share a hex
                adj_enemy = zone[n]
                if kind == ARTILLERY and adj_enemy:
                    continue
                if charge and step == CAVALRY_CHARGE and not (
                        adj_enemy and may_battle_on_entering(game, n, kind)):
                    continue  # a charge ends next to an enemy, where it can melee
                if dfz is not None and dfz[n] and step == allowance:
                    if tries is not None and unit_at[n] is None:
                        tries.setdefault(n, h)      # one hex left: it may roll to enter
                    continue
                climbs = False
                if ground is not None:
                    if house_ground.step_barred(game, ground, kind, h, n, step):
                        continue
                    if house_ground.attempt(ground, h, n, step):
                        # tried from a hex the unit may stop on, should the roll fail
                        if out.get(h) == step - 1 and unit_at[n] is None:
                            out.setdefault(n, step)
                        continue
                    climbs = house_ground.step_stops(ground, h, n)
                friendly_unit = unit_at[n] is not None
                can_end = not friendly_unit
                if climbs:      # up a slope: it stops there, unless it comes in level
                    if can_end:
                        out.setdefault(n, step)
                    continue
                seen[n] = step
                if can_end:
                    out.setdefault(n, step)
                can_continue = not (stops[n] or adj_enemy)
                if march_rule and step == 1 and can_continue:
                    can_continue = not march_threatened(game, n, side, start)
                if can_continue:
                    nxt.append(n)
        frontier = nxt
    if tries is not None:
        for n in tries:
            out[n] = allowance
        game.cache[("tries",) + key[1:]] = tries
    if unit.shaken:                 # ordered only to rally: no closer to the enemy (H27)
        out = {h: s for h, s in out.items() if not rally_action.closer(game, side, start, h)}
    game.cache[key] = out
    return out


def entry_tries(game, unit, allowance: int | None = None) -> dict[int, int]:
    """The hexes among :func:`unit_destinations` the unit reaches only by the entry roll of
    the defensive fire zone, each with the hex it rolls from (and stops on if it fails)."""
    unit_destinations(game, unit, allowance)
    if allowance is None:
        allowance, march_rule, charge = move_allowance(game, unit)
    else:
        march_rule = charge = False
    return game.cache.get(("tries", unit.id, allowance, march_rule, charge)) or {}


def may_battle_on_entering(game, h: int, kind: str) -> bool:
    """Whether a unit of this kind that enters hex h this turn may still battle there
    (woods and towns forbid it to cavalry; a scenario may forbid it on named hexes)."""
    t = game.field.terrain[h]
    return not (t and kind in KINDS[t].no_attack_on_entry) and h not in game.field.no_attack_hexes


def closed_by_scenario(game, h: int) -> bool:
    """True when a scenario rule, not the terrain's entry cost, forbids entering hex h (a
    river outside its bridges under ``bridge_crossing_only``).  Generals ignore entry
    costs, rough terrain included, but not such a rule."""
    return game.field.closed[h]


def general_destinations(game, general) -> dict[int, int]:
    """Hexes a general moving on his own may end on (up to 3 hexes).

    He ignores terrain entry costs, may pass through friendly units, never enters a
    hex with another general or an enemy, nor one a scenario rule closes, stops on
    becoming adjacent to an enemy unit or general, and takes command of a friendly unit
    if he ends on its hex.
    """
    key = ("dest", general.id)
    cached = game.cache.get(key)
    if cached is not None:
        return cached
    side = general.side
    held, zone, general_at = enemy_held(game, side), enemy_zone(game, side), game.pieces.general_at
    closed, adjacent = game.field.closed, game.board.adjacent
    out: dict[int, int] = {general.hex: 0}     # the start, removed at the end
    frontier = [general.hex]
    for step in range(1, GENERAL_MOVE + 1):
        nxt = []
        for h in frontier:
            for n in adjacent[h]:
                if n in out or held[n] or general_at[n] is not None or closed[n]:
                    continue
                out[n] = step
                if not zone[n]:
                    nxt.append(n)
        frontier = nxt
    del out[general.hex]
    game.cache[key] = out
    return out


def forget_after_unit_move(game, side: str, with_general: bool) -> None:
    """Forget what one unit of ``side`` moving (with its general or not) may have changed.

    Kept: what depends only on the other side's pieces (``side``'s enemy zone, enemy-held
    hexes and threats) and, when no general moved, the reach of ``side``'s generals (a
    general's path ignores friendly units).
    """
    cache = game.cache
    keep = [(k, cache[k]) for k in (side, ("held", side), ("threats", side)) if k in cache]
    if not with_general:
        keep += [(k, cache[k]) for k in [("dest", g.id) for g in game.pieces.generals.values()
                                          if g.side == side] if k in cache]
    cache.clear()
    cache.update(keep)


def forget_after_general_move(game, side: str, frm: int, to: int) -> None:
    """Forget what one general of ``side`` moving from hex ``frm`` to ``to`` may have changed.

    Generals block sight and count for adjacency, so the units' reach, the other side's
    enemy-held hexes, enemy zone and generals' reach, and every march threat (which reads
    sight) change.  Kept: the reach of ``side``'s generals standing more than a general's
    move from both hexes (a general's path meets a general only on the hexes it steps on,
    and his side's enemy zone is the other side's pieces'; on the double board most of
    them stand far apart).
    """
    cache = game.cache
    them = other(side)
    held = ("held", them)
    dist_frm, dist_to = game.board.dist[frm], game.board.dist[to]
    generals = game.pieces.generals
    kept = {("dest", g.id) for g in generals.values() if g.side == side
            and dist_frm[g.hex] > GENERAL_MOVE and dist_to[g.hex] > GENERAL_MOVE}
    for k in [k for k in cache if k == held or k == them
              or (type(k) is tuple and k[0] in ("dest", "tries", "threat", "slots") and k not in kept)]:
        del cache[k]


def move_allowance(game: Game, unit):
    extra = game.fx.allowance.get(unit.id)
    if extra is not None:
        return extra, False, False
    return profiles.move_allowance(game.options, unit) or unit_move_allowance(unit)
