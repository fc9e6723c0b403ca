"""Round robin by the circle method.

Every match is two games with sides swapped, so the sides are balanced inside each match
already; what is balanced here is who is listed first ("home": Union in game 1).
"""
from __future__ import annotations

from collections.abc import Hashable, Sequence

from .errors import PairingError
from .types import Pair, Round


def round_robin(players: Sequence[Hashable], *, double: bool = False) -> list[Round]:
    """Every round of a round robin of ``players`` (in the order given).

    Contract:
      * each player meets every other exactly once (twice when ``double``, the second
        time with home and away swapped);
      * with an odd number of players one player sits out (a bye) in each round, every
        player exactly once per cycle;
      * each player is home in ``n // 2`` or ``(n - 1) // 2`` matches of a cycle, where ``n``
        is the number of players rounded up to an even number.
    Raises :class:`PairingError` for fewer than two players or a player listed twice.
    """
    players = list(players)
    if len(players) < 2:
        raise PairingError("A round robin needs at least two players.")
    if len(set(players)) != len(players):
        raise PairingError("A player is listed twice.")
    # with an odd count the empty seat is the fixed one, so the bye moves round the circle
    slots: list = ([None] if len(players) % 2 else []) + players
    n = len(slots)
    rounds: list[Round] = []
    fixed, rotating = slots[0], slots[1:]
    for r in range(n - 1):
        circle = [fixed] + rotating
        pairs, bye = [], None
        for i in range(n // 2):
            a, b = circle[i], circle[n - 1 - i]
            # the fixed player alternates; the others alternate by their place on the circle
            if (i == 0 and r % 2 == 1) or (i > 0 and i % 2 == 1):
                a, b = b, a
            if a is None or b is None:
                bye = b if a is None else a
                continue
            pairs.append(Pair(a, b))
        rounds.append(Round(tuple(pairs), bye))
        rotating = rotating[-1:] + rotating[:-1]
    if double:
        rounds += [Round(tuple(Pair(p.away, p.home) for p in rnd.pairs), rnd.bye) for rnd in rounds]
    return rounds
