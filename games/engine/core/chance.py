"""The random stream of a game: a SplitMix64 generator whose whole state is one integer,
so a state copies and serialises cheaply and replays exactly."""
from __future__ import annotations

_MASK = (1 << 64) - 1


def next_random(state: int) -> tuple[int, int]:
    """One SplitMix64 step: returns (new_state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def derive_seed(seed: int, salt: int) -> int:
    """A 63-bit seed for a fresh stream made from ``seed`` and ``salt``.

    Used by determinize: the new stream depends only on the search's seed, never on the
    game's own random state, so it cannot foretell the game's dice.
    """
    _, a = next_random((int(seed) ^ (salt * 0xD1B54A32D192ED03)) & _MASK)
    _, b = next_random(a)
    return b >> 1
