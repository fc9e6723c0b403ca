"""Each deadline shows the time left before it, in words: on the game and match pages, in
the lobby and on My next games."""
from __future__ import annotations

import datetime as dt
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game
from games.templatetags.time_left import time_left_words
from tests.play_helpers import start_match
from tests.tournaments.helpers import make_club, make_competition, make_players
from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.django_db
LEFT = timedelta(days=3, hours=4, minutes=20)


@pytest.mark.parametrize("left, words", [
    (timedelta(days=3, hours=4, minutes=20), "3 days 4 hours left"),
    (timedelta(days=1, minutes=5), "1 day left"),
    (timedelta(hours=5, minutes=10, seconds=30), "5 hours 10 minutes left"),
    (timedelta(hours=1), "1 hour left"),
    (timedelta(minutes=12, seconds=59), "12 minutes left"),
    (timedelta(seconds=40), "less than a minute left"),
    (timedelta(seconds=-5), "time is up"),
])
def test_time_left_in_words(left, words):
    now = dt.datetime(2026, 11, 26, 12, tzinfo=dt.timezone.utc)
    assert time_left_words(now + left, now) == words


@pytest.fixture
def game(lee, grant):
    _, game = start_match(lee, grant, side="union")
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() + LEFT)
    game.refresh_from_db()
    return game


def test_the_game_page_shows_the_time_left_to_both_players(client, game, lee, grant):
    for user in (lee, grant):     # lee is to move, grant waits
        client.force_login(user)
        html = client.get(f"/play/games/{game.pk}/").content.decode()
        status = html.split('class="status', 1)[1].split("</div>", 1)[0]
        assert "(3 days 4 hours left)" in status, user


def test_the_match_page_and_the_lobby_show_the_time_left(client, game, lee, grant):
    client.force_login(grant)
    assert "(3 days 4 hours left)" in client.get(f"/play/matches/{game.match_id}/").content.decode()
    for user in (lee, grant):     # in "Your move" for lee, in "Waiting for your opponent" for grant
        client.force_login(user)
        assert "(3 days 4 hours left)" in client.get("/play/").content.decode(), user


def test_my_next_games_shows_the_time_left_in_the_round(client, lee):
    players = make_players(2)
    comp = make_competition(make_club(lee, players), lee, players, mode="table")
    rnd = services.publish_round(services.draft_round(comp, lee), lee)
    Round.objects.filter(pk=rnd.pk).update(deadline=timezone.now() + LEFT)
    client.force_login(players[0])
    assert "(3 days 4 hours left)" in client.get("/leagues/mine/").content.decode()
