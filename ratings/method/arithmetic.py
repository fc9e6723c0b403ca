"""openskill's Plackett-Luce model applied to one game between two teams.

A team is the members (or Archie's level) holding one side's seats, plus that side's
pseudo-player when the scenario is known.  openskill adds the team's means and variances,
rates the game, and spreads each team's change over its members by their share of the
team's variance.
"""
from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

from .skill import Skill

#: The model with openskill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300).
MODEL = PlackettLuce()


def _team(skills: Sequence[Skill]) -> list:
    return [MODEL.rating(mu=s.mu, sigma=s.sigma) for s in skills]


def rate_game(first: Sequence[Skill], second: Sequence[Skill], winner: int | None) -> tuple[list[Skill], list[Skill]]:
    """The teams' skills after a game: ``winner`` 0 (the first team won), 1 (the second)
    or None (a draw)."""
    ranks: list[float] = [1.0, 1.0] if winner is None else ([1.0, 2.0] if winner == 0 else [2.0, 1.0])
    a, b = MODEL.rate([_team(first), _team(second)], ranks=ranks)
    return ([Skill(r.mu, r.sigma) for r in a], [Skill(r.mu, r.sigma) for r in b])


def expected_share(first: Sequence[Skill], second: Sequence[Skill]) -> float:
    """The chance that the first team wins the game, by openskill's own prediction."""
    return float(MODEL.predict_win([_team(first), _team(second)])[0])
