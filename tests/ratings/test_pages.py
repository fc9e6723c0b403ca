"""The ratings on the pages: the member's history plot, the club leaderboard and its
filters, the rating change on the match page, the expected result on the challenge form."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as games
from ratings.method import PROVISIONAL_GAMES, member
from ratings.models import Rating
from tests.play_helpers import make_scenario, start_match
from tests.ratings.helpers import next_round, report_and_confirm, table_league
from tests.ratings.test_what_is_rated import resign_games

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    """A league of four at the table, five rounds (every player 10 rated games)."""
    club, comp, players = table_league(n=4, prefix="pg", double_round_robin=True)
    for _ in range(5):
        rnd = next_round(comp, players[0])
        for p in rnd.pairings.all():
            report_and_confirm(p, home_wins=(p.home_id < p.away_id, True))
    return club, comp, players


def test_the_leaderboard_lists_members_best_first_and_filters_by_activity(client, season):
    club, comp, players = season
    client.force_login(players[1])
    page = client.get(f"/ratings/clubs/{club.slug}/").content.decode()
    shown = sorted(Rating.objects.filter(kind="member"), key=lambda r: (-r.shown, r.subject))
    assert all(r.games >= PROVISIONAL_GAMES for r in shown)
    positions = [page.index(f"/ratings/members/{r.member.username}/") for r in shown]
    assert positions == sorted(positions)
    assert f"<td>{shown[0].shown}</td>" in page
    # someone inactive for four months drops out of "active in the last 3 months"
    Rating.objects.filter(subject=member(players[3].pk)).update(last_played=timezone.now() - timedelta(days=120))
    board = client.get(f"/ratings/clubs/{club.slug}/?months=3", HTTP_HX_REQUEST="true").content.decode()
    assert board.startswith('\n<div id="leaderboard">') or 'id="leaderboard"' in board[:60]
    assert f"/ratings/members/{players[3].username}/" not in board
    assert f"/ratings/members/{players[2].username}/" in board


def test_a_private_clubs_leaderboard_is_its_members_only(client, season, django_user_model):
    club, comp, players = season
    client.force_login(django_user_model.objects.create_user("outsider"))
    assert client.get(f"/ratings/clubs/{club.slug}/").status_code == 404


def test_the_member_page_and_the_profile_show_the_rating_and_its_plot(client, season):
    club, comp, players = season
    client.force_login(players[0])
    rating = Rating.objects.get(subject=member(players[1].pk))
    page = client.get(f"/ratings/members/{players[1].username}/").content.decode()
    assert f'<span class="rating-now">{rating.shown}</span>' in page
    assert '<svg class="rating-plot" viewBox=' in page and "<polyline" in page
    assert page.count("<tr><td>") == 10      # the latest ten rated games
    profile = client.get("/accounts/profile/").content.decode()
    assert 'id="ratings"' in profile and '<svg class="rating-plot"' in profile


def test_the_match_page_shows_how_the_ratings_moved(client, django_user_model):
    lee, grant = (django_user_model.objects.create_user(n) for n in ("lee", "grant"))
    match, _ = start_match(lee, grant)
    resign_games(match, [grant, grant])
    client.force_login(lee)
    page = client.get(f"/play/matches/{match.pk}/").content.decode()
    lee_now = Rating.objects.get(subject=member(lee.pk)).shown
    grant_now = Rating.objects.get(subject=member(grant.pk)).shown
    assert lee_now > 1000 > grant_now
    assert f"Ratings: lee +{lee_now - 1000}, grant {grant_now - 1000}." in page


def test_the_challenge_form_says_what_to_expect(client, django_user_model):
    lee, grant = (django_user_model.objects.create_user(n) for n in ("lee", "grant"))
    for _ in range(2):
        match, _ = start_match(lee, grant)
        resign_games(match, [grant, grant])
    client.force_login(lee)
    sc = make_scenario()
    page = client.get(f"/play/new/?opponent=grant&scenario={sc.slug}").content.decode()
    assert 'id="expected-result"' in page
    import re
    percent = int(re.search(r"expected to win (\d+)% of the games against grant", page).group(1))
    assert 50 < percent < 100
    fragment = client.get("/ratings/expected/", {"c-opponent": "lee", "c-scenario": sc.pk},
                          HTTP_HX_REQUEST="true").content.decode()
    assert fragment.count("expected-result") == 1
    assert "expected to win" not in fragment          # lee challenging lee: nothing to compare
    client.force_login(grant)
    fragment = client.get("/ratings/expected/", {"c-opponent": "lee", "c-scenario": sc.pk}).content.decode()
    other = int(re.search(r"expected to win (\d+)% of the games against lee", fragment).group(1))
    assert abs(other + percent - 100) <= 1


def test_the_leaderboard_comes_a_page_at_a_time(client, season, monkeypatch):
    from ratings.views import leaderboard
    club, comp, players = season
    monkeypatch.setattr(leaderboard, "PER_PAGE", 3)
    client.force_login(players[0])
    first = client.get(f"/ratings/clubs/{club.slug}/").content.decode()
    second = client.get(f"/ratings/clubs/{club.slug}/?page=2").content.decode()
    assert "1–3 of 4" in first and "Next 3" in first and "4–4 of 4" in second
    assert "<td>4</td>" in second and "<td>1</td>" not in second


def test_the_solo_page_shows_how_strong_each_level_is(client, django_user_model):
    lee = django_user_model.objects.create_user("lee")
    match = games.start_solo(lee, make_scenario(), "veteran")
    resign_games(match, [lee, lee])
    client.force_login(lee)
    page = client.get("/play/solo/").content.decode()
    veteran = Rating.objects.get(subject="archie:veteran")
    assert f"<td>Veteran</td><td>{veteran.shown} (provisional)</td><td>2</td>" in page
