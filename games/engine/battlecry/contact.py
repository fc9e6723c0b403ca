"""Contact between the sides: which hexes hold or touch an enemy unit or general.

Shared by every Battle Cry ruleset (movement stops, retreats, compulsory melee).  Answers
are kept in ``game.cache`` while no piece moves (see :mod:`.advanced.movement`):

- ``side``: per hex, whether it touches a unit or general of the other side;
- ``("held", side)``: per hex, whether it holds a piece of the other side.
"""
from __future__ import annotations



def next_to_enemy(game, h: int, side: str) -> bool:
    """True when hex h touches a unit or a general of the other side (a general is "a
    special kind of unit": ruling 8)."""
    zone = game.cache.get(side)
    return (zone if zone is not None else enemy_zone(game, side))[h]


def enemy_zone(game, side: str) -> list[bool]:
    """Per hex: does it touch a unit or general of the side opposing ``side``?  Cached per
    position (under the side's own name: the most asked question has the shortest key)."""
    key = side
    zone = game.cache.get(key)
    if zone is None:
        zone = [False] * len(game.pieces.unit_at)
        for piece in (*game.pieces.units.values(), *game.pieces.generals.values()):
            if piece.side != side:
                for n in game.board.adjacent[piece.hex]:
                    zone[n] = True
        game.cache[key] = zone
    return zone


def enemy_in_hex(game, h: int, side: str) -> bool:
    """True when hex h holds an enemy unit or an enemy general."""
    return enemy_held(game, side)[h]


def enemy_held(game, side: str) -> list[bool]:
    """Per hex: does it hold a unit or general of the side opposing ``side``?  Cached."""
    key = ("held", side)
    held = game.cache.get(key)
    if held is None:
        held = [False] * len(game.pieces.unit_at)
        for u in game.pieces.units.values():
            if u.side != side:
                held[u.hex] = True
        for g in game.pieces.generals.values():
            if g.side != side:
                held[g.hex] = True
        game.cache[key] = held
    return held
