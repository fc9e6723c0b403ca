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
    zone = game.cache.get(side)
    return zone if zone is not None else _contact(game, side)[1]


def enemy_in_hex(game, h: int, side: str) -> bool:
    """True when hex h holds an enemy unit or an enemy general."""
    return enemy_held(game, side)[h]


def enemy_held(game, side: str) -> list[bool]:
    """Per hex: does it hold a unit or general of the side opposing ``side``?  Cached."""
    held = game.cache.get(("held", side))
    return held if held is not None else _contact(game, side)[0]


def _contact(game, side: str) -> tuple[list[bool], list[bool]]:
    """Both tables for ``side`` in one pass over the enemy's pieces, cached together."""
    size = game.board.size
    held, zone = [False] * size, [False] * size
    adjacent = game.board.adjacent
    pieces = game.pieces
    for piece in (*pieces.units.values(), *pieces.generals.values()):
        if piece.side != side:
            h = piece.hex
            held[h] = True
            for n in adjacent[h]:
                zone[n] = True
    cache = game.cache
    cache[side] = zone
    cache[("held", side)] = held
    return held, zone
