"""Matches played on the site, read as Annual Games results and scored."""
from __future__ import annotations

import datetime as dt
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Game, Match
from tests.play_helpers import make_scenario, start_match
from tournaments.annual.scoring import Window, standings
from tournaments.annual_results import annual_matches, match_results

pytestmark = pytest.mark.django_db


def claim_by_the_waiting_player(game: Game):
    """The player to move ran out of time; the other claims the game (a win)."""
    game.refresh_from_db()
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    waiting = game.player_of("confederate" if game.deciding == "union" else "union")
    services.claim_timeout(game.pk, waiting)
    return waiting


def test_a_finished_match_of_antietam_scores_a_game_each(lee, grant):
    match, game1 = start_match(lee, grant, make_scenario(slug="antietam"), side="union")
    assert claim_by_the_waiting_player(game1) == grant           # lee (Union) moved first
    assert claim_by_the_waiting_player(match.games.get(number=2)) == lee
    # The match began late on 17 September in California: 03:00 on the 18th in UTC.
    Match.objects.filter(pk=match.pk).update(started=dt.datetime(2026, 9, 18, 3, tzinfo=dt.timezone.utc))

    [result] = match_results(annual_matches(), "America/Los_Angeles")
    assert result.battle == 23 and result.players == (lee.pk, grant.pk)
    assert result.played_on == dt.date(2026, 9, 17)
    assert [g.winner for g in result.games] == [grant.pk, lee.pk]
    game1.refresh_from_db()
    assert result.games[0].flags == {grant.pk: game1.outcome["flags"]["confederate"],
                                     lee.pk: game1.outcome["flags"]["union"]}
    # Each won one game as the Confederates by a claim, with the flags the Confederates need.
    table = standings(2026, [result], Window(0))
    needed = result.games[0].flags[grant.pk]
    assert needed > 0 and result.games[1].flags[lee.pk] == needed
    assert [(s.rank, s.player, s.points, s.flags) for s in table] == [
        (1, lee.pk, 1, needed), (1, grant.pk, 1, needed)]          # level on all three: shared
    # In UTC the match began on the 18th: one day off, outside a window of 0 days.
    [utc] = match_results(annual_matches(), "UTC")
    assert utc.played_on == dt.date(2026, 9, 18)
    assert standings(2026, [utc], Window(0)) == []


def test_unfinished_games_and_other_scenarios(lee, grant, meade):
    match, _ = start_match(lee, grant, make_scenario(slug="shiloh"), side="union")
    start_match(lee, meade, make_scenario(), side="union")               # not on the list
    services.create_challenge(grant, meade, make_scenario(slug="antietam"))  # not begun
    [result] = match_results(annual_matches(), "UTC")
    assert result.battle == 5 and result.games == ()
