"""Battle dice and the game's random stream.

The die faces follow the rulebook's table for ordinary dice: 1 flag, 2 swords,
3 cavalry, 4 artillery, 5 and 6 infantry.  Randomness comes from a small
counter-free generator (SplitMix64) whose whole state is one integer, so a game
state copies and serialises cheaply and replays exactly.
"""
from __future__ import annotations

FLAG, SWORDS, CAVALRY, ARTILLERY, INFANTRY = "flag", "swords", "cavalry", "artillery", "infantry"
FACES = (None, FLAG, SWORDS, CAVALRY, ARTILLERY, INFANTRY, INFANTRY)
FACE_NAMES = (FLAG, SWORDS, CAVALRY, ARTILLERY, INFANTRY)

_MASK = (1 << 64) - 1


def next_random(state: int) -> tuple[int, int]:
    """One SplitMix64 step: returns (new_state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def face(value: int) -> str:
    """The symbol shown by a die that came up ``value`` (1..6)."""
    return FACES[value]
