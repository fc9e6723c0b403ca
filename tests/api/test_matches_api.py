"""Challenges, seeks and their answers through the API: the lobby's service functions, with
the same checks, for each kind of requester."""
from __future__ import annotations

import pytest

from games import services
from games.models import Game, Match
from tests.api.helpers import anonymous, token_client
from tests.play_helpers import make_scenario, start_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def scenario():
    return make_scenario()


def challenge(client, opponent="grant", **terms):
    body = {"opponent": opponent, "scenario": "bench-field", "side": "union", **terms}
    return client.post("/api/v1/matches/challenges/", body, format="json")


def test_challenge_and_accept_starts_game_one(scenario, lee, grant):
    response = challenge(token_client(lee), message="At dawn", deadline_hours=24, nightfall=True)
    assert response.status_code == 201, response.content
    match = response.json()
    assert (match["status"], match["challenger"]["username"], match["opponent"]["username"]) == (
        "challenge", "lee", "grant")
    assert match["nightfall"] is True and match["deadline_hours"] == 24 and match["games"] == []
    accepted = token_client(grant).post(f"/api/v1/matches/{match['id']}/accept/")
    assert accepted.status_code == 200
    body = accepted.json()
    assert body["status"] == "active" and len(body["games"]) == 1
    game = body["games"][0]
    assert game["union"]["username"] == "lee" and game["confederate"]["username"] == "grant"
    assert [(seat["name"], seat["side"], seat["holder"], seat["member"]["username"], seat["archie_level"])
            for seat in game["seats"]] == [("union", "union", "member", "lee", ""),
                                           ("confederate", "confederate", "member", "grant", "")]


@pytest.mark.parametrize("terms, field", [
    ({"opponent": "nobody"}, "opponent"), ({"scenario": "atlantis"}, "scenario"),
    ({"side": "martian"}, "side"), ({"deadline_hours": 5}, "deadline_hours"),
    ({"message": "x" * 201}, "message"), ({"nightfall": "perhaps"}, "nightfall"),
])
def test_challenge_terms_are_checked_like_the_form(scenario, lee, grant, terms, field):
    response = challenge(token_client(lee), **terms)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert [e["field"] for e in response.json()["errors"]] == [field]


def test_a_member_cannot_challenge_themselves(scenario, lee):
    response = challenge(token_client(lee), opponent="lee")
    assert response.status_code == 409
    assert response.json() == {"code": "refused", "message": "You cannot challenge yourself."}


@pytest.mark.parametrize("step, who, status, code", [
    ("accept", "anonymous", 401, "not_authenticated"),
    ("accept", "meade", 404, "not_found"),            # a challenge is private to its two members
    ("accept", "lee", 403, "not_a_player"),
    ("decline", "lee", 403, "not_a_player"),
    ("withdraw", "grant", 403, "not_a_player"),
    ("join", "grant", 409, "refused"),
    ("decline", "grant", 200, None),
    ("withdraw", "lee", 200, None),
])
def test_answering_a_challenge(scenario, lee, grant, meade, step, who, status, code):
    match = challenge(token_client(lee)).json()
    users = {"lee": lee, "grant": grant, "meade": meade}
    client = anonymous() if who == "anonymous" else token_client(users[who])
    response = client.post(f"/api/v1/matches/{match['id']}/{step}/")
    assert response.status_code == status, response.content
    if code:
        assert response.json()["code"] == code
        assert Match.objects.get(pk=match["id"]).status == "challenge"
    else:
        assert response.json()["status"] == {"decline": "declined", "withdraw": "cancelled"}[step]


def test_a_challenge_answered_twice_is_refused(scenario, lee, grant):
    match = challenge(token_client(lee)).json()
    client = token_client(grant)
    assert client.post(f"/api/v1/matches/{match['id']}/decline/").status_code == 200
    again = client.post(f"/api/v1/matches/{match['id']}/accept/")
    assert again.status_code == 409
    assert again.json()["message"] == "This challenge is no longer open."


def test_open_seeks_are_listed_and_joined(scenario, lee, grant, meade):
    posted = token_client(lee).post("/api/v1/matches/seeks/", {"scenario": "bench-field"}, format="json")
    assert posted.status_code == 201 and posted.json()["status"] == "seek"
    seeks = anonymous().get("/api/v1/matches/?status=seek").json()["results"]
    assert [m["id"] for m in seeks] == [posted.json()["id"]]
    assert token_client(lee).post(f"/api/v1/matches/{seeks[0]['id']}/join/").json()["code"] == "refused"
    joined = token_client(grant).post(f"/api/v1/matches/{seeks[0]['id']}/join/")
    assert joined.status_code == 200 and joined.json()["opponent"]["username"] == "grant"
    late = token_client(meade).post(f"/api/v1/matches/{seeks[0]['id']}/join/")
    assert late.status_code == 409 and "already taken up" in late.json()["message"]


def test_private_matches_are_listed_only_for_their_members(scenario, lee, grant, meade):
    match = challenge(token_client(lee)).json()
    assert [m["id"] for m in token_client(grant).get("/api/v1/matches/").json()["results"]] == [match["id"]]
    assert token_client(meade).get("/api/v1/matches/").json()["results"] == []
    assert anonymous().get(f"/api/v1/matches/{match['id']}/").status_code == 404
    mine = token_client(lee).get("/api/v1/matches/?mine=true&role=challenger").json()["results"]
    assert [m["id"] for m in mine] == [match["id"]]
    assert token_client(lee).get("/api/v1/matches/?role=opponent").json()["results"] == []


def test_writes_need_a_login(scenario):
    assert anonymous().post("/api/v1/matches/seeks/", {"scenario": "bench-field"}, format="json").status_code == 401


def test_match_results_are_public(scenario, lee, grant):
    match, game = start_match(lee, grant, side="union")
    for number in (1, 2):
        g = match.games.get(number=number)
        Game.objects.filter(pk=g.pk).update(deadline="2020-01-01T00:00:00Z")
        waiting = g.player_of("union") if g.deciding == "confederate" else g.player_of("confederate")
        services.claim_timeout(g.pk, waiting)
    results = anonymous().get("/api/v1/matches/?status=finished").json()["results"]
    assert len(results) == 1
    r = results[0]
    assert r["status"] == "finished" and r["winner"] is not None and r["decided_by"]
    assert r["challenger_flags"] is not None and len(r["games"]) == 2
