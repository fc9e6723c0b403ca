"""The house rules' terrain in the editor, through its HTMX endpoints: high ground, very rough
ground, slopes and major slopes painted, checked, undone and carried through a file like the
Advanced kinds; the buildings mark of a farm or a town; and the special rules' hexes carried
by a mirror and by copy and paste."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.editor import drafts
from games.models import ScenarioDraft

pytestmark = pytest.mark.django_db

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "barber-ridge.json"
HX = {"HTTP_HX_REQUEST": "true"}
DETAILS = {"slug": "ridge", "name": "Ridge", "subtitle": "", "dates": "1863-06-01", "state": "PA",
           "first_appearance": "Club", "layout_source": "approximation", "union_position": "bottom",
           "first_side": "union", "special_rules_text": "Hold the ridge.", "historical_note": "A fight.",
           "source_notes": "", "corrections": "", "union_commander": "Meade", "union_cards": "5",
           "union_flags": "6", "confederate_commander": "Lee", "confederate_cards": "5", "confederate_flags": "6"}


@pytest.fixture
def draft(client, player):
    client.force_login(player)
    return drafts.new_draft(player)


def post(client, draft, **fields) -> str:
    response = client.post(f"/editor/{draft.pk}/edit/", fields, **HX)
    assert response.status_code == 200
    return response.content.decode()


def saved(draft) -> dict:
    return ScenarioDraft.objects.get(pk=draft.pk).data


def at(entries, col, row):
    return [e for e in entries if e["hex"] == {"col": col, "row": row}]


def hex_words(html: str, col: int, row: int) -> str:
    """What the board says of a hex when it is pointed at (its title)."""
    element = html.split(f'data-col="{col}" data-row="{row}"', 1)[1].split("</g>", 1)[0]
    return re.search(r"<title>([^<]*)</title>", element).group(1)


def add_rule(client, draft, rule: str, params: dict) -> None:
    client.post(f"/editor/{draft.pk}/details/", dict(DETAILS, rule_add=rule, rule_params=json.dumps(params)), **HX)


def rule_hexes(draft, index: int) -> set[tuple[int, int]]:
    return {(h["col"], h["row"]) for h in saved(draft)["special_rules"][index]["hexes"]}


# -- the new kinds painted like the old ones ---------------------------------------------------
def test_the_tray_offers_the_house_rules_terrain_with_its_keys(client, draft):
    page = client.get(f"/editor/{draft.pk}/").content.decode()
    for kind, label in (("high_ground", "High ground"), ("very_rough", "Very rough")):
        assert f'name="terrain_kind" value="{kind}"> {label}' in page
    for kind, label in (("slope", "Slope"), ("major_slope", "Major slope")):
        assert f'name="obstacle_kind" value="{kind}"> {label}' in page
    assert 'value="buildings" accesskey="b" data-key="b"' in page
    assert 'name="buildings" value="house"' in page and 'name="buildings" value="town"' in page


def test_high_ground_and_its_slopes_are_painted_undone_and_redone(client, draft):
    html = post(client, draft, tool="terrain", terrain_kind="high_ground", hexes="10,4 12,4")
    assert "High ground on 2 hexes" in html and hex_words(html, 10, 4).startswith("High ground")
    post(client, draft, tool="hexside", obstacle_kind="slope", hexside="SE", col="10", row="4")
    html = post(client, draft, tool="hexside", obstacle_kind="major_slope", hexside="E", col="12", row="4")
    assert hex_words(html, 12, 4).startswith("High ground with major_slope")
    terrain = saved(draft)["terrain"]
    assert {"hex": {"col": 10, "row": 4}, "kind": "slope", "sides": ["SE"]} in terrain
    assert {"hex": {"col": 12, "row": 4}, "kind": "major_slope", "sides": ["E"]} in terrain
    # a major slope put on a slope's side replaces it, as any obstacle does
    post(client, draft, tool="hexside", obstacle_kind="major_slope", hexside="SE", col="10", row="4")
    assert [t["kind"] for t in at(saved(draft)["terrain"], 10, 4) if "sides" in t] == ["major_slope"]
    client.post(f"/editor/{draft.pk}/undo/", **HX)
    assert {"hex": {"col": 10, "row": 4}, "kind": "slope", "sides": ["SE"]} in saved(draft)["terrain"]
    client.post(f"/editor/{draft.pk}/redo/", **HX)
    assert [t["kind"] for t in at(saved(draft)["terrain"], 10, 4) if "sides" in t] == ["major_slope"]
    # painting the hex anew keeps its sides; the eraser takes all
    post(client, draft, tool="terrain", terrain_kind="very_rough", col="10", row="4")
    assert sorted(t["kind"] for t in at(saved(draft)["terrain"], 10, 4)) == ["major_slope", "very_rough"]
    post(client, draft, tool="erase", layer="terrain", col="10", row="4")
    assert at(saved(draft)["terrain"], 10, 4) == []


def test_the_new_kinds_are_checked_per_hex(client, draft):
    post(client, draft, tool="terrain", terrain_kind="very_rough", col="6", row="4")
    html = post(client, draft, tool="unit", unit_side="union", unit_kind="infantry", col="6", row="4")
    assert "units[0] at (6,4): no unit may stand on very_rough terrain" in html
    assert 'data-col="6" data-row="4"' in html.split('class="problems"')[1]
    # a slope with its side twice (a file opened in the editor) is named on its hex
    data = dict(saved(draft), units=[], terrain=[
        {"hex": {"col": 8, "row": 2}, "kind": "high_ground"},
        {"hex": {"col": 8, "row": 2}, "kind": "slope", "sides": ["NE"]},
        {"hex": {"col": 8, "row": 2}, "kind": "major_slope", "sides": ["NE"]}])
    opened = drafts.import_draft(draft.author, json.dumps(data))
    html = client.get(f"/editor/{opened.pk}/").content.decode()
    assert "terrain[2] at (8,2): side NE already has a slope" in html
    assert '<li data-col="8" data-row="2">' in html


def test_the_club_made_example_comes_out_of_the_editor_as_the_same_file(client, player):
    client.force_login(player)
    text = EXAMPLE.read_text()
    response = client.post("/editor/open/", {"file": _file(text)})
    draft = ScenarioDraft.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))
    html = client.get(f"/editor/{draft.pk}/").content.decode()
    assert "No problems: the battle loads as a scenario file." in html
    exported = client.get(f"/editor/{draft.pk}.json").content.decode()
    assert json.loads(exported) == json.loads(text)
    kinds = {t["kind"] for t in json.loads(exported)["terrain"]}
    assert {"high_ground", "very_rough", "slope", "major_slope"} <= kinds


def _file(text: str):
    from django.core.files.uploadedfile import SimpleUploadedFile
    return SimpleUploadedFile("battle.json", text.encode(), "application/json")


# -- the buildings mark ------------------------------------------------------------------------
def test_a_farm_or_a_town_is_named_a_house_or_a_town(client, draft):
    post(client, draft, tool="terrain", terrain_kind="town", col="8", row="6")
    post(client, draft, tool="terrain", terrain_kind="farm", col="10", row="6")
    html = post(client, draft, tool="buildings", buildings="house", col="8", row="6")
    assert "Buildings a house on (8,6)" in html
    assert hex_words(html, 8, 6).startswith("Town (a house)")            # as the play board says it
    assert at(saved(draft)["terrain"], 8, 6) == [{"hex": {"col": 8, "row": 6}, "kind": "town", "buildings": "house"}]
    html = post(client, draft, tool="buildings", buildings="town", hexes="8,6 10,6")
    assert hex_words(html, 10, 6).startswith("Farm (a town)") and hex_words(html, 8, 6).startswith("Town ")
    assert "(a " not in hex_words(html, 8, 6)                             # a town named a town: its default
    assert ".buildings" not in html                                        # the checks take both
    # the kind's own: the mark is taken off; undo puts it back
    post(client, draft, tool="buildings", buildings="default", col="10", row="6")
    assert at(saved(draft)["terrain"], 10, 6) == [{"hex": {"col": 10, "row": 6}, "kind": "farm"}]
    client.post(f"/editor/{draft.pk}/undo/", **HX)
    assert at(saved(draft)["terrain"], 10, 6)[0]["buildings"] == "town"


def test_buildings_are_refused_where_there_is_no_farm_or_town(client, draft):
    post(client, draft, tool="terrain", terrain_kind="town", col="8", row="6")
    post(client, draft, tool="terrain", terrain_kind="woods", col="4", row="2")
    before = saved(draft)
    html = post(client, draft, tool="buildings", buildings="house", hexes="8,6 4,2 6,2")
    assert "only a farm or a town has buildings, and (4,2), (6,2) are neither" in html
    assert "Buildings: choose one of default, house, town" in post(
        client, draft, tool="buildings", buildings="castle", col="8", row="6")
    assert saved(draft) == before
    # a file that marks woods is checked as the import checks it, on the hex
    data = dict(before, terrain=[{"hex": {"col": 4, "row": 2}, "kind": "woods", "buildings": "house"}])
    opened = drafts.import_draft(draft.author, json.dumps(data))
    html = client.get(f"/editor/{opened.pk}/").content.decode()
    problems = html.split('class="problems"')[1].split("</ul>")[0]
    assert '<li data-col="4" data-row="2">' in problems and "buildings" in problems


def test_the_buildings_tool_in_the_api(client, draft):
    post(client, draft, tool="terrain", terrain_kind="farm", col="12", row="4")
    response = client.post(f"/api/v1/drafts/{draft.pk}/edit/",
                           {"tool": "buildings", "buildings": "town", "col": 12, "row": 4},
                           content_type="application/json")
    assert response.status_code == 200, response.content
    assert response.json()["done"] == "Buildings a town on (12,4)"
    assert at(saved(draft)["terrain"], 12, 4)[0]["buildings"] == "town"
    response = client.post(f"/api/v1/drafts/{draft.pk}/edit/",
                           {"tool": "buildings", "buildings": "house", "col": 2, "row": 0},
                           content_type="application/json")
    assert response.status_code == 400 and "(2,0) is neither" in response.content.decode()


# -- the rule hexes carried by the mirror and by copy and paste --------------------------------
def test_a_mirrored_half_mirrors_its_rule_hexes(client, draft):
    add_rule(client, draft, "no_attack_on_entry", {"attack_reduction": 1, "ignore_flags": 1})
    post(client, draft, tool="rule", rule_target="0", hexes="4,2 20,6")
    post(client, draft, tool="mirror", half="left")
    # (20,6), in the half mirrored onto, is dropped; (4,2) has its twin in the same rule
    assert rule_hexes(draft, 0) == {(4, 2), (20, 2)}
    client.post(f"/editor/{draft.pk}/undo/", **HX)
    assert rule_hexes(draft, 0) == {(4, 2), (20, 6)}


def test_turned_half_a_turn_a_side_s_rule_hexes_go_to_the_other_side_s_rule(client, draft):
    add_rule(client, draft, "temporary_flags", {"side": "union", "flags_per_hex": 1})
    post(client, draft, tool="rule", rule_target="0", hexes="10,6 13,1")
    post(client, draft, tool="unit", unit_side="union", unit_kind="infantry", col="10", row="6")
    html = post(client, draft, tool="mirror", half="bottom")
    rules = saved(draft)["special_rules"]
    assert [(r["rule"], r["side"]) for r in rules] == [("temporary_flags", "union"), ("temporary_flags", "confederate")]
    assert rule_hexes(draft, 0) == {(10, 6)} and rule_hexes(draft, 1) == {(14, 2)}
    assert rules[1]["flags_per_hex"] == 1
    assert at(saved(draft)["units"], 14, 2)[0]["side"] == "confederate"
    assert '<option value="1"' in html and "(Confederate)" in html
    # mirrored again, the twins join the rule made the first time
    post(client, draft, tool="rule", rule_target="0", col="4", row="8")
    post(client, draft, tool="mirror", half="bottom")
    assert len(saved(draft)["special_rules"]) == 2 and rule_hexes(draft, 1) == {(14, 2), (20, 0)}


def test_a_pasted_region_brings_its_rule_hexes_into_the_same_rule(client, draft):
    add_rule(client, draft, "temporary_flags", {"side": "union", "flags_per_hex": 1})
    add_rule(client, draft, "hold_together_flags", {"side": "confederate", "flags": 2})
    post(client, draft, tool="terrain", terrain_kind="town", hexes="2,2 3,3")
    post(client, draft, tool="rule", rule_target="0", col="2", row="2")
    post(client, draft, tool="rule", rule_target="1/0", col="3", row="3")
    post(client, draft, tool="rule", rule_target="1/new", col="20", row="6")
    post(client, draft, tool="rule", rule_target="0", col="15", row="5")      # covered by the paste
    post(client, draft, tool="select", col="2", row="2")
    post(client, draft, tool="select", col="3", row="3")
    client.post(f"/editor/{draft.pk}/region/", {"action": "copy"}, **HX)
    html = post(client, draft, tool="paste", col="14", row="4")
    assert "Pasted at (14,4)" in html and "special rule" not in html.split("Pasted at (14,4)")[1].split("<")[0]
    assert rule_hexes(draft, 0) == {(2, 2), (14, 4)}                          # (15,5) replaced
    groups = [{(h["col"], h["row"]) for h in g} for g in saved(draft)["special_rules"][1]["groups"]]
    assert groups == [{(3, 3), (15, 5)}, {(20, 6)}]
    assert {"hex": {"col": 14, "row": 4}, "kind": "town"} in saved(draft)["terrain"]
    # a cut takes the hexes out of their rules; the paste puts them where it lands
    client.post(f"/editor/{draft.pk}/region/", {"action": "cut"}, **HX)
    assert rule_hexes(draft, 0) == {(14, 4)}
    post(client, draft, tool="paste", col="6", row="0")
    assert rule_hexes(draft, 0) == {(14, 4), (6, 0)}
    client.post(f"/editor/{draft.pk}/undo/", **HX)
    assert rule_hexes(draft, 0) == {(14, 4)}
    # the eraser's "everything" takes a hex out of its rule; its terrain alone leaves it in
    post(client, draft, tool="erase", layer="terrain", col="14", row="4")
    assert rule_hexes(draft, 0) == {(14, 4)}
    post(client, draft, tool="erase", layer="all", col="14", row="4")
    assert rule_hexes(draft, 0) == set()


def test_pasted_into_another_draft_the_rule_comes_with_its_hexes(client, draft, player):
    add_rule(client, draft, "ignore_flag_on_hexes", {"side": "union", "flags": 1})
    post(client, draft, tool="rule", rule_target="0", col="4", row="2")
    post(client, draft, tool="select", col="4", row="2")
    post(client, draft, tool="select", col="5", row="3")
    client.post(f"/editor/{draft.pk}/region/", {"action": "copy"}, **HX)
    other = drafts.new_draft(player)
    html = post(client, other, tool="paste", col="10", row="6")
    assert "special rule added: ignore flag on hexes" in html
    assert saved(other)["special_rules"] == [{"rule": "ignore_flag_on_hexes", "side": "union", "flags": 1,
                                              "hexes": [{"col": 10, "row": 6}]}]
