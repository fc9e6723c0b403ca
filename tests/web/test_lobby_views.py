"""The lobby: challenges, seeks, "my matches"; the match page; the new-match page."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Game, Match
from tests.play_helpers import make_scenario, start_match

pytestmark = pytest.mark.django_db


def challenge_data(scenario, opponent="grant", **kw):
    data = {"c-opponent": opponent, "c-scenario": scenario.pk, "c-side": "union",
            "c-deadline_hours": 48, "c-message": "At dawn"}
    data.update({f"c-{k}": v for k, v in kw.items()})
    return data


def test_lobby_for_visitors_lists_seeks_and_asks_to_log_in(client, lee):
    services.post_seek(lee, make_scenario())
    html = client.get("/play/").content.decode()
    assert "Open seeks" in html and "Bench field" in html and "Log in" in html
    assert "Challenge a member" not in html


def test_the_menu_links_to_the_lobby(client):
    assert 'href="/play/">Play<span id="turn-count" data-count="0"></span></a>' in client.get("/").content.decode()


def test_challenge_from_the_lobby_then_accept(client, lee, grant):
    sc = make_scenario()
    client.force_login(lee)
    html = client.get("/play/").content.decode()
    assert "Challenge a member" in html and 'list="opponent-options"' in html
    # typing in the opponent box asks the site for suggestions (never yourself)
    options = client.get("/play/members/", {"c-opponent": "gr"},
                         HTTP_HX_REQUEST="true").content.decode()
    assert '<option value="grant">' in options and '<option value="lee">' not in options
    r = client.post("/play/challenge/", challenge_data(sc, nightfall="on"))
    match = Match.objects.get()
    assert r.status_code == 303 and r["Location"] == f"/play/matches/{match.pk}/"
    assert match.opponent == grant and match.options == {"nightfall": True} and match.deadline_hours == 48
    assert "Waiting for grant to answer" in client.get(r["Location"]).content.decode()
    assert "no answer yet" in client.get("/play/").content.decode()

    client.force_login(grant)
    html = client.get("/play/").content.decode()
    assert "challenges you" in html and "At dawn" in html and "with Nightfall" in html
    r = client.post(f"/play/matches/{match.pk}/accept/")
    game = Game.objects.get()
    assert r.status_code == 303 and r["Location"] == f"/play/games/{game.pk}/"
    html = client.get("/play/").content.decode()
    assert "Waiting for your opponent" in html and "lee is to play a command card" in html
    client.force_login(lee)
    html = client.get("/play/").content.decode()
    assert 'class="your-turn"' in html and f"/play/games/{game.pk}/" in html


def test_challenge_form_errors(client, lee):
    sc = make_scenario()
    client.force_login(lee)
    r = client.post("/play/challenge/", challenge_data(sc, opponent="nobody"))
    assert r.status_code == 400 and not Match.objects.exists()
    r = client.post("/play/challenge/", challenge_data(sc, opponent="lee"))
    assert r.status_code == 400
    r = client.post("/play/challenge/", challenge_data(sc, deadline_hours=5))
    assert r.status_code == 400
    assert client.get("/play/challenge/").status_code == 200


def test_pages_that_change_things_need_a_login(client, lee):
    sc = make_scenario()
    r = client.post("/play/challenge/", challenge_data(sc))
    assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")
    r = client.post("/play/seek/", {"s-scenario": sc.pk})
    assert r.status_code == 302
    seek = services.post_seek(lee, sc)
    r = client.post(f"/play/matches/{seek.pk}/join/")
    assert r.status_code == 303 and r["Location"].startswith("/accounts/login/")
    assert Match.objects.get(pk=seek.pk).status == Match.Status.SEEK


def test_decline_and_withdraw(client, lee, grant, meade):
    sc = make_scenario()
    m1 = services.create_challenge(lee, grant, sc)
    m2 = services.create_challenge(lee, grant, sc)
    client.force_login(meade)
    r = client.post(f"/play/matches/{m1.pk}/decline/", follow=True)
    assert r.status_code == 404     # a challenge between two others is not shown to a third
    assert Match.objects.get(pk=m1.pk).status == Match.Status.CHALLENGE
    client.force_login(grant)
    client.post(f"/play/matches/{m1.pk}/decline/")
    client.force_login(lee)
    client.post(f"/play/matches/{m2.pk}/withdraw/")
    assert Match.objects.get(pk=m1.pk).status == Match.Status.DECLINED
    assert Match.objects.get(pk=m2.pk).status == Match.Status.CANCELLED
    r = client.post(f"/play/matches/{m1.pk}/accept/", follow=True)
    assert "no longer open" in r.content.decode() or "Only the member" in r.content.decode()
    assert client.get(f"/play/matches/{m1.pk}/accept/").status_code == 405


def test_seek_post_and_join(client, lee, grant):
    sc = make_scenario()
    client.force_login(lee)
    r = client.post("/play/seek/", {"s-scenario": sc.pk, "s-side": "confederate",
                                    "s-deadline_hours": 24})
    seek = Match.objects.get()
    assert r.status_code == 303 and seek.status == Match.Status.SEEK
    html = client.get("/play/").content.decode()
    assert "seeks an opponent" in html and "Withdraw" in html
    r = client.post(f"/play/matches/{seek.pk}/join/", follow=True)
    assert "your own seek" in r.content.decode()
    client.force_login(grant)
    assert "Join" in client.get("/play/").content.decode()
    r = client.post(f"/play/matches/{seek.pk}/join/")
    game = Game.objects.get()
    assert r["Location"] == f"/play/games/{game.pk}/"
    assert game.player_of("union") == grant and game.player_of("confederate") == lee


def test_new_match_page_for_a_scenario(client, lee):
    sc = make_scenario()
    client.force_login(lee)
    r = client.get(f"/play/new/?scenario={sc.slug}")
    html = r.content.decode()
    assert r.status_code == 200 and f'<option value="{sc.pk}" selected>' in html
    assert "Challenge a member" in html and "open seek" in html


def test_match_page_shows_games_and_the_result(client, lee, grant, meade):
    match, game = start_match(lee, grant)
    client.force_login(meade)
    html = client.get(f"/play/matches/{match.pk}/").content.decode()
    assert "Game 1" in html and "lee is to play a command card" in html
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    services.claim_timeout(game.pk, grant)
    game2 = match.games.get(number=2)
    Game.objects.filter(pk=game2.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    services.claim_timeout(game2.pk, lee)
    match.refresh_from_db()
    html = client.get(f"/play/matches/{match.pk}/").content.decode()
    assert "wins the match" in html and "Figures eliminated" in html and "replay" in html
    client.force_login(lee)
    html = client.get("/play/").content.decode()
    assert "Finished matches" in html and "Bench field" in html
    assert client.get("/play/matches/999999/").status_code == 404


def test_scenario_menus_tell_battles_of_one_name_apart(client, lee):
    from tests.play_helpers import make_scenario
    make_scenario(slug="gettysburg-devils-den")
    make_scenario(slug="gettysburg-picketts-charge")
    client.force_login(lee)
    html = client.get("/play/").content.decode()
    assert "Gettysburg: 2nd Day: Devil&#x27;s Den &amp; Wheatfield</option>" in html
    assert "Gettysburg: 3rd Day: Pickett&#x27;s Charge</option>" in html
