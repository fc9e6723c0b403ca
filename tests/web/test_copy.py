"""Words on the pages, e-mails and feeds read as plain sentences to a newcomer."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone
from icalendar import Calendar

from accounts.models import Profile
from games import services as game_services
from games import tasks
from games.models import Game
from tests.play_helpers import make_scenario, start_match
from tests.tournaments.helpers import make_club, make_competition, make_players
from tournaments import services

pytestmark = pytest.mark.django_db

REPORT = {"game1_winner": "home", "game1_flags_home": 6, "game1_flags_away": 2,
          "game2_winner": "away", "game2_flags_home": 4, "game2_flags_away": 6}


def test_a_reported_result_says_who_is_to_confirm_it(client, lee):
    players = make_players(2)
    comp = make_competition(make_club(lee, players), lee, players, mode="table", name="Winter league")
    rnd = services.publish_round(services.draft_round(comp, lee), lee)
    p = rnd.pairings.select_related("home__profile", "away__profile").get()
    client.force_login(p.home)
    assert client.post(f"/leagues/pairings/{p.pk}/report/", REPORT).status_code == 303
    html = client.get(f"/leagues/pairings/{p.pk}/").content.decode()
    result = html.split('id="result">', 1)[1].split("</dd>", 1)[0]
    assert f"reported by {p.home.profile.name}, waiting for {p.away.profile.name} to confirm" in result
    assert "confirm by" not in result


def test_the_result_to_confirm_email_says_in_round_1(client, lee, django_capture_on_commit_callbacks):
    players = make_players(2)
    comp = make_competition(make_club(lee, players), lee, players, mode="table", name="Winter league")
    rnd = services.publish_round(services.draft_round(comp, lee), lee)
    p = rnd.pairings.select_related("home__profile", "away__profile").get()
    client.force_login(p.home)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/leagues/pairings/{p.pk}/report/", REPORT)
    asked = next(m for m in mail.outbox if m.to == [p.away.email])
    assert "your match in round 1 of Winter league" in asked.body
    assert "in the round" not in asked.body


def test_a_random_side_is_not_shown_as_a_side_on_the_match_page(client, lee, grant):
    scenario = make_scenario()
    match = game_services.create_challenge(lee, grant, scenario, side="random")
    client.force_login(grant)
    html = client.get(f"/play/matches/{match.pk}/").content.decode()
    assert "plays random" not in html
    assert "side in game 1 drawn at random" in html


def _feed(client, user):
    client.force_login(user)
    client.get("/accounts/profile/")
    client.logout()
    token = Profile.objects.get(user=user).feed_token
    body = client.get(f"/calendar/feeds/{token}.ics").content
    return [e for e in Calendar.from_ical(body).walk("VEVENT") if "Your move" in str(e["SUMMARY"])]


def test_the_private_feed_does_not_tell_a_solo_player_that_archie_may_claim(client, lee, grant):
    solo = game_services.start_solo(lee, make_scenario(), "recruit")
    assert solo.current_game().deciding_player == lee
    [move] = _feed(client, lee)
    assert "claim" not in str(move["DESCRIPTION"])
    # Against a member, the warning stays.
    start_match(grant, lee, side="union")
    moves = _feed(client, grant)
    assert any("your opponent may claim the game" in str(m["DESCRIPTION"]) for m in moves)


def test_the_reminder_to_a_solo_player_does_not_speak_of_a_claim(lee):
    solo = game_services.start_solo(lee, make_scenario(), "recruit")
    game = solo.current_game()
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() + timedelta(hours=2))
    mail.outbox.clear()
    assert tasks.send_reminders() == 1
    assert "claim" not in mail.outbox[0].body
