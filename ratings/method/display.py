"""The number members read, and when a rating is still provisional."""
from __future__ import annotations

from .skill import Skill

#: A rating stays provisional until its holder has this many rated games.
PROVISIONAL_GAMES = 10

#: The shown rating is 1000 + 40 x (mu - 3 sigma): 1000 for a newcomer, and it rises both
#: as results come in and as the estimate grows surer (openskill's "ordinal").
SCALE = 40.0
BASE = 1000.0


def display_rating(skill: Skill) -> int:
    return round(BASE + SCALE * (skill.mu - 3 * skill.sigma))


def is_provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES
