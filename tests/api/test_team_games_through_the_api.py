"""Doubles and Grand Battle Cry set up and played step by step through the API: the table
opened with ``team_mode`` in its options and seated by one member a seat; at each step the
seats list says which seats must act (several while Field Generals move at once), one of those
seats' member reads his legal actions and posts one, and a member holding no deciding seat is
refused; the team chat is read by the team only until the
game ends; the losing team resigns (each member consenting), both teams then read the
winners' chat, and once it resigns the re-match too (sides swapped) the match is won by the
other team, each of its members counted a winner."""
from __future__ import annotations

import random
import zlib

import pytest

from games import services
from games.models import Game
from tests.api.helpers import assert_conforms, token_client
from tests.play_helpers import make_scenario

pytestmark = pytest.mark.django_db

#: steps posted through the API before the losing team resigns
STEPS = 40


def legal_of(api, base) -> list[dict]:
    body = api.get(f"{base}legal-actions/").json()
    return body["actions"] if isinstance(body, dict) else body


@pytest.mark.parametrize(("mode", "slug", "ruleset", "seats"), [
    ("doubles", "antietam", "advanced", 4),
    ("grand", "gettysburg-double", "standard", 8)])
def test_a_team_game_through_the_api(django_user_model, monkeypatch, mode, slug, ruleset, seats):
    seed = zlib.crc32(f"{slug}/{mode}/api".encode())
    monkeypatch.setattr(services, "engine_seed", lambda secret: seed)
    scenario = make_scenario(slug=slug)
    plan = services.team_seat_plan(scenario, ruleset, {"team_mode": mode})
    assert len(plan) == seats
    members = {spec.name: django_user_model.objects.create_user(f"m{n}", password="x")
               for n, spec in enumerate(plan)}
    side_of = {spec.name: spec.side for spec in plan}
    api = {seat: token_client(m) for seat, m in members.items()}
    first = plan[0].name
    r = api[first].post("/api/v1/tables/", {"scenario": slug, "ruleset": ruleset,
                                            "options": {"team_mode": mode}, "seat": first}, format="json")
    assert r.status_code == 201, r.json()
    table = r.json()
    assert_conforms(table, "Table")
    assert [(s["name"], s["role"]) for s in table["seats"]] == [(p.name, p.role) for p in plan]
    url = f"/api/v1/tables/{table['id']}/"
    for seat in list(members)[1:]:
        r = api[seat].post(f"{url}take/", {"seat": seat}, format="json")
        assert r.status_code == 200, r.json()
    assert r.json()["status"] == "active"
    game = Game.objects.get()
    base = f"/api/v1/games/{game.pk}/"
    rng = random.Random(seed)
    refused = kinds = 0
    seen_kinds = set()
    for _ in range(STEPS):
        state = api[first].get(base).json()
        if state["finished_at"]:
            break
        acting = [s for s in api[first].get(f"{base}seats/").json() if s["must_act"]]
        # every seat deciding must act (several while Field Generals move at once)
        assert [s["seat"] for s in acting] == state["deciding_seats"], acting
        assert acting[0]["seat"] == state["deciding"]
        seat = rng.choice(acting)["seat"]
        legal = legal_of(api[seat], base)
        assert legal, (seat, state["phase"])
        skip = [a for a in legal if a["type"] not in ("transfer", "pass_initiative", "discard_card")]
        action = rng.choice(skip or legal)
        seen_kinds.add(action["type"])
        other = next(s for s in members if s not in state["deciding_seats"])
        if refused < 3:                      # another seat's member may not act for this one
            r = api[other].post(f"{base}actions/", {"action": action, "version": state["version"]},
                                format="json")
            assert r.status_code == 409, r.json()
            refused += 1
        r = api[seat].post(f"{base}actions/", {"action": action, "version": state["version"]}, format="json")
        assert r.status_code == 201, r.json()
        kinds += 1
    assert kinds == STEPS and len(seen_kinds) >= 4, seen_kinds
    # the team chat: the Union's, read by the Union's members only while the game is played
    union = [s for s in members if side_of[s] == "union"]
    rebels = [s for s in members if side_of[s] == "confederate"]
    r = api[union[0]].post(f"{base}team-chat/", {"text": "Hold the ridge"}, format="json")
    assert r.status_code == 201 and r.json()["team"] == "union"
    assert [m["text"] for m in api[union[-1]].get(f"{base}team-chat/").json()] == ["Hold the ridge"]
    assert "Hold the ridge" not in api[rebels[0]].get(f"{base}team-chat/").content.decode()
    assert "Hold the ridge" not in api[rebels[0]].get(base).content.decode()
    # the Confederates resign: each member consents, the last one ends the game
    def resign_all(base):
        for n, seat in enumerate(rebels):
            r = api[seat].post(f"{base}resign/", {"confirm": True}, format="json")
            assert r.status_code == 201, r.json()
            assert r.json()["resignation_pending"] is (n < len(rebels) - 1)
    resign_all(base)
    state = api[first].get(base).json()
    assert state["finished_at"] and state["winner_side"] == "union"
    # once the game is over both teams read the Union's chat
    assert "Hold the ridge" in [m["text"] for m in api[rebels[0]].get(f"{base}team-chat/").json()]
    # the re-match, sides swapped: the same team resigns it too, and loses the match
    rematch = Game.objects.get(match_id=game.match_id, number=2)
    assert {s.name: s.player_id for s in rematch.seat_rows()}[rebels[0].replace("confederate", "union")] \
        == members[rebels[0]].pk
    resign_all(f"/api/v1/games/{rematch.pk}/")
    match = api[rebels[0]].get(f"/api/v1/matches/{game.match_id}/").json()
    assert match["team"] is True and match["status"] == "finished"
    teams = {t["side"]: t for t in match["teams"]}
    assert teams["union"]["won"] is True and teams["confederate"]["won"] is False
    assert {m["username"] for m in teams["union"]["members"]} == {members[s].username for s in union}
