"""Determinization: a copy of the game that a side could believe in, hidden parts re-dealt.

What the deciding side does not know (the other side's hand, the order of both decks,
which of the extra cards lie where, and every future die) is replaced by a fresh deal and
a fresh random stream drawn from ``seed``. Everything the search plays out starts from such
a copy, so a choice can never depend on the real hidden state.

When the engine offers ``Game.determinize(side, seed)`` it is used; until then the same
re-deal is made here on a :meth:`Game.copy`: the other side's unseen cards (hand and
deck) are put in a fixed order (so the real order leaks nothing), shuffled with ``seed``
and dealt back with the same counts, and the deciding side's own deck is shuffled the same
way. (Simplification: which of the seven extra cards lie in which side's deck is kept; the
engine's own determinization re-deals those too.)
"""
from __future__ import annotations

import random

from games.engine import Game
from games.engine.units import other


def determinize(game: Game, side: str, seed: int) -> Game:
    """A copy of ``game`` consistent with what ``side`` has seen, hidden parts re-dealt."""
    engine_version = getattr(game, "determinize", None)
    if engine_version is not None:
        return engine_version(side, seed)
    rng = random.Random(seed)
    g = game.copy()
    opp = other(side)
    in_hand = len(g.hands[opp])
    pool = sorted(g.hands[opp] + g.decks[opp])
    rng.shuffle(pool)
    g.hands[opp], g.decks[opp] = pool[:in_hand], pool[in_hand:]
    own = sorted(g.decks[side])
    rng.shuffle(own)
    g.decks[side] = own
    for item in g.pending:                 # a scout's two drawn cards are the last in hand
        if item.get("side") == opp and "cards" in item:
            item["cards"] = g.hands[opp][len(g.hands[opp]) - len(item["cards"]):]
    g.rng = rng.getrandbits(63) or 1
    return g
