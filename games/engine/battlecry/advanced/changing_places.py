"""Changing places, part of the house rule of support (seed 002 L51, with L35 and L39;
docs/rulings.md H92-H94): an ordered unit clear of the enemy and a friend next to it swap
hexes as one order. When the friend was in contact, the ordered unit is its direct
supporter and comes forward: no withdrawal fire, no following up, and only the unit that came
forward may battle. When neither touched the enemy the swap is the whole action of both.

The move step's ``change_places`` action (``unit``: the ordered unit, ``with``: the friend)
is carried out by :func:`swap`, the same on the checked and the search path.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..contact import enemy_zone
from ..units import ARTILLERY
from . import battle, entry_shaken, house_ground, rally_action, terrain_victory

if TYPE_CHECKING:
    from .game import Game


def in_force(game: Game) -> bool:
    return bool(game.options.get("mutual_support"))


def partners(game: Game, u) -> list[str]:
    """The friends next to ordered unit ``u`` (one that may still move) it may change places
    with now: not Shaken, not yet moved or battled this turn, free to move, under the same
    commander in a team game, and each unit able to stand on the other's hex (no ground
    barred to its kind; a gun never comes forward next to an enemy)."""
    if not in_force(game) or game.current.step != "move" or u.shaken:
        return []
    zone = enemy_zone(game, u.side)
    if zone[u.hex]:
        return []
    pieces, current = game.pieces, game.current
    command = game.team.command if game.team is not None else None
    out = []
    for n in game.board.adjacent[u.hex]:
        uid = pieces.unit_at[n]
        if uid is None:
            continue
        friend = pieces.units[uid]
        if (friend.side != u.side or friend.shaken or uid in current.moved
                or uid in current.locked or uid in current.attacked or uid in game.fx.no_move):
            continue
        if command is not None and command.get(uid) != command.get(u.id):
            continue
        if _may_stand(game, u, u.hex, n, zone) and _may_stand(game, friend, n, u.hex, zone):
            out.append(uid)
    return out


def _may_stand(game: Game, unit, frm: int, to: int, zone) -> bool:
    if game.field.impassable[to] or (unit.kind == ARTILLERY and zone[to]):
        return False
    ground = game.field.house_ground
    return ground is None or not house_ground.step_barred(game, ground, unit.kind, frm, to, 1)


def swap(game: Game, u, friend) -> None:
    """Unit ``u`` and ``friend`` change places, their generals with them (H92-H94)."""
    pieces, current = game.pieces, game.current
    a, b = u.hex, friend.hex
    front = enemy_zone(game, u.side)[b]         # the friend was in contact: u comes forward
    if front:
        battle.risk_on_withdrawal(game, friend)   # its general leaves contact (L59)
    u, friend = game.writable_unit(u), game.writable_unit(friend)
    ga, gb = pieces.general_at[a], pieces.general_at[b]
    pieces.unit_at[a], pieces.unit_at[b] = friend.id, u.id
    u.hex, friend.hex = b, a
    pieces.general_at[a], pieces.general_at[b] = gb, ga
    for gid, h in ((ga, b), (gb, a)):
        if gid is not None:
            game.writable_general(pieces.generals[gid]).hex = h
            current.gen_moved.add(gid)
    game.cache.clear()
    current.moved[u.id] = current.moved[friend.id] = 1
    current.attacked.add(friend.id)             # no battle, no rally for the one going back
    if not front:
        current.attacked.add(u.id)              # out of contact: the whole action of both
    if game.options.get("rally_action") and rally_action.closer(game, u.side, a, b):
        game.fx.moved_closer.append(u.id)
    if game._events is not None:
        game._event({"type": "changed_places", "side": u.side, "unit": u.id, "with": friend.id,
                     "from": game.board.hexes[a].to_json(), "to": game.board.hexes[b].to_json()})
    terrain_victory.moved_in(game, u)
    terrain_victory.moved_in(game, friend)
    entry_shaken.after_move(game, u.id, b)
    entry_shaken.after_move(game, friend.id, a)
    battle.offer_refuge(game, u, a)
