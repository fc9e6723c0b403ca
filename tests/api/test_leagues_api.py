"""Clubs, competitions, rounds, pairings, tabletop results and standings through the API:
each step through the league services, with the pages' checks (only organisers pair,
publish and correct; players report, confirm and dispute only their own matches; a private
club's competitions only for its members; a draft only for its organisers)."""
from __future__ import annotations

import pytest

from tournaments.models import Pairing, Round

pytestmark = pytest.mark.django_db

SCORES = {"game1_winner": "home", "game1_flags_home": 5, "game1_flags_away": 2,
          "game2_winner": "home", "game2_flags_home": 4, "game2_flags_away": 3}


def p_url(league, rest=""):
    return f"/api/v1/pairings/{league.pairing.pk}/{rest}"


def c_url(league, rest=""):
    return f"/api/v1/competitions/{league.comp.pk}/{rest}"


def standings(league, role="player"):
    return league.clients[role].get(c_url(league, "standings/")).json()


def test_a_result_reported_and_confirmed_counts_in_the_standings(league):
    before = standings(league)
    assert [ln["played"] for ln in before["lines"]] == [0, 0]
    reported = league.clients["player"].post(p_url(league, "report/"), SCORES, format="json")
    assert reported.status_code == 200, reported.content
    assert reported.json()["result"] == "reported" and reported.json()["score"] == "2–0 (flags 9–5)"
    assert standings(league)["lines"][0]["played"] == 0                 # not until confirmed
    confirmed = league.clients["opponent"].post(p_url(league, "confirm/"), format="json").json()
    assert confirmed["result"] == "confirmed"
    assert [c["action"] for c in confirmed["changes"]] == ["reported", "confirmed"]
    table = standings(league)
    top = table["lines"][0]
    assert top["player"]["username"] == league.home.username and top["rank"] == 1
    assert top["won"] == 1 and top["metrics"]["games_won"] == 2 and top["metrics"]["flags_for"] == 9
    assert [c["key"] for c in table["columns"]][:3] == ["games_won", "flags_for", "head_to_head"]


def test_a_disputed_result_is_decided_by_an_organiser(league):
    league.clients["player"].post(p_url(league, "report/"), SCORES, format="json")
    disputed = league.clients["opponent"].post(p_url(league, "dispute/"), {"note": "I won game 2"},
                                               format="json").json()
    assert disputed["result"] == "disputed" and disputed["dispute_note"] == "I won game 2"
    fixed = dict(SCORES, game2_winner="away", game2_flags_home=3, game2_flags_away=6, note="Checked the sheet")
    refused = league.clients["player"].post(p_url(league, "result/"), fixed, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "not_organiser"
    decided = league.clients["organiser"].post(p_url(league, "result/"), fixed, format="json").json()
    assert decided["result"] == "resolved" and decided["score"] == "1–1 (flags 8–8)"
    assert decided["changes"][-1]["note"] == "Checked the sheet"


def test_a_player_cannot_confirm_their_own_report(league):
    league.clients["player"].post(p_url(league, "report/"), SCORES, format="json")
    response = league.clients["player"].post(p_url(league, "confirm/"), format="json")
    assert response.status_code == 409 and response.json()["code"] == "refused"
    assert "opponent" in response.json()["message"]


@pytest.mark.parametrize("body, field", [
    (dict(SCORES, game1_winner="union"), "game1_winner"),
    (dict(SCORES, game1_flags_home=13), "game1_flags_home"),
    (dict(SCORES, game2_flags_away=-1), "game2_flags_away"),
    ({k: v for k, v in SCORES.items() if k != "game2_winner"}, "game2_winner"),
    (dict(SCORES, figures_home="many"), "figures_home"),
])
def test_malformed_scores_name_the_field(league, body, field):
    response = league.clients["player"].post(p_url(league, "report/"), body, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid"
    assert field in [e["field"] for e in response.json()["errors"]]
    assert Pairing.objects.get(pk=league.pairing.pk).result == "none"


def test_scores_that_contradict_the_winner_are_refused_with_the_pages_words(league):
    response = league.clients["player"].post(p_url(league, "report/"), dict(SCORES, game1_flags_home=1),
                                             format="json")
    assert response.status_code == 409
    assert response.json()["message"].startswith("Game 1: the winner must have taken more flags")


def test_a_body_that_is_not_json_is_refused(league):
    response = league.clients["player"].post(p_url(league, "report/"), "{not json",
                                             content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "malformed"


def test_an_organiser_drafts_round_two_which_players_do_not_see_until_published(league):
    from tests.tournaments.helpers import make_players
    from tournaments import services
    # a Swiss tournament, so that later rounds exist
    newcomers = make_players(2)
    for user in newcomers:
        services.join_by_invitation(league.club, user, league.club.invite_token)
    created = league.clients["organiser"].post("/api/v1/competitions/", {
        "club": league.club.slug, "name": "Summer Swiss", "kind": "tournament", "swiss_rounds": 3,
        "mode": "table", "scenarios": ["bench-field"]}, format="json")
    assert created.status_code == 201, created.content
    comp = created.json()
    url = f"/api/v1/competitions/{comp['id']}/"
    for user in [league.home, league.away, *newcomers]:
        added = league.clients["organiser"].post(url + "players/", {"username": user.username}, format="json")
        assert added.status_code == 201
    draft = league.clients["organiser"].post(url + "rounds/draft/", {}, format="json")
    assert draft.status_code == 201 and draft.json()["status"] == "draft" and len(draft.json()["pairings"]) == 2
    assert league.clients["player"].get(url + "rounds/").json()["results"] == []
    mine = league.clients["player"].get("/api/v1/pairings/?mine=1").json()["results"]
    assert [p["competition"] for p in mine] == [league.comp.pk]
    assert len(league.clients["organiser"].get(url + "rounds/").json()["results"]) == 1
    published = league.clients["organiser"].post(url + "rounds/publish/", format="json")
    assert published.status_code == 200 and published.json()["status"] == "published"
    assert Round.objects.get(competition_id=comp["id"]).status == "published"
    assert [r["number"] for r in league.clients["player"].get(url + "rounds/").json()["results"]] == [1]


def test_a_private_clubs_competitions_are_hidden_from_outsiders(league):
    listed = league.clients["outsider"].get("/api/v1/competitions/").json()["results"]
    assert listed == []
    club = league.clients["outsider"].get(f"/api/v1/clubs/{league.club.slug}/").json()
    assert club["can_read"] is False and club["members"] is None and club["competitions"] is None
    member_view = league.clients["player"].get(f"/api/v1/clubs/{league.club.slug}/").json()
    assert {m["member"]["username"] for m in member_view["members"]} == {"lee", "grant", "meade"}
    assert member_view["pending"] is None
    assert league.clients["outsider"].get("/api/v1/pairings/").json()["results"] == []


def test_asking_to_join_and_being_approved(league):
    asked = league.clients["outsider"].post(f"/api/v1/clubs/{league.club.slug}/ask/", format="json")
    assert asked.status_code == 200 and asked.json()["status"] == "pending"
    pending = league.clients["organiser"].get(f"/api/v1/clubs/{league.club.slug}/").json()["pending"]
    assert [m["member"]["username"] for m in pending] == ["sherman"]
    approved = league.clients["organiser"].post(f"/api/v1/clubs/{league.club.slug}/approve/",
                                                {"username": "sherman"}, format="json")
    assert approved.json()["status"] == "active"
    assert league.clients["outsider"].get(c_url(league)).status_code == 200


def test_only_organisers_see_and_renew_the_invitation(league):
    url = f"/api/v1/clubs/{league.club.slug}/"
    assert league.clients["player"].get(url).json()["invitation"] is None
    old = league.clients["organiser"].get(url).json()["invitation"]
    assert old == league.club.invite_token
    new = league.clients["organiser"].post(url + "invitation/").json()["invitation"]
    assert new != old
    stale = league.clients["outsider"].post(url + "join/", {"token": old}, format="json")
    assert stale.status_code == 409 and "no longer valid" in stale.json()["message"]
    joined = league.clients["outsider"].post(url + "join/", {"token": new}, format="json")
    assert joined.status_code == 200 and joined.json()["status"] == "active"


def test_an_invitation_secret_of_another_shape_is_invalid_not_an_error(league):
    response = league.clients["outsider"].post(f"/api/v1/clubs/{league.club.slug}/join/",
                                               {"token": "caf\u00e9"}, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "token"
