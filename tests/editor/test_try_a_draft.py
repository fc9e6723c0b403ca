"""A draft is tried before it is published: the engine's sight overlay on the board, and a
practice game against Archie or a member that keeps the data it was dealt from."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from games.editor import drafts
from games.models import Game, Match, Scenario

pytestmark = pytest.mark.django_db

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "games" / "scenarios"
HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def draft(client, player):
    client.force_login(player)
    data = json.loads((SCENARIO_DIR / "belmont.json").read_text(encoding="utf-8"))
    return drafts.import_draft(player, json.dumps(data))


def hex_classes(html: str, col: int, row: int) -> str:
    head = html.split(f'data-col="{col}" data-row="{row}"')[0]
    return head.rsplit('<g class="', 1)[1].split('"', 1)[0]


def test_the_sight_overlay_marks_what_the_engine_says_a_unit_sees_and_reaches(client, draft):
    unit = draft.data["units"][0]
    col, row = unit["hex"]["col"], unit["hex"]["row"]
    html = client.post(f"/editor/{draft.pk}/edit/", {"tool": "sight", "col": col, "row": row}, **HX).content.decode()
    assert f"From ({col},{row}):" in html and "in sight" in html
    seen = [p for p in html.split('<g class="hex ')[1:] if " seen" in p.split('"', 1)[0]]
    reach = [p for p in html.split('<g class="hex ')[1:] if " reach" in p.split('"', 1)[0]]
    assert seen and reach and len(reach) <= len(seen)
    assert "selected" in hex_classes(html, col, row)


def test_the_overlay_waits_for_a_battle_the_loader_accepts(client, draft):
    client.post(f"/editor/{draft.pk}/edit/", {"tool": "erase", "layer": "units", "hexes": " ".join(
        f"{u['hex']['col']},{u['hex']['row']}" for u in draft.data["units"])}, **HX)
    html = client.post(f"/editor/{draft.pk}/edit/", {"tool": "sight", "col": 12, "row": 4}, **HX).content.decode()
    assert "needs a battle the loader accepts" in html


def test_a_practice_game_against_archie_keeps_the_data_it_was_dealt_from(client, player, draft):
    dealt = copy.deepcopy(draft.data)
    response = client.post(f"/editor/{draft.pk}/practice/", {"level": "recruit"})
    assert response.status_code == 302 and response["Location"].startswith("/play/games/")
    game = Game.objects.get()
    assert game.match.archie_level == "recruit" and game.match.scenario.practice
    assert game.state["scenario"] == dealt
    client.post(f"/editor/{draft.pk}/edit/", {"tool": "terrain", "terrain_kind": "rough", "col": 12, "row": 4}, **HX)
    game.refresh_from_db()
    assert game.state["scenario"] == dealt
    assert client.get(response["Location"]).status_code == 200
    # the practice copy is listed nowhere
    assert not Scenario.objects.filter(practice=True).exists()
    assert game.match.scenario.slug not in client.get("/scenarios/").content.decode()


def test_a_practice_game_against_a_member_is_a_challenge(client, player, draft, lee):
    response = client.post(f"/editor/{draft.pk}/practice/", {"opponent": lee.get_username()})
    match = Match.objects.get()
    assert response["Location"] == match.get_absolute_url()
    assert match.opponent == lee and match.status == Match.Status.CHALLENGE


def test_a_broken_draft_cannot_be_tried(client, draft):
    client.post(f"/editor/{draft.pk}/edit/", {"tool": "terrain", "terrain_kind": "rough",
                                              "col": draft.data["units"][0]["hex"]["col"],
                                              "row": draft.data["units"][0]["hex"]["row"]}, **HX)
    response = client.post(f"/editor/{draft.pk}/practice/", {"level": "recruit"}, follow=True)
    assert "cannot be played yet: units[0]" in response.content.decode()
    assert not Match.objects.exists()
