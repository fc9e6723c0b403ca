"""Grand Battle Cry's Field Generals moving at the same time through the API (ruling G11):
the game lists every seat deciding, each member reads the legal actions of his own seats
only, and each acts, the second on a version read before the first's move (G13)."""
from __future__ import annotations

import pytest

from games.models import Game
from tests.api.helpers import token_client
from tests.grand_moving import grand_game_moving_at_once, grand_members

pytestmark = pytest.mark.django_db


def test_each_field_general_reads_his_own_actions_and_acts_through_the_api(
        django_user_model, monkeypatch):
    members = grand_members(django_user_model)
    game = grand_game_moving_at_once(members, monkeypatch)
    first, second = game.deciding_seats[:2]
    base = f"/api/v1/games/{game.pk}/"
    api = {seat: token_client(members[seat]) for seat in (first, second)}
    commander = token_client(members[f"{game.deciding_side}-commander"])
    state = api[first].get(base).json()
    assert state["deciding"] == first and state["deciding_seats"][:2] == [first, second]
    assert [s["seat"] for s in state["your_actions"]] == [first]
    assert commander.get(base).json()["your_actions"] == []
    drawn = state["version"]
    chosen = {}
    for seat in (first, second):
        body = api[seat].get(f"{base}legal-actions/").json()
        assert body["seat"] == seat and body["your_turn"] is True
        assert [s["seat"] for s in body["your_seats"]] == [seat]
        assert {"type": "end_movement", "seat": seat} in body["actions"]
        other = second if seat == first else first
        assert {"type": "end_movement", "seat": other} not in body["actions"]
        chosen[seat] = next(a for a in body["actions"] if a["type"] == "move")
    body = commander.get(f"{base}legal-actions/").json()
    assert body["your_turn"] is False and body["actions"] == [] and body["your_seats"] == []
    # a member may not send a team-mate's move
    r = api[first].post(f"{base}actions/", {"action": chosen[second], "version": drawn}, format="json")
    assert r.status_code == 409, r.json()
    for seat in (first, second):         # both on the version read before either moved
        r = api[seat].post(f"{base}actions/", {"action": chosen[seat], "version": drawn},
                           format="json")
        assert r.status_code == 201, r.json()
    assert Game.objects.get(pk=game.pk).version == drawn + 2
