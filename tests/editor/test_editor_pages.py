"""The editor through its HTMX endpoints: each tool's post is saved in the draft at once
(the autosave), answered with the board redrawn, and undone and redone exactly."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.editor import drafts
from games.models import ScenarioDraft

pytestmark = pytest.mark.django_db

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "games" / "scenarios"
HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def draft(client, player):
    client.force_login(player)
    return drafts.new_draft(player)


def post(client, draft, **fields):
    response = client.post(f"/editor/{draft.pk}/edit/", fields, **HX)
    assert response.status_code == 200
    return response.content.decode()


def saved(draft) -> dict:
    return ScenarioDraft.objects.get(pk=draft.pk).data


def at(entries, col, row):
    return [e for e in entries if e["hex"] == {"col": col, "row": row}]


def test_the_editor_page_draws_the_board_with_its_tray(client, draft):
    page = client.get(f"/editor/{draft.pk}/").content.decode()
    assert 'class="board"' in page and 'id="tray"' in page and 'id="workspace"' in page
    assert page.count('class="hex ') == 113          # the engine's board, drawn as in play
    assert 'accesskey="t"' in page and "Ctrl+Z" in page


def test_painting_terrain_saves_the_draft_and_redraws_the_board(client, draft):
    html = post(client, draft, tool="terrain", terrain_kind="woods", col="4", row="2")
    assert html.lstrip().startswith('<div id="workspace"')
    assert 't-woods' in html and "Woods on (4,2)" in html
    assert at(saved(draft)["terrain"], 4, 2) == [{"hex": {"col": 4, "row": 2}, "kind": "woods"}]
    # a drag paints a stroke of hexes as one edit
    post(client, draft, tool="terrain", terrain_kind="hill", hexes="6,2 7,3 8,2")
    kinds = {(t["hex"]["col"], t["hex"]["row"]): t["kind"] for t in saved(draft)["terrain"]}
    assert kinds == {(4, 2): "woods", (6, 2): "hill", (7, 3): "hill", (8, 2): "hill"}


def test_hexsides_are_put_on_and_taken_off_one_side_at_a_time(client, draft):
    post(client, draft, tool="hexside", obstacle_kind="fence", hexside="NE", col="4", row="2")
    post(client, draft, tool="hexside", obstacle_kind="fence", hexside="NW", col="4", row="2")
    assert at(saved(draft)["terrain"], 4, 2) == [{"hex": {"col": 4, "row": 2}, "kind": "fence", "sides": ["NE", "NW"]}]
    post(client, draft, tool="hexside", obstacle_kind="entrenchment", hexside="NE", col="4", row="2")
    assert sorted((t["kind"], tuple(t["sides"])) for t in at(saved(draft)["terrain"], 4, 2)) == [
        ("entrenchment", ("NE",)), ("fence", ("NW",))]
    post(client, draft, tool="hexside", obstacle_kind="fence", hexside="NW", col="4", row="2")
    assert [t["kind"] for t in at(saved(draft)["terrain"], 4, 2)] == ["entrenchment"]


def test_units_carry_every_marking_of_the_format(client, draft):
    post(client, draft, tool="unit", unit_side="confederate", unit_kind="artillery", figures="2",
         horse="1", green="1", special="stuart-horse", col="5", row="1")
    post(client, draft, tool="unit", unit_side="union", unit_kind="infantry", not_fresh="1", col="5", row="7")
    post(client, draft, tool="general", general_side="union", general_name="Ord", col="5", row="7")
    post(client, draft, tool="flag", flag_side="union", flags="2", flag_name="Church", col="12", row="4")
    data = saved(draft)
    assert at(data["units"], 5, 1) == [{"hex": {"col": 5, "row": 1}, "side": "confederate", "kind": "artillery",
                                        "figures": 2, "green": True, "horse": True, "special": "stuart-horse"}]
    assert at(data["units"], 5, 7)[0]["fresh"] is False
    assert data["generals"] == [{"hex": {"col": 5, "row": 7}, "side": "union", "name": "Ord"}]
    assert data["flag_tokens"] == [{"kind": "objective", "hex": {"col": 12, "row": 4}, "side": "union",
                                    "flags": 2, "name": "Church"}]
    html = post(client, draft, tool="erase", layer="units", col="5", row="7")
    assert at(saved(draft)["units"], 5, 7) == [] and saved(draft)["generals"]
    assert "Erased (5,7)" in html


def test_undo_and_redo_restore_the_saved_draft_exactly(client, draft):
    before = saved(draft)
    post(client, draft, tool="terrain", terrain_kind="town", col="10", row="4")
    post(client, draft, tool="unit", unit_side="union", unit_kind="cavalry", col="10", row="4")
    after = saved(draft)
    html = client.post(f"/editor/{draft.pk}/undo/", **HX).content.decode()
    assert "Undo: Union cavalry on (10,4)" in html
    client.post(f"/editor/{draft.pk}/undo/", **HX)
    assert saved(draft) == before
    html = client.post(f"/editor/{draft.pk}/undo/", **HX).content.decode()
    assert "Nothing to undo." in html
    client.post(f"/editor/{draft.pk}/redo/", **HX)
    client.post(f"/editor/{draft.pk}/redo/", **HX)
    assert saved(draft) == after
    # a new edit after an undo drops the edits undone
    client.post(f"/editor/{draft.pk}/undo/", **HX)
    post(client, draft, tool="terrain", terrain_kind="farm", col="2", row="2")
    assert "Nothing to redo." in client.post(f"/editor/{draft.pk}/redo/", **HX).content.decode()


def test_mirroring_a_half_copies_it_onto_the_other(client, draft):
    post(client, draft, tool="terrain", terrain_kind="hill", col="2", row="0")
    post(client, draft, tool="hexside", obstacle_kind="fence", hexside="E", col="2", row="0")
    post(client, draft, tool="unit", unit_side="union", unit_kind="infantry", col="3", row="7")
    post(client, draft, tool="mirror", half="left")
    data = saved(draft)
    assert {"hex": {"col": 22, "row": 0}, "kind": "hill"} in data["terrain"]
    assert {"hex": {"col": 22, "row": 0}, "kind": "fence", "sides": ["W"]} in data["terrain"]
    assert at(data["units"], 21, 7)[0]["side"] == "union"
    # top onto bottom turns the half round and gives each piece to the other side
    post(client, draft, tool="mirror", half="bottom")
    data = saved(draft)
    assert at(data["units"], 21, 1)[0]["side"] == "confederate"
    assert at(data["units"], 3, 1)[0]["side"] == "confederate"


def test_a_region_is_copied_pasted_and_cut(client, draft):
    post(client, draft, tool="terrain", terrain_kind="woods", hexes="0,0 2,0 1,1")
    post(client, draft, tool="unit", unit_side="union", unit_kind="infantry", col="1", row="1")
    post(client, draft, tool="select", col="0", row="0")
    html = post(client, draft, tool="select", col="3", row="1")
    assert "picked" in html and "Region selected" in html
    client.post(f"/editor/{draft.pk}/region/", {"action": "copy"}, **HX)
    post(client, draft, tool="paste", col="10", row="4")
    data = saved(draft)
    assert {"hex": {"col": 11, "row": 5}, "kind": "woods"} in data["terrain"]
    assert at(data["units"], 11, 5)
    client.post(f"/editor/{draft.pk}/region/", {"action": "cut"}, **HX)
    data = saved(draft)
    assert not at(data["units"], 1, 1) and not at(data["terrain"], 0, 0)
    post(client, draft, tool="paste", col="16", row="6")
    assert at(saved(draft)["units"], 17, 7)


def test_problems_are_listed_and_marked_on_their_hex(client, draft):
    post(client, draft, tool="terrain", terrain_kind="rough", col="6", row="4")
    html = post(client, draft, tool="unit", unit_side="union", unit_kind="infantry", col="6", row="4")
    assert "units[0] at (6,4): no unit may stand on rough terrain" in html
    assert 'data-col="6" data-row="4"' in html
    hex_g = html.split('data-col="6" data-row="4"')[0].rsplit("<g ", 1)[1]
    assert "problem" in hex_g                              # the hex is marked


def test_hostile_input_is_refused_with_a_message(client, draft):
    for fields, words in [
        ({"tool": "terrain", "terrain_kind": "woods", "col": "99", "row": "4"}, "There is no hex (99,4)"),
        ({"tool": "terrain", "terrain_kind": "woods", "col": "x", "row": "4"}, "Choose a hex on the board"),
        ({"tool": "terrain", "terrain_kind": "lava", "col": "4", "row": "2"}, "Terrain: choose one of"),
        ({"tool": "terrain", "terrain_kind": "woods", "hexes": " ".join(["0,0"] * 500)}, "at most 400 hexes"),
        ({"tool": "general", "general_side": "union", "general_name": "<script>alert(1)</script>",
          "col": "4", "row": "2"}, "without &lt; or &gt;"),
        ({"tool": "nuke", "col": "4", "row": "2"}, "There is no tool"),
        ({"tool": "unit", "unit_side": "union", "unit_kind": "infantry", "horse": "1",
          "col": "4", "row": "2"}, "only an artillery unit"),
    ]:
        html = post(client, draft, **fields)
        assert words in html, fields
    assert saved(draft)["terrain"] == [] and saved(draft)["generals"] == []
    deep = "[" * 5000 + "]" * 5000
    response = client.post("/editor/open/", {"file": _file(deep)})
    assert response.status_code == 302
    assert "nested too deeply" in client.get("/editor/").content.decode()


def _file(text: str):
    from django.core.files.uploadedfile import SimpleUploadedFile
    return SimpleUploadedFile("battle.json", text.encode(), "application/json")


def test_a_draft_is_its_author_s_alone(client, draft, lee):
    client.force_login(lee)
    assert client.get(f"/editor/{draft.pk}/").status_code == 404
    assert client.post(f"/editor/{draft.pk}/edit/", {"tool": "terrain", "terrain_kind": "woods",
                                                     "col": "0", "row": "0"}).status_code == 404
    assert client.get(f"/editor/{draft.pk}.json").status_code == 404


def test_without_javascript_the_tray_form_edits_and_comes_back_to_the_page(client, draft):
    response = client.post(f"/editor/{draft.pk}/edit/", {"tool": "terrain", "terrain_kind": "town",
                                                         "col": "12", "row": "4"})
    assert response.status_code == 302 and response["Location"] == f"/editor/{draft.pk}/?tool=terrain"
    assert at(saved(draft)["terrain"], 12, 4)


def test_the_details_form_saves_the_battle_s_fields(client, draft):
    fields = {"slug": "my-battle", "name": "Cross Roads", "subtitle": "", "dates": "1863-06-01, 1863-06-02",
              "state": "PA", "first_appearance": "Club", "layout_source": "approximation",
              "union_position": "top", "first_side": "confederate", "special_rules_text": "None.",
              "historical_note": "A meeting <b>engagement</b>.", "source_notes": "", "corrections": "",
              "union_commander": "Reynolds", "union_cards": "5", "union_flags": "6",
              "confederate_commander": "Heth", "confederate_cards": "4", "confederate_flags": "7",
              "rule_add": "los_clear", "rule_params": json.dumps({"terrain": "field"})}
    response = client.post(f"/editor/{draft.pk}/details/", fields, **HX)
    html = response.content.decode()
    assert "Details saved." in html and 'hx-swap-oob="true"' in html
    data = saved(draft)
    assert data["name"] == "Cross Roads" and data["dates"] == ["1863-06-01", "1863-06-02"]
    assert data["sides"]["union"] == {"position": "top", "commander": "Reynolds", "cards": 5, "flags": 6}
    assert data["sides"]["confederate"]["position"] == "bottom" and data["first_side"] == "confederate"
    assert data["special_rules"] == [{"rule": "los_clear", "terrain": "field"}]
    assert "subtitle" not in data
    bad = dict(fields, union_cards="99", name="x\ny", rule_params="[[[[[[[[[[]]]]]]]]]]")
    html = client.post(f"/editor/{draft.pk}/details/", bad, **HX).content.decode()
    assert "Ensure this value is less than or equal to 10" in html
    assert "A name is one line" in html and "nested too deeply" in html
    assert saved(draft)["sides"]["union"]["cards"] == 5


def test_the_published_staffing_is_a_file_of_facts_about_the_shipped_battles():
    from games.editor.staffing import staffing_file
    from games.engine import BOX_LIMITS

    facts = staffing_file()
    battles = facts["battles"]
    assert sorted(b["number"] for b in battles.values()) == list(range(1, 31))
    assert all((SCENARIO_DIR / f"{slug}.json").exists() for slug in battles)
    assert {b["confidence"] for b in battles.values()} <= set(facts["confidence"])
    assert facts["source"] and facts["figures"]
    for slug, b in battles.items():
        for side in ("union", "confederate"):
            army = b.get(side)
            if army is None:
                assert b["confidence"] == "not found", slug
                continue
            for kind in ("infantry", "cavalry", "artillery", "generals"):
                n = army[kind]
                limit = BOX_LIMITS["general" if kind == "generals" else kind]
                assert n is None or 0 <= n <= limit, (slug, side, kind)


def _correction(client, player, slug):
    from django.core.management import call_command

    from games.models import Scenario
    call_command("load_scenarios", str(SCENARIO_DIR / f"{slug}.json"), verbosity=0)
    client.force_login(player)
    return drafts.new_draft(player, Scenario.objects.get(slug=slug))


def test_a_correction_shows_its_armies_beside_the_published_staffing(client, player):
    draft = _correction(client, player, "fredericksburg")
    page = client.get(f"/editor/{draft.pk}/").content.decode()
    assert "Published staffing: Fredericksburg (2010 edition, battle 8)" in page
    assert "<td>Burnside</td><td>4</td><td>11</td><td>9</td><td>1</td><td>1</td><td>42</td><td>3</td>" in page
    assert "This map has the published staffing." in page
    assert "The shipped file has exactly the published staffing." in page
    unit = next(u for u in saved(draft)["units"] if u["side"] == "union" and u["kind"] == "infantry")
    html = post(client, draft, tool="erase", layer="units", col=str(unit["hex"]["col"]), row=str(unit["hex"]["row"]))
    assert "This map differs from the published staffing:" in html
    assert "Union infantry: 8 units on the map, 9 published." in html
    assert "The shipped file has exactly the published staffing." in html


def test_a_shipped_file_that_differs_from_the_published_staffing_is_said_to(client, player):
    from games.models import Scenario
    draft = _correction(client, player, "belmont")
    shipped = Scenario.objects.get(slug="belmont")
    data = dict(shipped.data, generals=shipped.data["generals"][1:],
                sides=dict(shipped.data["sides"], union=dict(shipped.data["sides"]["union"], cards=4)))
    gone = shipped.data["generals"][0]["side"]
    Scenario.objects.filter(pk=shipped.pk).update(data=data)
    page = client.get(f"/editor/{draft.pk}/").content.decode()
    assert "The shipped file differs from the published staffing too:" in page
    published = {"union": 3, "confederate": 2}[gone]
    who = {"union": "Union", "confederate": "Confederate"}[gone]
    assert f"{who} generals: {published - 1} on the map, {published} published." in page
    assert "Union cards in hand: 4 in the file, 5 published." in page


def test_a_battle_whose_staffing_was_not_found_says_so(client, player):
    draft = _correction(client, player, "antietam")
    page = client.get(f"/editor/{draft.pk}/").content.decode()
    assert "Published staffing: Antietam (2010 edition, battle 7)" in page
    assert "was not found in any public source: nothing to compare" in page


def test_the_hexside_tray_is_the_terrain_table_s(client, draft, monkeypatch):
    from games.engine import TERRAIN, TerrainKind

    def tray(kind_field):
        page = client.get(f"/editor/{draft.pk}/").content.decode()
        return page.count(f'name="{kind_field}" value=')

    offered = {k for k, t in TERRAIN.items() if t.obstacle}
    # no river bank (ruling 72); the house rules' slopes are hexsides too
    assert offered == {"fence", "entrenchment", "fieldwork", "slope", "major_slope"}
    assert tray("obstacle_kind") == 5
    page = client.get(f"/editor/{draft.pk}/").content.decode()
    assert all(f'name="obstacle_kind" value="{k}"' in page for k in offered)
    # a kind the terrain table gains (a hedge, say) joins the tray and the tool
    monkeypatch.setitem(TERRAIN, "hedge", TerrainKind("hedge", "Hedge", obstacle=True, defence=1))
    page = client.get(f"/editor/{draft.pk}/").content.decode()
    assert 'name="obstacle_kind" value="hedge"> Hedge' in page
    html = post(client, draft, tool="hexside", obstacle_kind="hedge", hexside="SE", col="4", row="2")
    assert "Hedge on the SE side of (4,2)" in html and "ob hedge" in html
    assert at(saved(draft)["terrain"], 4, 2) == [{"hex": {"col": 4, "row": 2}, "kind": "hedge", "sides": ["SE"]}]
    # painting a hex's terrain keeps the new hexside, as it keeps a fence
    post(client, draft, tool="terrain", terrain_kind="hill", col="4", row="2")
    assert sorted(t["kind"] for t in at(saved(draft)["terrain"], 4, 2)) == ["hedge", "hill"]


DETAILS = {"slug": "crossroads", "name": "Crossroads", "subtitle": "", "dates": "1863-06-01", "state": "PA",
           "first_appearance": "Club", "layout_source": "approximation", "union_position": "bottom",
           "first_side": "union", "special_rules_text": "Hold the crossroads.", "historical_note": "A fight.",
           "source_notes": "", "corrections": "", "union_commander": "Meade", "union_cards": "5",
           "union_flags": "6", "confederate_commander": "Lee", "confederate_cards": "5", "confederate_flags": "6"}


def _marked(html, col, row) -> bool:
    hex_g = html.split(f'data-col="{col}" data-row="{row}"')[0].rsplit("<g ", 1)[1]
    return "rule-hex" in hex_g


def test_a_special_rule_s_hexes_are_picked_on_the_board(client, draft):
    html = client.get(f"/editor/{draft.pk}/").content.decode()
    assert "No special rule of the battle names hexes yet" in html and 'accesskey="r"' in html
    # the rule is added without its hexes; the tray then offers it (an out-of-band swap)
    html = client.post(f"/editor/{draft.pk}/details/", dict(DETAILS, rule_add="temporary_flags",
                                                            rule_params='{"side": "union"}'), **HX).content.decode()
    assert saved(draft)["special_rules"] == [{"rule": "temporary_flags", "hexes": [], "side": "union"}]
    assert '<div id="rule-pick" hx-swap-oob="true">' in html
    assert '<option value="0" selected>1. temporary flags (Union)</option>' in html
    assert "special_rules[0]: " in html                     # the checks: a rule without hexes

    html = post(client, draft, tool="rule", rule_target="0", col="12", row="4")
    assert "(12,4) added to the hexes of special rule 1 (temporary flags)" in html
    assert _marked(html, 12, 4) and not _marked(html, 10, 4)
    assert "special_rules[0]: " not in html
    html = post(client, draft, tool="rule", rule_target="0", hexes="10,4 12,4 14,4")   # a drag
    assert saved(draft)["special_rules"][0]["hexes"] == [
        {"col": 12, "row": 4}, {"col": 10, "row": 4}, {"col": 14, "row": 4}]
    assert all(_marked(html, c, 4) for c in (10, 12, 14))
    html = post(client, draft, tool="rule", rule_target="0", col="12", row="4")       # picked again: out
    assert "(12,4) taken out of the hexes of special rule 1" in html and not _marked(html, 12, 4)
    assert saved(draft)["special_rules"][0]["hexes"] == [{"col": 10, "row": 4}, {"col": 14, "row": 4}]
    client.post(f"/editor/{draft.pk}/undo/", **HX)
    assert len(saved(draft)["special_rules"][0]["hexes"]) == 3

    # a rule of groups: a hex to the first group, another to a new group
    client.post(f"/editor/{draft.pk}/details/", dict(DETAILS, rule_add="hold_together_flags",
                                                     rule_params='{"side": "confederate", "flags": 3}'), **HX)
    html = client.get(f"/editor/{draft.pk}/").content.decode()
    assert '<option value="1/0" selected>2. hold together flags (Confederate), group 1</option>' in html
    post(client, draft, tool="rule", rule_target="1/0", col="4", row="2")
    html = post(client, draft, tool="rule", rule_target="1/new", col="20", row="2")
    assert '<option value="1/1">2. hold together flags (Confederate), group 2</option>' in html
    assert saved(draft)["special_rules"][1]["groups"] == [[{"col": 4, "row": 2}], [{"col": 20, "row": 2}]]

    # refused: no such rule, a rule without hexes, a hex off the board
    client.post(f"/editor/{draft.pk}/details/", dict(DETAILS, rule_add="los_clear",
                                                     rule_params='{"terrain": "field"}'), **HX)
    for target, words in (("7", "special rules that names hexes"), ("2", "special rules that names hexes"),
                          ("0/1", "that rule has no groups"), ("1/9", "groups, or a new group")):
        assert words in post(client, draft, tool="rule", rule_target=target, col="4", row="2"), target
    assert "There is no hex (99,2)" in post(client, draft, tool="rule", rule_target="0", col="99", row="2")


def test_a_hostile_file_is_refused_or_shown_harmless(client, player):
    client.force_login(player)
    huge = json.dumps({"format": 1, "terrain": [{"hex": {"col": 0, "row": 0}, "kind": "woods"}] * 6000})
    response = client.post("/editor/open/", {"file": _file(huge)}, follow=True)
    assert "a scenario file may be at most 200 KB" in response.content.decode()
    assert client.post("/editor/open/", {"file": _file("[1, 2]")}, follow=True).status_code == 200
    assert not ScenarioDraft.objects.exists()
    # scripts in names and notes, hexes of every wrong shape: opened, listed, never run
    evil = {"name": "<script>alert(1)</script>", "historical_note": "<img src=x onerror=alert(2)>",
            "units": [{"hex": {"col": "<script>", "row": 10 ** 12}, "side": "union", "kind": "infantry"}],
            "generals": [{"hex": {"col": 4, "row": 2}, "side": "union", "name": "<b onclick=x>"}],
            "special_rules": [{"rule": "temporary_flags", "side": "union", "hexes": [{"col": -1, "row": 2}]}]}
    response = client.post("/editor/open/", {"file": _file(json.dumps(evil))}, follow=True)
    page = response.content.decode()
    assert response.status_code == 200 and ScenarioDraft.objects.count() == 1
    assert "<script>alert" not in page and "<img src=x" not in page and "<b onclick" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "units[0]" in page and "special_rules[0]" in page            # listed under Checks
    draft = ScenarioDraft.objects.get()
    html = post(client, draft, tool="rule", rule_target="0", col="4", row="2")
    assert "(4,2) added to the hexes of special rule 1" in html and "<script>alert" not in html
