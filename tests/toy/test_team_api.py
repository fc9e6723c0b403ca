"""A team match through /api/v1/ only, on the toy's four seats: a table opened, its seats
taken (one given to Archie), the seats that must act and what the others wait for, a late
seat taken over and taken back, the team chat, the team's resignation by consent, and the
match's teams and result; each answer conforms to the OpenAPI document."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game, Match
from tests.api.helpers import anonymous, assert_conforms, token_client

from .teams import four_members, seated_table, toy_scenario

pytestmark = pytest.mark.django_db


@pytest.fixture
def members(django_user_model, lee, grant, meade):
    return four_members(django_user_model, lee, grant, meade)


def test_a_team_table_is_set_up_through_the_api(members, settings, django_capture_on_commit_callbacks):
    settings.ARCHIE_ITERATIONS = 8
    toy_scenario()
    api = {seat: token_client(m) for seat, m in members.items()}
    r = api["union-1"].post("/api/v1/tables/", {"scenario": "toy-crossroads", "ruleset": "toy",
                                                "options": {"turns": 4}, "seat": "union-1"}, format="json")
    assert r.status_code == 201, r.json()
    table = r.json()
    assert_conforms(table, "Table")
    assert [(s["name"], s["role"]) for s in table["seats"]] == [
        ("union-1", "left wing"), ("confederate-1", "left wing"), ("union-2", "right wing"),
        ("confederate-2", "right wing")]
    url = f"/api/v1/tables/{table['id']}/"
    assert [t["id"] for t in anonymous().get("/api/v1/tables/").json()["results"]] == [table["id"]]
    r = api["union-1"].post(f"{url}invite/", {"seat": "confederate-1", "member": "grant"}, format="json")
    assert r.json()["seats"][1]["invited"]["username"] == "grant"
    r = api["confederate-2"].post(f"{url}take/", {"seat": "confederate-1"}, format="json")
    assert r.status_code == 409 and "kept for the member invited" in r.json()["message"]
    api["confederate-1"].post(f"{url}take/", {"seat": "confederate-1"}, format="json")
    api["confederate-2"].post(f"{url}take/", {"seat": "confederate-2"}, format="json")
    with django_capture_on_commit_callbacks(execute=True):
        r = api["union-1"].post(f"{url}archie/", {"seat": "union-2", "level": "recruit"}, format="json")
    assert r.status_code == 200 and r.json()["status"] == "active"
    match = api["union-1"].get(r.json()["match"].split("testserver", 1)[-1]).json()
    assert_conforms(match, "Match")
    assert match["team"] and [t["side"] for t in match["teams"]] == ["union", "confederate"]
    assert {m["username"] for m in match["teams"][1]["members"]} == {"grant", "hood"}
    game_id = match["games"][0]["id"]
    seats = anonymous().get(f"/api/v1/games/{game_id}/seats/").json()
    acting = [s for s in seats if s["must_act"]]
    assert [s["seat"] for s in acting] == ["union-1"] and acting[0]["deadline"]
    assert all(s["waits_for"].startswith("union-1 (left wing), held by lee") for s in seats if not s["must_act"])
    assert_conforms(seats[0], "SeatActing")
    assert next(s for s in seats if s["seat"] == "union-2")["holder"] == "Archie (recruit)"


def test_seats_chat_and_resignation_of_a_team_game_through_the_api(members):
    match = seated_table(members)
    game = match.games.get(number=1)
    api = {seat: token_client(m) for seat, m in members.items()}
    url = f"/api/v1/games/{game.pk}/"
    # union-1 and confederate-1 pass; union-2 (meade) is late
    for seat in ("union-1", "confederate-1"):
        v = api[seat].get(url).json()["version"]
        assert api[seat].post(f"{url}actions/", {"version": v, "action": {"type": "pass"}},
                              format="json").status_code == 201
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    late = next(s for s in api["union-1"].get(f"{url}seats/").json() if s["seat"] == "union-2")
    assert late["late"] and late["must_act"]
    r = api["confederate-1"].post(f"{url}seats/union-2/claim/", {}, format="json")
    assert r.status_code == 403
    r = api["union-1"].post(f"{url}seats/union-2/claim/", {}, format="json")
    assert r.status_code == 200 and r.json()["your_turn"] is True
    assert next(s for s in api["union-1"].get(f"{url}seats/").json() if s["seat"] == "union-2")["away"] == "meade"
    assert api["union-2"].post(f"{url}seats/union-2/back/").status_code == 200
    assert api["union-2"].get(url).json()["your_turn"] is True
    # the team chat
    r = api["union-1"].post(f"{url}team-chat/", {"text": "Hold the woods"}, format="json")
    assert r.status_code == 201 and r.json()["team"] == "union"
    assert_conforms(r.json(), "TeamChatLine")
    assert [m["text"] for m in api["union-2"].get(f"{url}team-chat/").json()] == ["Hold the woods"]
    assert api["confederate-1"].get(f"{url}team-chat/").json() == []
    assert anonymous().get(f"{url}team-chat/").status_code in (401, 403)
    # the Confederate team resigns once both agree
    r = api["confederate-1"].post(f"{url}resign/", {"confirm": True}, format="json")
    assert r.status_code == 201 and r.json()["resignation_pending"] is True
    r = api["confederate-2"].post(f"{url}resign/", {"confirm": True}, format="json")
    assert r.json()["resignation_pending"] is False
    assert [m["text"] for m in anonymous().get(f"{url}team-chat/").json()] == ["Hold the woods"]
    assert Match.objects.get(pk=match.pk).games.count() == 2


def test_no_api_response_shows_a_member_a_team_mate_s_cards_or_the_other_team_s_chat(
        members, django_user_model):
    """Four members, one seat each: every GET about the game (its seats, team chat, match and
    table among them) by each member, a member who does not play and a visitor holds no card
    of a seat the requester does not hold, nor the deck, the seed, or the other team's chat."""
    import random
    import re

    from games import services
    from tests.api.test_leak_canaries import Canaries

    from .test_toy_through_the_api import game_urls, plant

    match = seated_table(members, options={"turns": 8})
    game = match.games.get(number=1)
    holders = {s.name: s.player for s in game.seat_rows()}
    rng = random.Random(3)
    for _ in range(10):
        game.refresh_from_db()
        engine = services.load_engine(game)
        cards = [a for a in engine.legal_actions() if a["type"] == "play_card"]
        action = cards[0] if cards and engine.deck else rng.choice(
            [a for a in engine.legal_actions() if a["type"] != "play_card"])
        services.act(game.pk, holders[game.deciding], action, game.version)
    game.refresh_from_db()
    canaries = Canaries()
    plant(game, canaries, lambda seat: f"@{holders[seat].username}")
    for side, member in (("union", members["union-1"]), ("confederate", members["confederate-1"])):
        services.post_team_chat(game.pk, member, canaries.text(f"@{side}-team"))
    teams = {m.username: side for side in ("union", "confederate")
             for seat, m in members.items() if seat.startswith(side)}
    urls = game_urls(game)
    requesters = {m.username: token_client(m) for m in members.values()}
    requesters.update({"early": token_client(django_user_model.objects.create_user("early")),
                       None: anonymous()})
    for username, client in requesters.items():
        own_team = f"@{teams.get(username)}-team"
        hidden = [c for c in canaries.hidden_from(None, username) if canaries.owner[c] != own_team]
        pattern = re.compile("|".join(map(re.escape, hidden)))
        for url in urls:
            response = client.get(url)
            assert response.status_code < 500, (username, url, response.content[:300])
            found = pattern.findall(response.content.decode())
            assert not found, f"{username} saw {found[:3]} in {url}"
    # the canaries are there: each member sees their own seat's card and their team's chat
    view = requesters["meade"].get(f"/api/v1/games/{game.pk}/").json()["view"]
    assert view["viewer"] == "union-2" and all(
        canaries.owner.get(c.split("-", 1)[1]) == "@meade" for c in view["hand"])
    chat = requesters["meade"].get(f"/api/v1/games/{game.pk}/team-chat/").json()
    assert [canaries.owner.get(m["text"]) for m in chat] == ["@union-team"]
