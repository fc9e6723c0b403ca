"""A battle on two maps through the API (house rule 36; docs/rulings.md H98-H99): a challenge
without the rule is refused with the reason, one with it is dealt, the view names the board,
and the previews take hexes below the first map and on the filler row."""
from __future__ import annotations

import pytest

from games.engine import board_named
from games.models import Game
from tests.api.helpers import token_client
from tests.play_helpers import make_scenario

pytestmark = pytest.mark.django_db

BATTLE = "gettysburg-picketts-charge-two-maps"


def challenge(client, **terms):
    body = {"opponent": "grant", "scenario": BATTLE, "side": "confederate", **terms}
    return client.post("/api/v1/matches/challenges/", body, format="json")


def test_a_battle_on_two_maps_through_the_api(lee, grant):
    make_scenario(slug=BATTLE)
    client = token_client(lee)
    refused = challenge(client)
    assert refused.status_code == 409
    assert "it is played under House rule: multi mapsets, so tick it" in refused.json()["message"]
    r = challenge(client, options={"multi_mapsets": True})
    assert r.status_code == 201, r.content
    match = r.json()
    accepted = token_client(grant).post(f"/api/v1/matches/{match['id']}/accept/")
    assert accepted.status_code in (200, 201), accepted.content
    game = Game.objects.get(match_id=match["id"], number=1)
    view = client.get(f"/api/v1/games/{game.pk}/").json()["view"]
    assert view["scenario"]["board"] == "mapsets-2"
    conf = next(u for u in view["units"] if u["side"] == "confederate")
    assert conf["hex"]["row"] > 9
    a = conf["hex"]
    preview = client.get(f"/api/v1/games/{game.pk}/attack-preview/?from={a['col']},{a['row']}"
                         f"&to=13,9").json()
    two = board_named("mapsets-2")
    assert preview["distance"] == two.dist[two.hex_index(a["col"], a["row"])][two.hex_index(13, 9)]
    bad = client.get(f"/api/v1/games/{game.pk}/attack-preview/?from={a['col']},{a['row']}&to=12,20")
    assert bad.status_code in (400, 404, 409)
