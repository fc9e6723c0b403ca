"""A battle on two maps stood long side to long side (house rule 36; docs/rulings.md H98) in the
editor: started blank on two maps, drawn with its filler row, painted on the second map and on
the filler row, refused below its last row, and exported with its board."""
from __future__ import annotations

import json

import pytest

from games.editor import drafts
from games.engine import board_named
from games.models import ScenarioDraft

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
TWO = board_named("mapsets-2")


def post(client, draft, **fields) -> str:
    response = client.post(f"/editor/{draft.pk}/edit/", fields, **HX)
    assert response.status_code == 200
    return response.content.decode()


def test_a_blank_draft_on_two_maps_is_drawn_and_painted_across_the_seam(client, player):
    client.force_login(player)
    assert "Two maps long side to long side with a filler row between, 19 rows deep" in \
        client.get("/editor/").content.decode()
    client.post("/editor/new/", {"base": "", "board": "mapsets-2"})
    draft = ScenarioDraft.objects.get(author=player)
    assert draft.data["board"] == "mapsets-2"
    page = client.get(f"/editor/{draft.pk}/").content.decode()
    assert page.count('class="hex ') == TWO.size == 238 and 'class="board mapsets-2"' in page
    assert page.count("filler") >= 12
    post(client, draft, tool="terrain", terrain_kind="woods", hexes="11,9 12,16")
    post(client, draft, tool="unit", unit_side="union", unit_kind="infantry", col="12", row="18")
    data = ScenarioDraft.objects.get(pk=draft.pk).data
    assert {(t["hex"]["col"], t["hex"]["row"]) for t in data["terrain"]} == {(11, 9), (12, 16)}
    assert "There is no hex (12,20)" in post(client, draft, tool="terrain", terrain_kind="woods",
                                               col="12", row="20")
    exported = json.loads(drafts.export_text(ScenarioDraft.objects.get(pk=draft.pk), player))
    assert exported["board"] == "mapsets-2"


def test_a_draft_on_two_maps_is_played_as_a_practice_game_under_the_rule(player):
    from pathlib import Path

    from games.editor.practice import start_practice

    text = (Path(__file__).resolve().parents[2] / "games" / "scenarios"
            / "gettysburg-picketts-charge-two-maps.json").read_text(encoding="utf-8")
    draft = drafts.import_draft(player, text)
    match = start_practice(draft, player, level="recruit")
    assert match.options == {"multi_mapsets": True}
    assert match.scenario.engine_scenario().board.name == "mapsets-2"
    assert "House rule: multi mapsets" in str(match.options_in_force)
