"""A client that uses nothing but the API plays a whole match: imports a small battle,
challenges, accepts, plays both games to the end from the legal actions it is given, and
reads the result, the replay and the revealed seeds."""
from __future__ import annotations

import hashlib

import pytest

from games.models.match import engine_seed
from tests.api.helpers import anonymous, assert_conforms, token_client

pytestmark = pytest.mark.django_db

#: Two infantry units of one figure each, within range of each other: 2 flags win.
SKIRMISH = {
    "format": 1, "slug": "api-skirmish", "name": "API skirmish", "dates": ["1863-07-01"],
    "state": "PA", "first_appearance": "Club", "annual_number": None, "layout_source": "approximation",
    "source_notes": "", "corrections": "", "flag_tokens": [], "special_rules": [],
    "special_rules_text": "", "historical_note": "A test of the API.",
    "sides": {"union": {"position": "bottom", "commander": "Meade", "cards": 4, "flags": 2},
              "confederate": {"position": "top", "commander": "Lee", "cards": 4, "flags": 2}},
    "first_side": "union", "terrain": [],
    "units": [{"side": "union", "kind": "infantry", "figures": 1, "hex": {"col": 13, "row": 5}},
              {"side": "union", "kind": "infantry", "figures": 1, "hex": {"col": 9, "row": 5}},
              {"side": "confederate", "kind": "infantry", "figures": 1, "hex": {"col": 12, "row": 2}},
              {"side": "confederate", "kind": "infantry", "figures": 1, "hex": {"col": 8, "row": 2}}],
    "generals": [{"side": "union", "hex": {"col": 2, "row": 8}},
                 {"side": "confederate", "hex": {"col": 22, "row": 0}}],
}

#: The client's simple plan: fire whenever it can, else close in and take the steps that
#: lead to a fight.
PREFERENCE = ["attack", "move", "order", "confirm_orders", "end_movement", "end_turn", "play_card"]


def choose(actions: list[dict], side: str) -> dict:
    forward = [a for a in actions if a["type"] == "move"]
    if forward:                       # the Union advances up the board, the Confederates down
        best = min(forward, key=lambda a: a["to"]["row"] if side == "union" else -a["to"]["row"])
        return best
    for kind in PREFERENCE:
        for a in actions:
            if a["type"] == kind and (kind != "play_card" or a["mode"] == "skirmish"):
                return a
    return actions[0]


def play_game(clients: dict, game_url: str) -> dict:
    """Both players poll their legal actions and act until the game is over."""
    for _ in range(400):
        game = clients["lee"].get(game_url).json()
        assert_conforms(game, "GameDetail")
        if game["finished_at"]:
            return game
        for client in clients.values():
            legal = client.get(game_url + "legal-actions/").json()
            if legal["your_turn"]:
                assert_conforms(legal, "LegalActions")
                response = client.post(game_url + "actions/",
                                       {"version": legal["version"], "action": choose(legal["actions"], legal["your_side"])},
                                       format="json")
                assert response.status_code == 201, response.content
                assert_conforms(response.json(), "Acted")
                break
        else:
            raise AssertionError("nobody could act in an unfinished game")
    raise AssertionError("the game did not end")


def test_a_whole_match_played_through_the_api(lee, grant):
    clients = {"lee": token_client(lee), "grant": token_client(grant)}
    assert clients["lee"].post("/api/v1/scenarios/", SKIRMISH, format="json").status_code == 201
    match = clients["lee"].post("/api/v1/matches/challenges/",
                                {"opponent": "grant", "scenario": "api-skirmish", "side": "union"},
                                format="json").json()
    assert clients["grant"].get("/api/v1/matches/?role=opponent&status=challenge").json()["count"] == 1
    clients["grant"].post(f"/api/v1/matches/{match['id']}/accept/")

    finished = []
    for number in (1, 2):
        mine = clients["lee"].get(f"/api/v1/games/?match={match['id']}&status=active").json()["results"]
        assert [g["number"] for g in mine] == [number]
        game_url = mine[0]["url"].split("testserver", 1)[-1]
        game = play_game(clients, game_url)
        assert game["outcome"]["winner"] in ("union", "confederate")
        assert game["view"]["outcome"]["winner"] == game["outcome"]["winner"]
        finished.append((game_url, game))

    result = anonymous().get(f"/api/v1/matches/{match['id']}/").json()
    assert result["status"] == "finished" and result["winner"]["username"] in ("lee", "grant")
    assert result["challenger_flags"] + result["opponent_flags"] >= 4

    for game_url, game in finished:
        seed = anonymous().get(game_url + "seed/").json()
        assert hashlib.sha256(seed["seed"].encode()).hexdigest() == seed["seed_hash"] == game["seed_hash"]
        assert seed["engine_seed"] == str(engine_seed(seed["seed"]))   # anyone can re-derive the dice
        for step in range(game["version"] + 1):
            assert_conforms(anonymous().get(game_url + f"replay/{step}/").json(), "ReplayStep")
        last = anonymous().get(game_url + f"replay/{game['version']}/").json()
        assert last["last"] == game["version"] and last["view"]["outcome"] == game["view"]["outcome"]
        assert any(e["type"] == "game_over" for e in last["events"])
        deal = anonymous().get(game_url + "replay/0/").json()
        assert deal["view"]["turn"] == 1 and deal["view"]["hand"] is None
        assert [e["type"] for e in deal["events"]].count("deck_built") == 2
        assert anonymous().get(game_url + f"replay/{game['version'] + 1}/").status_code == 404
        events = anonymous().get(game_url + "events/?page_size=200").json()
        assert events["count"] == game["version"]
        assert_conforms(events, "PaginatedEventEntryList")
        for client in clients.values():
            assert_conforms(client.get(game_url + "events/?page_size=200").json(), "PaginatedEventEntryList")
