"""Matches played on the site as Annual Games results (``tournaments.annual.scoring``).

A match of a scenario that carries an Annual Games number is a result of that battle; the
day it began, in the club's time zone, decides whether it falls within the window. Each
finished game gives its winner, each player's flags and the enemy figures each eliminated
(the same counts the match's own result is decided by, games.services.match_totals).
"""
from __future__ import annotations

import datetime as dt
import zoneinfo
from collections.abc import Iterable

from games.models import Match
from tournaments.annual.scoring import GameResult, MatchResult
from games.engine import SIDES



def match_result(match: Match, tz: dt.tzinfo) -> MatchResult | None:
    """The Annual Games result of a match, or None if its scenario is not on the list or
    it has not begun (a challenge not yet accepted, an open seek)."""
    number = match.scenario.annual_number
    if number is None or match.started is None or match.opponent_id is None:
        return None
    games = []
    for game in sorted(match.games.all(), key=lambda g: g.number):
        if not game.outcome:
            continue
        players = {s: game.player_id_of(s) for s in SIDES}
        games.append(GameResult(
            winner=players.get(game.winner_side),
            flags={players[s]: int(game.outcome.get("flags", {}).get(s, 0)) for s in SIDES},
            figures={players[s]: int(game.outcome.get("casualties", {}).get(s, 0)) for s in SIDES},
        ))
    return MatchResult(battle=number, players=(match.challenger_id, match.opponent_id),
                       played_on=match.started.astimezone(tz).date(), games=tuple(games))


def match_results(matches: Iterable[Match], time_zone: str) -> list[MatchResult]:
    """The Annual Games results among ``matches`` (others are left out)."""
    tz = zoneinfo.ZoneInfo(time_zone)
    results = (match_result(m, tz) for m in matches)
    return [r for r in results if r is not None]


def annual_matches():
    """Every begun match of a scenario on the Annual Games list, ready for match_results."""
    return (Match.objects.filter(scenario__annual_number__isnull=False, started__isnull=False,
                                 opponent__isnull=False)
            .select_related("scenario").prefetch_related("games", "games__seats"))
