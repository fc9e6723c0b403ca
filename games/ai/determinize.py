"""Determinization: a copy of the game that a side could believe in, hidden parts re-dealt.

What the deciding side does not know (the other side's hand, the order of both decks,
which extra cards lie where, and every future die) is replaced by the engine's
``Game.determinize(side, seed)``: a fresh deal of exactly the unseen cards and a fresh
random stream drawn from ``seed`` alone. Everything a policy plays out starts from such a
copy, so a choice can never depend on the real hidden state.
"""
from __future__ import annotations

from games.engine import AdvancedGame as Game


def determinize(game: Game, side: str, seed: int) -> Game:
    """A copy of ``game`` consistent with what ``side`` has seen, hidden parts re-dealt."""
    return game.determinize(side, seed)
