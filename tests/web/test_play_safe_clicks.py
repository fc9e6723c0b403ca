"""Clicks that cannot lose a game: a unit before its general, another piece selected rather
than joined by surprise, a step taken back, and resigning with a confirmation."""
from __future__ import annotations

import html as html_lib
import json
import re

import pytest

from games import services
from games.models import Game
from tests.play_helpers import act, make_scenario, skirmish_data, start_match

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def hex_tag(html: str, col: int, row: int) -> str:
    m = re.search(rf'<g class="hex[^"]*" data-col="{col}" data-row="{row}"[^>]*>', html)
    assert m, f"no hex ({col},{row})"
    return m.group(0)


def posted_action(tag: str) -> dict | None:
    m = re.search(r'hx-vals="([^"]*)"', tag)
    if not m:
        return None
    return json.loads(json.loads(html_lib.unescape(m.group(1)))["action"])


@pytest.fixture(autouse=True)
def known_seed(monkeypatch):
    """Seed 3 deals the Union Attack Centre (used below to order the three centre units)."""
    monkeypatch.setattr(services, "new_seed", lambda: 3)


def start(lee, grant, general_on):
    _, game = start_match(lee, grant, make_scenario(skirmish_data(general_on=general_on,
                                                                  slug=f"gen-{general_on[0]}")),
                          side="union")
    return game


def page(client, game, query=""):
    game.refresh_from_db()
    return client.get(f"/play/games/{game.pk}/{query}", **HX).content.decode()


def test_a_hex_with_a_unit_and_its_general_selects_the_unit_first(client, lee, grant):
    game = start(lee, grant, (12, 6))
    act(game, lee, {"type": "play_card", "card": "attack_centre", "mode": "section"})
    act(game, lee, {"type": "order", "unit": "u1"})
    act(game, lee, {"type": "confirm_orders"})
    client.force_login(lee)
    html = page(client, game, "?sel=12,6")
    # the reachable hexes move the unit (its general goes with it)
    assert posted_action(hex_tag(html, 13, 5)) == {"type": "move", "unit": "u1",
                                                   "to": {"col": 13, "row": 5}}
    # a second click on the hex selects the general instead
    assert "sel=12,6&amp;piece=general" in hex_tag(html, 12, 6)
    html = page(client, game, "?sel=12,6&piece=general")
    assert posted_action(hex_tag(html, 13, 5))["type"] == "move_general"
    assert "sel=12,6" in hex_tag(html, 12, 6) and "piece=general" not in hex_tag(html, 12, 6)


def test_a_selected_general_clicking_an_ordered_unit_selects_that_unit(client, lee, grant):
    game = start(lee, grant, (10, 6))
    act(game, lee, {"type": "play_card", "card": "attack_centre", "mode": "section"})
    engine = services.load_engine(game)
    for a in [a for a in engine.legal_actions() if a["type"] == "order"]:
        if game.phase == "order":
            act(game, lee, a)
    if game.phase == "order":
        act(game, lee, {"type": "confirm_orders"})
    client.force_login(lee)
    html = page(client, game, "?sel=10,6")
    tag = hex_tag(html, 12, 6)                     # the ordered infantry's hex, reachable
    assert "reachable" in tag and posted_action(tag) is None and "sel=12,6" in tag
    # joining that unit stays possible, but only through its own button
    assert "To G7" in html
    tag = hex_tag(html, 11, 5)                     # an empty hex: the general moves there
    assert posted_action(tag) == {"type": "move_general", "general": "g1",
                                  "to": {"col": 11, "row": 5}}


def test_take_back_is_offered_only_when_allowed(client, lee, grant):
    game = start(lee, grant, (4, 8))
    client.force_login(lee)
    act(game, lee, {"type": "play_card", "card": services.load_engine(game).hands["union"][0],
                    "mode": "skirmish"})
    assert "Take back" not in page(client, game)             # the card was shown
    act(game, lee, {"type": "order", "unit": "u1"})
    act(game, lee, {"type": "move", "unit": "u1", "to": {"col": 13, "row": 5}})
    html = page(client, game)
    assert "Take back: The Union infantry at G7 moved to F7" in html
    r = client.post(f"/play/games/{game.pk}/undo/", {"version": game.version}, **HX)
    assert r.status_code == 200 and "took back a step (a move)" in r.content.decode()
    game.refresh_from_db()
    units = services.load_engine(game).view("union")["units"]
    assert units[0]["hex"] == {"col": 12, "row": 6}              # back where it stood
    assert game.phase == "move"
    # the opponent never sees the button
    client.force_login(grant)
    assert "Take back" not in page(client, game)
    client.force_login(lee)
    # a stale page is refused
    r = client.post(f"/play/games/{game.pk}/undo/", {"version": game.version - 1})
    assert r.status_code == 409
    # after the dice, no take back
    act(game, lee, {"type": "move", "unit": "u1", "to": {"col": 13, "row": 5}})
    act(game, lee, {"type": "end_movement"})
    act(game, lee, {"type": "attack", "unit": "u1", "target": {"col": 13, "row": 3}})
    assert "Take back" not in page(client, game)
    r = client.post(f"/play/games/{game.pk}/undo/", {"version": game.version})
    assert r.status_code == 400 and "Nothing can be taken back" in r.content.decode()


def test_resign_asks_for_a_confirmation(client, lee, grant, meade):
    game = start(lee, grant, (4, 8))
    client.force_login(grant)
    assert "Resign this game" in page(client, game)
    r = client.post(f"/play/games/{game.pk}/resign/", {"version": game.version})
    assert r.status_code == 400 and "confirm" in r.content.decode()
    game.refresh_from_db()
    assert not game.is_over
    r = client.post(f"/play/games/{game.pk}/resign/", {"version": game.version, "confirm": "yes"})
    assert r.status_code == 303
    game.refresh_from_db()
    assert game.is_over and game.winner_side == "union"
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert "the opponent resigned" in html and "re-match" in html
    assert Game.objects.filter(match=game.match, number=2).exists()
    client.force_login(meade)
    r = client.post(f"/play/games/{game.pk}/resign/", {"version": game.version, "confirm": "yes"})
    assert r.status_code in (403, 409)
