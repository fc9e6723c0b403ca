"""A friendly, chosen on the challenge or seek form or through the API, is played like any
match and rated never; the match page and the finished matches say so (docs/ratings.md,
"What is rated"; docs/rulings.md RT5)."""
from __future__ import annotations

import pytest

from games.models import Match
from ratings.method import member
from ratings.models import RatedResult, Rating
from ratings.sources import FRIENDLY
from tests.api.helpers import token_client
from tests.play_helpers import make_scenario, start_match
from tests.ratings.test_what_is_rated import resign_games

pytestmark = pytest.mark.django_db


@pytest.fixture
def lee_and_grant(django_user_model):
    return tuple(django_user_model.objects.create_user(n) for n in ("lee", "grant"))


def test_a_friendly_challenged_on_the_page_is_played_and_not_rated(client, lee_and_grant):
    lee, grant = lee_and_grant
    scenario = make_scenario()
    client.force_login(lee)
    assert 'name="c-friendly"' in client.get("/play/").content.decode()
    sent = client.post("/play/challenge/", {"c-opponent": "grant", "c-scenario": scenario.pk,
                                            "c-side": "union", "c-deadline_hours": 72, "c-friendly": "on"})
    assert sent.status_code == 303
    match = Match.objects.get()
    client.force_login(grant)
    assert "a friendly (not rated)" in client.get("/play/").content.decode()   # the challenge received
    assert client.post(f"/play/matches/{match.pk}/accept/").status_code in (302, 303)
    resign_games(match, [grant, grant])
    assert match.status == Match.Status.FINISHED
    result = RatedResult.objects.get(key=f"match:{match.pk}")
    assert not result.rated and result.why == FRIENDLY
    assert [g["why"] for g in result.games] == [FRIENDLY, FRIENDLY]
    assert not Rating.objects.exists()
    page = client.get(f"/play/matches/{match.pk}/").content.decode()
    assert "No: a friendly, neither game moves a rating" in page and "Ratings:" not in page
    assert "A friendly: not rated." in client.get("/play/").content.decode()  # the finished matches

    # the same two, the same result, without the box: rated
    rated, _ = start_match(lee, grant)
    resign_games(rated, [grant, grant])
    assert Rating.objects.get(subject=member(lee.pk)).games == 2
    page = client.get(f"/play/matches/{rated.pk}/").content.decode()
    assert "No: a friendly" not in page and "Ratings: " in page


def test_a_friendly_seek_through_the_api_says_so_and_is_not_rated(lee_and_grant):
    lee, grant = lee_and_grant
    make_scenario()
    posted = token_client(lee).post("/api/v1/matches/seeks/", {"scenario": "bench-field", "friendly": True},
                                    format="json")
    assert posted.status_code == 201 and posted.json()["friendly"] is True
    joined = token_client(grant).post(f"/api/v1/matches/{posted.json()['id']}/join/")
    assert joined.status_code == 200 and joined.json()["friendly"] is True
    match = Match.objects.get(pk=posted.json()["id"])
    resign_games(match, [grant, lee])
    assert RatedResult.objects.get(key=f"match:{match.pk}").why == FRIENDLY
    assert not Rating.objects.exists()
    assert token_client(grant).get(f"/api/v1/ratings/members/{lee.username}/").json()["ratings"] == []
    # a challenge through the API is rated unless it says otherwise
    made = token_client(lee).post("/api/v1/matches/challenges/", {"opponent": "grant", "scenario": "bench-field"},
                                  format="json")
    assert made.status_code == 201 and made.json()["friendly"] is False
