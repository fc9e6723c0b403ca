"""How well a model predicts results it has not yet seen: each game is predicted with the
ratings as they stood before it, then rated, in order (docs/ratings.md, "Sides are not
equal").  Two models are compared on the same games: the plain one (players only) and the
one the site uses (each team with its scenario side's pseudo-player).
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .replay import RatedGame, replay
from .arithmetic import expected_share
from .subjects import initial_skill, scenario_side

#: Predictions are kept off 0 and 1 so that one certain miss does not make the loss infinite.
EPSILON = 1e-9


@dataclass(frozen=True)
class Observed:
    """One rated game as it was played: each team's players (the two sides in name order),
    the sides' names, the scenario (blank when unknown) and the winner (0, 1, or None for a
    draw)."""

    players: tuple[tuple[str, ...], tuple[str, ...]]
    sides: tuple[str, str]
    scenario: str
    winner: int | None

    def teams(self, sided: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
        if not (sided and self.scenario):
            return self.players
        first, second = (team + (scenario_side(self.scenario, side),)
                         for team, side in zip(self.players, self.sides))
        return first, second


@dataclass(frozen=True)
class Quality:
    """What a model did on the games it predicted: ``games`` decided games predicted (draws
    are counted apart: neither measure reads them), the mean log-loss (lower is better)
    and the share of winners predicted (a prediction of exactly one half counts as half)."""

    games: int
    draws: int
    log_loss: float
    predicted: float


def held_out(games: Iterable[Observed], sided: bool, skip: int = 0) -> Quality:
    """Predict each game before rating it; measure from the ``skip``-th game on (the first
    ones predict nothing but the starting ratings)."""
    ratings: dict = {}
    loss = right = 0.0
    n = draws = 0
    for i, g in enumerate(games):
        first, second = g.teams(sided)
        if i >= skip:
            if g.winner is None:
                draws += 1
            else:
                p = expected_share([ratings.get(s) or initial_skill(s) for s in first],
                                   [ratings.get(s) or initial_skill(s) for s in second])
                p = min(max(p, EPSILON), 1 - EPSILON)
                won = p if g.winner == 0 else 1 - p
                loss -= math.log(won)
                right += 1.0 if won > 0.5 else 0.5 if won == 0.5 else 0.0
                n += 1
        replay([RatedGame(i, 1, (first, second), g.winner)], ratings)
    return Quality(n, draws, loss / n if n else 0.0, right / n if n else 0.0)


def compare(games: Sequence[Observed], skip: int = 0) -> tuple[Quality, Quality]:
    """(plain, with the scenario sides) on the same games."""
    return held_out(games, False, skip), held_out(games, True, skip)
