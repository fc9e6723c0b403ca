"""Helpers for the Annual Games competition tests: a club's year, matches at the table
entered, reported and confirmed through the services."""
from __future__ import annotations

import datetime as dt

from tournaments import annual_services, services
from tournaments.annual.anniversaries import BY_SLUG


def annual_games(club, organiser, year=2026, **terms):
    return annual_services.create_annual_games(
        club, organiser, annual_services.AnnualTerms(year=year, **terms))


def battle(slug: str) -> int:
    return BY_SLUG[slug].number


def table_result(comp, home, away, slug, played_on: dt.date, game1, game2, figures=(0, 0),
                 confirm=True):
    """A match at the table: ``home`` enters it (the day played), reports the result, and
    ``away`` confirms it.  ``game1``/``game2``: (winner "home"/"away"/"", flags home,
    flags away)."""
    p = annual_services.arrange_match(comp, home, battle(slug), away, where="table", played_on=played_on)
    scores = services.GameScores(*game1, *game2, figures_home=figures[0], figures_away=figures[1])
    p = services.report_result(p, home, scores)
    if confirm:
        p = services.confirm_result(p, away)
    return p
