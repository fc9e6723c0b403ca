"""Putting a unit (with a general attached to it) or a general on another hex."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..pieces import Unit

if TYPE_CHECKING:
    from .game import StandardGame


def place_unit(game: StandardGame, u: Unit, to: int) -> str | None:
    """Move unit ``u`` (and a general attached to it) to ``to``; the general's id."""
    u = game.writable_unit(u)
    frm = u.hex
    gid = game.pieces.general_at[frm]
    game.pieces.unit_at[frm] = None
    game.pieces.unit_at[to] = u.id
    u.hex = to
    if gid is not None:
        game.pieces.general_at[frm] = None
        game.pieces.general_at[to] = gid
        game.writable_general(game.pieces.generals[gid]).hex = to
    game.cache.clear()
    return gid


def place_general(game: StandardGame, gid: str, to: int) -> None:
    gen = game.writable_general(game.pieces.generals[gid])
    game.pieces.general_at[gen.hex] = None
    game.pieces.general_at[to] = gid
    gen.hex = to
    game.cache.clear()
