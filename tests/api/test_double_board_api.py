"""The API on a double-board game: the view names its board, the previews take hexes past the
single board's edge, and an action there is accepted."""
from __future__ import annotations

import pytest

from games.models import Game
from tests.api.helpers import token_client
from tests.play_helpers import make_scenario, start_match

pytestmark = pytest.mark.django_db


def test_a_double_board_game_through_the_api(lee, grant, monkeypatch):
    from games import services

    monkeypatch.setattr(services, "new_seed", lambda: "0" * 32)          # a known deal
    _, game = start_match(lee, grant, make_scenario(slug="gettysburg-double"), side="confederate")
    client = token_client(lee)                       # lee holds the Confederates, who move first
    body = client.get(f"/api/v1/games/{game.pk}/").json()
    view = body["view"]
    assert view["scenario"]["board"] == "double"
    east = [u for u in view["units"] if u["hex"]["col"] > 24]
    assert east, "the right board holds units"
    # a preview across the join: a Confederate on the right board at a Union unit on the left
    conf = next(u for u in east if u["side"] == "confederate")
    union = next(u for u in view["units"] if u["side"] == "union" and u["hex"]["col"] < 24)
    a, b = conf["hex"], union["hex"]
    preview = client.get(f"/api/v1/games/{game.pk}/attack-preview/?from={a['col']},{a['row']}"
                         f"&to={b['col']},{b['row']}").json()
    assert preview["distance"] >= 1 and preview["allowed"] is False
    # A right flank card: from the Confederate seat (the bottom) the right flank is the right
    # board's centre and right flank, columns 33-50
    def post(action, version):
        r = client.post(f"/api/v1/games/{game.pk}/actions/", {"version": version, "action": action},
                        format="json")
        assert r.status_code in (200, 201), r.content
        return client.get(f"/api/v1/games/{game.pk}/legal-actions/").json()

    legal = client.get(f"/api/v1/games/{game.pk}/legal-actions/").json()
    right = next(x for x in legal["actions"] if x["type"] == "play_card" and x["mode"] == "section"
                 and x["card"].split("-")[0].endswith("_right"))            # in the pinned deal
    legal = post(right, legal["version"])
    orders = [x for x in legal["actions"] if x["type"] == "order"]
    units = {u["id"]: u["hex"] for u in view["units"]}
    assert orders and all(units[x["unit"]]["col"] >= 33 for x in orders)
    while legal["phase"] == "order":
        legal = post(next(x for x in legal["actions"] if x["type"] in ("order", "confirm_orders")),
                     legal["version"])
    moves = [x for x in legal["actions"] if x["type"] == "move" and x["to"]["col"] > 24]
    move = moves[0]
    unit_hex = next(u["hex"] for u in client.get(f"/api/v1/games/{game.pk}/").json()["view"]["units"]
                    if u["id"] == move["unit"])
    reach = client.get(f"/api/v1/games/{game.pk}/reachable/?hex={unit_hex['col']},{unit_hex['row']}").json()
    assert move["to"] in reach["reachable"]
    response = client.post(f"/api/v1/games/{game.pk}/actions/", {"version": legal["version"], "action": move},
                           format="json")
    assert response.status_code in (200, 201), response.content
    assert Game.objects.get(pk=game.pk).version == legal["version"] + 1
