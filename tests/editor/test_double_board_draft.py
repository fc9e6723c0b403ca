"""A battle on the double board (two boards joined end to end, 26 x 9) in the editor, through
its HTMX endpoints: started blank or from a shipped double battle, drawn on its far half,
mirrored, copied and pasted, checked, looked across with the sight overlay, exported and
played as a practice game."""
from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command

from games.editor import drafts
from games.engine import board_named
from games.models import Game, Scenario, ScenarioDraft

pytestmark = pytest.mark.django_db

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "games" / "scenarios"
HX = {"HTTP_HX_REQUEST": "true"}
DOUBLE = board_named("double")


def post(client, draft, **fields) -> str:
    response = client.post(f"/editor/{draft.pk}/edit/", fields, **HX)
    assert response.status_code == 200
    return response.content.decode()


def saved(draft) -> dict:
    return ScenarioDraft.objects.get(pk=draft.pk).data


def at(entries, col, row):
    return [e for e in entries if e["hex"] == {"col": col, "row": row}]


@pytest.fixture
def blank(client, player):
    client.force_login(player)
    assert "2 boards joined end to end (26 hexes wide)" in client.get("/editor/").content.decode()
    response = client.post("/editor/new/", {"base": "", "board": "double"})
    draft = ScenarioDraft.objects.get(author=player)
    assert response["Location"] == f"/editor/{draft.pk}/"
    return draft


def test_a_blank_double_board_draft_is_drawn_and_painted_on_its_far_half(client, blank):
    assert blank.data["board"] == "double"
    page = client.get(f"/editor/{blank.pk}/").content.decode()
    assert page.count('class="hex ') == DOUBLE.size and 'class="board double"' in page
    html = post(client, blank, tool="terrain", terrain_kind="woods", hexes="40,2 41,3 50,4")
    assert "t-woods" in html and "Woods on 3 hexes" in html
    post(client, blank, tool="hexside", obstacle_kind="fence", hexside="E", col="44", row="6")
    post(client, blank, tool="unit", unit_side="union", unit_kind="infantry", col="47", row="7")
    data = saved(blank)
    assert {(t["hex"]["col"], t["hex"]["row"]) for t in data["terrain"] if t["kind"] == "woods"} == {
        (40, 2), (41, 3), (50, 4)}
    assert at(data["terrain"], 44, 6) == [{"hex": {"col": 44, "row": 6}, "kind": "fence", "sides": ["E"]}]
    assert at(data["units"], 47, 7)[0]["side"] == "union"
    assert "There is no hex (51,5)" in post(client, blank, tool="terrain", terrain_kind="woods", col="51", row="5")
    # the mirror turns round the double board's centre (column 25), not the single board's
    post(client, blank, tool="mirror", half="right")
    data = saved(blank)
    assert {"hex": {"col": 10, "row": 2}, "kind": "woods"} in data["terrain"]
    assert {"hex": {"col": 6, "row": 6}, "kind": "fence", "sides": ["W"]} in data["terrain"]
    assert at(data["units"], 3, 7)[0]["side"] == "union"
    # a region copied on the left board is pasted onto the right one
    post(client, blank, tool="select", col="0", row="0")
    post(client, blank, tool="select", col="10", row="2")
    client.post(f"/editor/{blank.pk}/region/", {"action": "copy"}, **HX)
    post(client, blank, tool="paste", col="30", row="0")
    assert {"hex": {"col": 40, "row": 2}, "kind": "woods"} in saved(blank)["terrain"]


def test_a_blank_double_board_battle_exports_and_loads_with_load_scenarios(client, player, blank, tmp_path):
    for side, row in (("union", 7), ("confederate", 1)):
        post(client, blank, tool="unit", unit_side=side, unit_kind="infantry", hexes=f"31,{row} 45,{row}")
    client.post(f"/editor/{blank.pk}/details/", {
        "slug": "cross-roads", "name": "Cross Roads", "dates": "1863-06-01", "state": "PA",
        "first_appearance": "Club", "layout_source": "approximation", "union_position": "bottom",
        "first_side": "union", "special_rules_text": "None.", "historical_note": "A meeting.",
        "union_commander": "Reynolds", "union_cards": "5", "union_flags": "6",
        "confederate_commander": "Heth", "confederate_cards": "5", "confederate_flags": "6"}, **HX)
    html = client.get(f"/editor/{blank.pk}/").content.decode()
    assert "No problems: the battle loads" in html
    text = client.get(f"/editor/{blank.pk}.json").content.decode()
    path = tmp_path / "cross-roads.json"
    path.write_text(text, encoding="utf-8")
    call_command("load_scenarios", str(path), verbosity=0)
    loaded = Scenario.objects.get(slug="cross-roads")
    assert loaded.engine_scenario().board is DOUBLE
    assert drafts.export_text(drafts.import_draft(player, text), player) == text


def test_a_shipped_double_battle_is_corrected_checked_looked_across_and_played(client, player):
    call_command("load_scenarios", str(SCENARIO_DIR / "gettysburg-double.json"), verbosity=0)
    client.force_login(player)
    client.post("/editor/new/", {"base": "gettysburg-double", "board": "single"})
    draft = ScenarioDraft.objects.get(author=player)
    assert draft.data["board"] == "double"                   # the battle's own board
    page = client.get(f"/editor/{draft.pk}/").content.decode()
    assert page.count('class="hex ') == DOUBLE.size and "It can be played under" in page
    far = next(u for u in draft.data["units"] if u["hex"]["col"] > 30)
    col, row = far["hex"]["col"], far["hex"]["row"]
    html = post(client, draft, tool="sight", col=col, row=row)
    seen = {int(part.split('data-col="')[1].split('"')[0])
            for part in html.split('<g class="hex ')[1:] if " seen" in part.split('"', 1)[0]}
    assert f"From ({col},{row}):" in html and max(seen) > 24     # sight on the double board
    response = client.post(f"/editor/{draft.pk}/practice/", {"level": "recruit"})
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.state["scenario"]["board"] == "double"
    assert 'class="board double"' in client.get(response["Location"]).content.decode()


def test_the_api_starts_a_blank_double_board_draft(client, player):
    client.force_login(player)
    response = client.post("/api/v1/drafts/", {"board": "double"}, content_type="application/json")
    assert response.status_code == 201 and response.json()["data"]["board"] == "double"
    assert client.post("/api/v1/drafts/", {"board": "triple"}, content_type="application/json").status_code == 400


def test_the_details_form_moves_a_draft_to_the_other_board_and_back(client, blank):
    post(client, blank, tool="unit", unit_side="union", unit_kind="infantry", col="40", row="6")
    fields = {"slug": "cross-roads", "name": "Cross Roads", "dates": "1863-06-01", "state": "PA",
              "first_appearance": "Club", "layout_source": "approximation", "union_position": "bottom",
              "first_side": "union", "special_rules_text": "None.", "historical_note": "A meeting.",
              "union_commander": "Reynolds", "union_cards": "5", "union_flags": "6",
              "confederate_commander": "Heth", "confederate_cards": "5", "confederate_flags": "6"}
    html = client.post(f"/editor/{blank.pk}/details/", {**fields, "board": "single"}, **HX).content.decode()
    assert "board" not in saved(blank)                       # one board: the file names none
    assert "units[0].hex: hex (40,6) is not on the board" in html
    assert html.count('class="hex ') == 113
    client.post(f"/editor/{blank.pk}/undo/", **HX)
    assert saved(blank)["board"] == "double"
