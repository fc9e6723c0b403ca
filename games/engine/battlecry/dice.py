"""Battle dice and the game's random stream.

The die faces follow the rulebook's table for ordinary dice: 1 flag, 2 swords,
3 cavalry, 4 artillery, 5 and 6 infantry.  The random stream
itself is :mod:`games.engine.core.chance`.
"""
from __future__ import annotations

from collections.abc import Callable

FLAG, SWORDS, CAVALRY, ARTILLERY, INFANTRY = "flag", "swords", "cavalry", "artillery", "infantry"
#: FACES[v] is the face of a die that came up v (index 0 is unused).
FACES: tuple[str, ...] = ("", FLAG, SWORDS, CAVALRY, ARTILLERY, INFANTRY, INFANTRY)
FACE_NAMES = (FLAG, SWORDS, CAVALRY, ARTILLERY, INFANTRY)

def face(value: int) -> str:
    """The symbol shown by a die that came up ``value`` (1..6)."""
    return FACES[value]


#: The value a scripted face stands for (infantry: 5).
FACE_VALUE = {FLAG: 1, SWORDS: 2, CAVALRY: 3, ARTILLERY: 4, INFANTRY: 5}


def roll(rand: Callable[[], int], n: int, script: list) -> list[str]:
    """``n`` dice from the random stream ``rand``.  Each die draws from the stream even when
    ``script`` (faces or values, consumed from the front; tests pin rolls with it) decides
    what it shows, so a scripted game keeps the stream's place."""
    out = []
    for _ in range(n):
        value = rand() % 6 + 1
        if script:
            scripted = script.pop(0)
            value = scripted if isinstance(scripted, int) else FACE_VALUE[scripted]
        out.append(FACES[value])
    return out


def shuffle(rand: Callable[[], int], items: list) -> None:
    """Shuffle ``items`` in place from the random stream ``rand`` (Fisher-Yates)."""
    for i in range(len(items) - 1, 0, -1):
        j = rand() % (i + 1)
        items[i], items[j] = items[j], items[i]
