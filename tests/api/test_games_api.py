"""The games endpoints: who may do what (anonymous, a member who does not play, the opponent
waiting for the other's decision, the player whose decision it is), stale versions, illegal
actions and malformed bodies."""
from __future__ import annotations

import pytest

from games.models import Game

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "non_player", "opponent", "player")


def url(game, rest=""):
    return f"/api/v1/games/{game.pk}/{rest}"


def first_legal(duel):
    body = duel.clients["player"].get(url(duel.game, "legal-actions/")).json()
    return body["version"], body["actions"][0]


# -- reading a game -------------------------------------------------------------------------
@pytest.mark.parametrize("role, hand_shown", [("anonymous", False), ("non_player", False),
                                              ("opponent", True), ("player", True)])
def test_a_game_shows_each_requester_their_own_view_only(duel, role, hand_shown):
    body = duel.clients[role].get(url(duel.game)).json()
    view = body["view"]
    assert body["seed"] is None and len(body["seed_hash"]) == 64
    assert view["hand_counts"] == {"union": 6, "confederate": 6}
    if not hand_shown:
        assert view["hand"] is None and view["viewer"] is None and body["your_side"] is None
    else:
        side = "union" if role == "player" else "confederate"
        assert body["your_side"] == side and view["viewer"] == side and len(view["hand"]) == 6
        assert view["hand"] == duel.game.state["hands"][side]
    assert body["your_turn"] is (role == "player")


def test_unknown_games_are_404_in_the_error_shape(duel):
    response = duel.clients["player"].get("/api/v1/games/999999/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


@pytest.mark.parametrize("role, status, code", [("anonymous", 401, "not_authenticated"),
                                                ("non_player", 200, None), ("opponent", 200, None),
                                                ("player", 200, None)])
def test_my_games_list_only_mine(duel, role, status, code):
    response = duel.clients[role].get("/api/v1/games/")
    assert response.status_code == status
    if code:
        assert response.json()["code"] == code
        return
    ids = [g["id"] for g in response.json()["results"]]
    assert ids == ([] if role == "non_player" else [duel.game.pk])


def test_whose_turn_filter_sorts_my_games(duel):
    mine = duel.clients["player"].get("/api/v1/games/?whose_turn=me").json()["results"]
    theirs = duel.clients["opponent"].get("/api/v1/games/?whose_turn=me").json()["results"]
    waiting = duel.clients["opponent"].get("/api/v1/games/?whose_turn=opponent").json()["results"]
    assert [g["id"] for g in mine] == [duel.game.pk] and mine[0]["your_turn"] is True
    assert theirs == []
    assert [g["id"] for g in waiting] == [duel.game.pk] and waiting[0]["your_turn"] is False


# -- legal actions ----------------------------------------------------------------------------
@pytest.mark.parametrize("role, status, code", [("anonymous", 401, "not_authenticated"),
                                                ("non_player", 403, "not_a_player"),
                                                ("opponent", 200, None), ("player", 200, None)])
def test_legal_actions_are_for_the_requesters_decision(duel, role, status, code):
    response = duel.clients[role].get(url(duel.game, "legal-actions/"))
    assert response.status_code == status
    body = response.json()
    if code:
        assert body["code"] == code
        return
    assert body["version"] == 0 and body["phase"] == "play_card" and body["deciding"] == "union"
    if role == "opponent":
        assert body["your_turn"] is False and body["actions"] == []
    else:
        hand = duel.game.state["hands"]["union"]
        assert body["your_turn"] is True
        assert {a["card"] for a in body["actions"]} == set(hand)
        assert all(a["type"] == "play_card" for a in body["actions"])


# -- acting -------------------------------------------------------------------------------------
@pytest.mark.parametrize("role, status, code", [("anonymous", 401, "not_authenticated"),
                                                ("non_player", 403, "not_a_player"),
                                                ("opponent", 409, "not_your_turn"),
                                                ("player", 201, None)])
def test_submit_an_action_permissions(duel, role, status, code):
    version, action = first_legal(duel)
    response = duel.clients[role].post(url(duel.game, "actions/"), {"version": version, "action": action},
                                       format="json")
    assert response.status_code == status, response.content
    body = response.json()
    duel.game.refresh_from_db()
    if code:
        assert body["code"] == code
        assert duel.game.version == 0
        if role != "anonymous":
            assert body["current_version"] == 0
        return
    assert duel.game.version == 1 and body["version"] == 1 and body["phase"] == "order"
    assert body["events"][0]["type"] == "card_played" and body["events"][0]["card"] == action["card"]


def test_a_stale_version_is_refused_with_the_current_version(duel):
    version, action = first_legal(duel)
    client = duel.clients["player"]
    assert client.post(url(duel.game, "actions/"), {"version": version, "action": action},
                       format="json").status_code == 201
    again = client.post(url(duel.game, "actions/"), {"version": version, "action": action}, format="json")
    assert again.status_code == 409
    assert again.json()["code"] == "stale_version" and again.json()["current_version"] == 1
    duel.game.refresh_from_db()
    assert duel.game.version == 1 and duel.game.actions.count() == 1


def test_an_illegal_action_is_refused_and_changes_nothing(duel):
    response = duel.clients["player"].post(
        url(duel.game, "actions/"),
        {"version": 0, "action": {"type": "move", "unit": "u1", "to": {"col": 3, "row": 5}}}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "illegal" and "play a command card" in body["message"]
    assert body["current_version"] == 0
    duel.game.refresh_from_db()
    assert duel.game.version == 0


def test_a_card_not_in_hand_is_illegal(duel):
    hands = duel.game.state["hands"]
    # the opponent's card; the two decks share card ids, so skip one the player holds too
    not_mine = next(c for c in hands["confederate"] if c not in hands["union"])
    response = duel.clients["player"].post(
        url(duel.game, "actions/"),
        {"version": 0, "action": {"type": "play_card", "card": not_mine, "mode": "skirmish"}}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "illegal"


@pytest.mark.parametrize("body, content_type, status, code", [
    (b"{not json", "application/json", 400, "malformed"),
    (b'{"version": 0}', "application/json", 400, "invalid"),
    (b'{"action": {"type": "end_turn"}}', "application/json", 400, "invalid"),
    (b'{"version": "zero", "action": {"type": "end_turn"}}', "application/json", 400, "invalid"),
    (b'{"version": 0, "action": "end_turn"}', "application/json", 400, "invalid"),
    (b'{"version": 0, "action": {"unit": "u1"}}', "application/json", 400, "invalid"),
    (b'{"version": -3, "action": {"type": "end_turn"}}', "application/json", 400, "invalid"),
    (b'[1, 2]', "application/json", 400, "invalid"),
    (b"version=0&action=x", "application/x-www-form-urlencoded", 415, "unsupported_media_type"),
    (b'{"version": 0, "action": {"type": "end_by_nightfall"}}', "application/json", 400, "illegal"),
    (b'{"version": 0, "action": {"type": "claim_timeout"}}', "application/json", 400, "illegal"),
    (b'{"version": 0, "action": {"type": "play_card", "card": ["x"], "mode": 5}}', "application/json",
     400, "illegal"),
])
def test_malformed_bodies_get_a_clear_error(duel, body, content_type, status, code):
    response = duel.clients["player"].generic("POST", url(duel.game, "actions/"), body, content_type)
    assert response.status_code == status, response.content
    assert response.json()["code"] == code
    assert response.json()["message"]
    duel.game.refresh_from_db()
    assert duel.game.version == 0


def test_invalid_fields_are_listed(duel):
    response = duel.clients["player"].post(url(duel.game, "actions/"), {"action": 5}, format="json")
    fields = {e["field"] for e in response.json()["errors"]}
    assert fields == {"version", "action"}


def test_a_finished_game_refuses_actions(duel):
    Game.objects.filter(pk=duel.game.pk).update(finished_at="2026-01-01T00:00:00Z", deciding="")
    response = duel.clients["player"].post(url(duel.game, "actions/"),
                                           {"version": 0, "action": {"type": "end_turn"}}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "game_over"


# -- events -------------------------------------------------------------------------------------
@pytest.mark.parametrize("role", ROLES)
def test_events_since_a_version(duel, role):
    client = duel.clients["player"]
    for _ in range(2):
        version, action = first_legal(duel)
        client.post(url(duel.game, "actions/"), {"version": version, "action": action}, format="json")
    all_events = duel.clients[role].get(url(duel.game, "events/")).json()
    assert [e["version"] for e in all_events["results"]] == [1, 2]
    assert all_events["results"][0]["events"][0]["type"] == "card_played"
    since = duel.clients[role].get(url(duel.game, "events/?since=1")).json()
    assert [e["version"] for e in since["results"]] == [2]


def test_events_since_must_be_a_number(duel):
    response = duel.clients["player"].get(url(duel.game, "events/?since=last"))
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "since"


# -- previews ------------------------------------------------------------------------------------
def _to_move_phase(duel):
    """Play a card and order units until the player is moving; returns the legal actions."""
    client = duel.clients["player"]
    for _ in range(20):
        body = client.get(url(duel.game, "legal-actions/")).json()
        if body["phase"] == "move":
            return body
        kinds = {a["type"] for a in body["actions"]}
        pick = next((a for a in body["actions"] if a["type"] == "order"), None)
        if pick is None:
            pick = next(a for a in body["actions"] if a["type"] in ("play_card", "confirm_orders"))
        assert kinds
        client.post(url(duel.game, "actions/"), {"version": body["version"], "action": pick}, format="json")
    raise AssertionError("never reached the move step")


@pytest.mark.parametrize("role", ROLES)
def test_reachable_hexes_match_the_legal_moves(duel, role):
    body = _to_move_phase(duel)
    move = next(a for a in body["actions"] if a["type"] == "move")
    unit = next(u for u in duel.clients["player"].get(url(duel.game)).json()["view"]["units"]
                if u["id"] == move["unit"])
    at = f"{unit['hex']['col']},{unit['hex']['row']}"
    reach = duel.clients[role].get(url(duel.game, f"reachable/?hex={at}")).json()
    legal = [a["to"] for a in body["actions"] if a["type"] == "move" and a["unit"] == move["unit"]]
    assert sorted(map(tuple, (h.values() for h in reach["reachable"]))) == sorted(
        map(tuple, (h.values() for h in legal)))


@pytest.mark.parametrize("query", ["hex=", "hex=a,b", "hex=99,99", "hex=3,8", "", "hex=1,2,3"])
def test_reachable_with_a_bad_hex_is_a_400(duel, query):
    response = duel.clients["player"].get(url(duel.game, f"reachable/?{query}"))
    assert response.status_code == 400
    assert response.json()["code"] in ("invalid", "illegal")


@pytest.mark.parametrize("role", ROLES)
def test_attack_preview_counts_dice_and_range(duel, role):
    # the sample battle: Union infantry at (3,7), Confederate infantry at (3,1), 6 hexes apart
    body = duel.clients[role].get(url(duel.game, "attack-preview/?from=3,7&to=3,1")).json()
    assert body["distance"] == 6 and body["allowed"] is False and "range" in body["reason"].lower()


def test_attack_preview_needs_both_hexes(duel):
    response = duel.clients["player"].get(url(duel.game, "attack-preview/?from=3,7"))
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "to"


# -- seed, replay, claim ----------------------------------------------------------------------------
@pytest.mark.parametrize("role", ROLES)
def test_the_seed_is_secret_until_the_end(duel, role):
    body = duel.clients[role].get(url(duel.game, "seed/")).json()
    assert body == {"seed_hash": duel.game.seed_hash, "seed": None, "engine_seed": None}
    assert duel.clients[role].get(url(duel.game, "replay/0/")).json()["code"] == "not_over"


@pytest.mark.parametrize("role, status, code", [("anonymous", 401, "not_authenticated"),
                                                ("non_player", 403, "not_a_player"),
                                                ("opponent", 409, "refused"),
                                                ("player", 409, "refused")])
def test_claiming_needs_a_player_whose_opponent_ran_out_of_time(duel, role, status, code):
    response = duel.clients[role].post(url(duel.game, "claim/"), {"version": 0}, format="json")
    assert response.status_code == status and response.json()["code"] == code


def test_the_waiting_player_claims_when_time_has_run_out(duel):
    Game.objects.filter(pk=duel.game.pk).update(deadline="2020-01-01T00:00:00Z")
    response = duel.clients["opponent"].post(url(duel.game, "claim/"), {"version": 0}, format="json")
    assert response.status_code == 201
    assert response.json()["events"][0]["type"] == "game_over"
    assert response.json()["events"][0]["winner"] == "confederate"
    seed = duel.clients["anonymous"].get(url(duel.game, "seed/")).json()
    assert seed["seed"] == duel.game.secret_seed and seed["engine_seed"] == str(duel.game.seed)


@pytest.mark.parametrize("rest, body", [("actions/", {"version": 0, "action": {"type": "end_turn"}}),
                                        ("claim/", {})])
def test_acting_on_an_unknown_game_is_404_in_the_error_shape(duel, rest, body):
    response = duel.clients["player"].post(f"/api/v1/games/999999/{rest}", body, format="json")
    assert response.status_code == 404 and response.json()["code"] == "not_found"


# -- take back, resign, chat ------------------------------------------------------------------
def test_a_step_that_revealed_nothing_is_taken_back(duel):
    client = duel.clients["player"]
    version, _ = first_legal(duel)
    legal = client.get(url(duel.game, "legal-actions/")).json()
    skirmish = next(a for a in legal["actions"] if a["mode"] == "skirmish")
    client.post(url(duel.game, "actions/"), {"version": version, "action": skirmish}, format="json")
    ordering = client.get(url(duel.game, "legal-actions/")).json()
    order = next(a for a in ordering["actions"] if a["type"] == "order")
    done = client.post(url(duel.game, "actions/"), {"version": ordering["version"], "action": order},
                       format="json").json()
    stale = client.post(url(duel.game, "undo/"), {"version": done["version"] - 1}, format="json")
    assert stale.status_code == 409 and stale.json()["code"] == "stale_version"
    undone = client.post(url(duel.game, "undo/"), {"version": done["version"]}, format="json")
    assert undone.status_code == 201, undone.content
    again = client.get(url(duel.game, "legal-actions/")).json()
    assert order in again["actions"] and again["version"] == done["version"] + 1


@pytest.mark.parametrize("body", [{}, {"confirm": False}, {"confirm": "maybe"}])
def test_resigning_needs_the_confirmation(duel, body):
    response = duel.clients["player"].post(url(duel.game, "resign/"), body, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "confirm"
    duel.game.refresh_from_db()
    assert not duel.game.is_over


def test_a_resigned_game_is_won_by_the_opponent(duel):
    response = duel.clients["player"].post(url(duel.game, "resign/"), {"confirm": True}, format="json")
    assert response.status_code == 201
    assert response.json()["events"][-1]["type"] == "game_over"
    assert response.json()["events"][-1]["winner"] == "confederate"
    body = duel.clients["opponent"].get(url(duel.game)).json()
    assert body["winner_side"] == "confederate" and body["seed"]


def test_the_two_players_chat_in_plain_text(duel):
    chat = f"/api/v1/matches/{duel.match.pk}/chat/"
    said = duel.clients["player"].post(chat, {"text": "<b>Good luck</b>"}, format="json")
    assert said.status_code == 201 and said.json()["text"] == "<b>Good luck</b>" and said.json()["own"]
    duel.clients["opponent"].post(chat, {"text": "And to you"}, format="json")
    read = duel.clients["opponent"].get(chat).json()["results"]
    assert [(m["author"]["username"], m["text"], m["own"]) for m in read] == [
        ("lee", "<b>Good luck</b>", False), ("grant", "And to you", True)]
    empty = duel.clients["player"].post(chat, {"text": ""}, format="json")
    assert empty.status_code == 400 and empty.json()["errors"][0]["field"] == "text"
    long = duel.clients["player"].post(chat, {"text": "x" * 1500}, format="json")
    assert long.status_code == 409 and "at most" in long.json()["message"]
