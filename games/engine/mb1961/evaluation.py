"""Archie's evaluation of a 1961 game (``archie_evaluate``): the strength each side still has
on the map, and the battles each could fight next."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .battle import battles
from .pieces import kind_of, opponent, side_of

if TYPE_CHECKING:
    from .game import Game1961

#: Strength a side's lead is counted in: a lead of this much is nearly a won game.
SCALE = 10.0
THREAT = 0.5


def evaluate(state: "Game1961", side: str) -> float:
    """From -1 (lost) to +1 (won) for ``side``."""
    if state.outcome:
        winner = state.outcome.get("winner")
        return 0.0 if winner is None else (1.0 if winner == side else -1.0)
    strength = {side: 0, opponent(side): 0}
    for p in state.where:
        strength[side_of(p)] += kind_of(p).strength
    score = float(strength[side] - strength[opponent(side)])
    for s, sign in ((side, 1), (opponent(side), -1)):
        best = max((sum(kind_of(d).strength for d in b.defenders)
                    for b in battles(state.scenario, state.at, state.where, s)), default=0)
        score += sign * THREAT * best
    return max(-1.0, min(1.0, score / SCALE))
