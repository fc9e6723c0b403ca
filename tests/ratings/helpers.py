"""Helpers of the ratings tests: a club league played at the table."""
from __future__ import annotations

from ratings.models import Rating
from tests.play_helpers import make_scenario
from tests.tournaments.helpers import make_club, make_competition, make_players
from tournaments import services


def table_league(n=4, prefix="p", scenario_slug=None, **terms):
    """A club of ``n`` players (the first organises) in a league played at the table."""
    players = make_players(n, prefix=prefix)
    club = make_club(players[0], players[1:], name=f"{prefix} club")
    scenario = make_scenario(slug=scenario_slug) if scenario_slug else make_scenario()
    terms.setdefault("mode", "table")
    comp = make_competition(club, players[0], players, scenario=scenario, **terms)
    return club, comp, players


def next_round(comp, organiser):
    return services.publish_round(services.draft_round(comp, organiser), organiser)


def report_and_confirm(p, home_wins=(True, False), flags=(6, 3)):
    """Home reports each game (won or lost), away confirms."""
    win, lose = flags
    g = []
    for won in home_wins:
        g += ["home", win, lose] if won else ["away", lose, win]
    scores = services.GameScores(*g)
    services.report_result(p, p.home, scores)
    return services.confirm_result(p, p.away)


def snapshot(pool=None):
    """Every rating as (pool, subject, mu, sigma, games), in order: equal means identical."""
    rows = Rating.objects.order_by("pool__ruleset", "pool__mode", "subject")
    if pool is not None:
        rows = rows.filter(pool=pool)
    return [(r.pool.ruleset, r.pool.mode, r.subject, r.mu, r.sigma, r.games, r.last_played)
            for r in rows.select_related("pool")]
