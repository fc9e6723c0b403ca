"""The ratings through the API: the same numbers as the pages, the club's privacy, and
query parameters refused as the schema states."""
from __future__ import annotations

import pytest

from ratings.method import member
from ratings.models import Rating
from tests.ratings.helpers import next_round, report_and_confirm, table_league

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated():
    club, comp, players = table_league(n=4, prefix="api")
    for _ in range(3):
        for p in next_round(comp, players[0]).pairings.all():
            report_and_confirm(p, home_wins=(True, p.table == 1))
    return club, players


def test_a_members_ratings_and_history(client, rated):
    club, (a, b, c, d) = rated
    client.force_login(c)
    body = client.get(f"/api/v1/ratings/members/{a.username}/").json()
    mine = Rating.objects.get(subject=member(a.pk))
    assert body["username"] == a.username
    assert body["ratings"] == [{"ruleset": mine.pool.ruleset, "mode": "duel", "rating": mine.shown,
                                "mu": mine.mu, "sigma": mine.sigma, "games": 6, "provisional": True,
                                "last_played": body["ratings"][0]["last_played"]}]
    history = client.get(f"/api/v1/ratings/members/{a.username}/history/").json()
    assert history["count"] == 6
    assert history["results"][0]["rating_after"] == mine.shown
    assert sum(r["change"] for r in history["results"]) == mine.shown - 1000
    assert client.get(f"/api/v1/ratings/members/{a.username}/history/?mode=solo").json()["code"] == "invalid"
    client.logout()
    assert client.get(f"/api/v1/ratings/members/{a.username}/").status_code == 401


def test_the_leaderboard_follows_the_clubs_privacy(client, rated, django_user_model):
    club, players = rated
    client.force_login(players[1])
    rows = client.get(f"/api/v1/ratings/clubs/{club.slug}/?provisional=true").json()["results"]
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)
    assert {r["username"] for r in rows} == {p.username for p in players}
    assert client.get(f"/api/v1/ratings/clubs/{club.slug}/").json()["count"] == 0   # all provisional
    assert client.get(f"/api/v1/ratings/clubs/{club.slug}/?months=2").json()["code"] == "invalid"
    client.force_login(django_user_model.objects.create_user("stranger"))
    assert client.get(f"/api/v1/ratings/clubs/{club.slug}/").status_code == 404
    client.logout()
    assert client.get(f"/api/v1/ratings/clubs/{club.slug}/").status_code == 404


def test_the_expected_result_of_a_challenge(client, rated):
    club, (a, b, c, d) = rated
    client.force_login(a)
    body = client.get(f"/api/v1/ratings/expected/?opponent={b.username}").json()
    mine, theirs = (Rating.objects.get(subject=member(u.pk)) for u in (a, b))
    assert (body["percent"] > 50) == (mine.mu > theirs.mu) and body["games"] == 6
    assert client.get(f"/api/v1/ratings/expected/?opponent={a.username}").json()["code"] == "invalid"
