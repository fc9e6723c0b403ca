"""Battle dice and the game's random stream.

The die faces follow the rulebook's table for ordinary dice: 1 flag, 2 swords,
3 cavalry, 4 artillery, 5 and 6 infantry.  The random stream
itself is :mod:`games.engine.core.chance`.
"""
from __future__ import annotations

FLAG, SWORDS, CAVALRY, ARTILLERY, INFANTRY = "flag", "swords", "cavalry", "artillery", "infantry"
#: FACES[v] is the face of a die that came up v (index 0 is unused).
FACES: tuple[str, ...] = ("", FLAG, SWORDS, CAVALRY, ARTILLERY, INFANTRY, INFANTRY)
FACE_NAMES = (FLAG, SWORDS, CAVALRY, ARTILLERY, INFANTRY)

def face(value: int) -> str:
    """The symbol shown by a die that came up ``value`` (1..6)."""
    return FACES[value]
