"""The random stream of a game: a SplitMix64 generator whose whole state is one integer,
so a state copies and serialises cheaply and replays exactly."""
from __future__ import annotations

from hashlib import shake_256

_MASK = (1 << 64) - 1


def next_random(state: int) -> tuple[int, int]:
    """One SplitMix64 step: returns (new_state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def derive_seed(seed: int, salt: int) -> int:
    """A 63-bit seed for a fresh stream, made from ``seed`` and ``salt`` by a hash.

    Used by determinize: the new stream depends only on the search's seed, never on the
    game's own random state, so it cannot foretell the game's dice.
    """
    return int.from_bytes(shake_256(b"%d:%d" % (seed, salt)).digest(8), "little") >> 1


def shuffled(items: list, seed: int, salt: int = 0) -> list:
    """A new list with ``items`` in an order drawn from ``seed`` and ``salt``.

    Each item gets a 64-bit key from a hash (SHAKE-256) and the items are sorted by key:
    a uniform order unless two keys tie (odds below n**2 / 2**65), with the work done in
    C rather than a generator step per item.
    """
    if len(items) < 2:
        return list(items)
    keys = memoryview(shake_256(b"%d:%d" % (seed, salt)).digest(8 * len(items))).cast("Q")
    return [item for _, item in sorted(zip(keys, items))]
