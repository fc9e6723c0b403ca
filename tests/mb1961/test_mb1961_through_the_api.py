"""The 1961 game through /api/v1/ alone: its map listed under its ruleset, a challenge with
its options, the legal actions and the actions of both members (every answer checked against
the schema), the game's view with its map and pieces, and its log in words."""
from __future__ import annotations

import random
import re

import pytest

from games.presentation.mb1961 import square_name
from tests.api.helpers import anonymous, assert_conforms, token_client

from .pages import SLUG, load_map

pytestmark = pytest.mark.django_db


def path(url: str) -> str:
    return url.split("testserver", 1)[-1]


def test_a_1961_match_through_the_api(lee, grant):
    load_map()
    listed = anonymous().get("/api/v1/scenarios/?ruleset=1961").json()["results"]
    assert [s["slug"] for s in listed] == [SLUG]
    clients = {"lee": token_client(lee), "grant": token_client(grant)}
    made = clients["lee"].post("/api/v1/matches/challenges/",
                               {"opponent": "grant", "scenario": SLUG, "side": "union", "ruleset": "1961",
                                "options": {"round_limit": 12, "capture_lead": 3}}, format="json")
    assert made.status_code == 201, made.content
    match = made.json()
    assert clients["grant"].post(f"/api/v1/matches/{match['id']}/accept/").status_code == 200
    game = clients["lee"].get(f"/api/v1/games/?match={match['id']}").json()["results"][0]
    game_url = path(game["url"])
    rng = random.Random(9)
    kinds = set()
    for _ in range(20):
        for name, client in clients.items():
            legal = client.get(game_url + "legal-actions/").json()
            assert_conforms(legal, "LegalActions")
            if not legal["your_turn"]:
                continue
            battles = [a for a in legal["actions"] if a["type"] == "battle"]
            action = battles[0] if battles else rng.choice(legal["actions"])
            kinds.add(action["type"])
            acted = client.post(game_url + "actions/", {"version": legal["version"], "action": action},
                                format="json")
            assert acted.status_code == 201, acted.content
    detail = clients["grant"].get(game_url).json()
    assert_conforms(detail, "GameDetail")
    view = detail["view"]
    assert view["board"]["width"] == 24 and len(view["board"]["pieces"]) <= 44 and "seed" not in view
    assert "move" in kinds
    events = anonymous().get(game_url + "events/?page_size=50").json()
    assert events["count"] >= 1 and all(line["text"] for e in events["results"] for line in e["lines"])
    # a square is named in the API's log as on the board's key and the page's buttons
    moved = [(ev, line["text"]) for e in events["results"]
             for ev, line in zip([ev for ev in e["events"] if ev["type"] == "moved"],
                                 [line for line in e["lines"] if line["type"] == "moved"])]
    assert moved and all(re.search(rf"to {square_name(ev['to']['col'], ev['to']['row'])}\b", text)
                         for ev, text in moved)
    # once over (a resignation), the game replays step by step through the API
    assert clients["grant"].post(game_url + "resign/", {"confirm": True}, format="json").status_code == 201
    last = clients["lee"].get(game_url).json()["version"]
    for step in (0, last // 2, last):
        replay = clients["lee"].get(game_url + f"replay/{step}/")
        assert replay.status_code == 200, replay.content
        assert_conforms(replay.json(), "ReplayStep")
        assert replay.json()["view"]["board"]["width"] == 24 and replay.json()["step"] == step
