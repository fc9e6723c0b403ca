"""Drafts, versions, checks and publishing through the API, with the editor's rules."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from games.models import ScenarioDraft
from tests.tournaments.helpers import make_club

pytestmark = pytest.mark.django_db

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "games" / "scenarios"


def api(user=None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_authenticate(user)
    return c


def test_a_draft_is_drawn_checked_and_published_through_the_api(player, lee):
    call_command("load_scenarios", str(SCENARIO_DIR / "belmont.json"), verbosity=0)
    club = make_club(lee, members=[player], name="Rebels")
    me = api(player)
    r = me.post("/api/v1/drafts/", {"base": "belmont"}, format="json")
    assert r.status_code == 201 and r.json()["base"] == "belmont" and r.json()["problems"] == []
    staffing = r.json()["staffing"]
    assert (staffing["battle"], staffing["number"], staffing["confidence"]) == ("Belmont", 21, "BC150")
    assert staffing["sides"][0] == {"side": "union", "commander": "Grant", "cards": 5, "units": 9, "figures": 32,
                                    "kinds": {"infantry": 5, "cavalry": 2, "artillery": 2}, "generals": 3}
    assert staffing["differences"] == [] and staffing["base_differences"] == []
    pk = r.json()["id"]
    r = me.post(f"/api/v1/drafts/{pk}/edit/", {"tool": "terrain", "col": 12, "row": 4, "kind": "rough"}, format="json")
    assert r.status_code == 200 and r.json()["done"] == "Rough on (12,4)"
    r = me.post(f"/api/v1/drafts/{pk}/edit/", {"tool": "unit", "col": 12, "row": 4, "side": "union",
                                              "kind": "infantry"}, format="json")
    problems = r.json()["problems"]
    assert {"message": problems[0]["message"], "hex": problems[0]["hex"]} == {
        "message": problems[0]["message"], "hex": {"col": 12, "row": 4}}
    assert "rough terrain" in problems[0]["message"]
    assert r.json()["staffing"]["differences"] == ["Union infantry: 6 units on the map, 5 published."]
    assert me.post(f"/api/v1/drafts/{pk}/undo/").json()["problems"] == []
    assert me.post(f"/api/v1/drafts/{pk}/redo/").json()["problems"]
    me.post(f"/api/v1/drafts/{pk}/undo/")
    r = me.post(f"/api/v1/drafts/{pk}/fields/", {"name": "Belmont (corrected)"}, format="json")
    assert r.json()["data"]["name"] == "Belmont (corrected)"
    assert json.loads(me.get(f"/api/v1/drafts/{pk}/file/").content)["name"] == "Belmont (corrected)"

    # someone else sees no such draft, and cannot propose or publish it
    other = api(lee)
    assert other.get(f"/api/v1/drafts/{pk}/").status_code == 404
    assert other.post(f"/api/v1/drafts/{pk}/edit/", {"tool": "erase", "col": 0, "row": 0}, format="json").status_code == 404
    assert other.post("/api/v1/scenario-proposals/", {"draft": pk, "club": "rebels"}, format="json").status_code == 404

    r = me.post("/api/v1/scenario-proposals/", {"draft": pk, "club": "rebels", "note": "woods"}, format="json")
    assert r.status_code == 201 and r.json()["status"] == "proposed"
    proposal = r.json()["id"]
    assert me.post(f"/api/v1/scenario-proposals/{proposal}/accept/").status_code == 403
    r = other.post(f"/api/v1/scenario-proposals/{proposal}/accept/")
    assert r.status_code == 200 and r.json()["scenario"] == "belmont-rebels" and r.json()["version"] == 1
    versions = api().get("/api/v1/scenarios/belmont-rebels/versions/").json()
    assert [v["number"] for v in versions] == [1] and versions[0]["data"]["name"] == "Belmont (corrected)"
    assert club.scenario_proposals.get().status == "accepted"


def test_hostile_bodies_are_refused_with_their_reason(player):
    me = api(player)
    pk = me.post("/api/v1/drafts/", {}, format="json").json()["id"]
    for body, code in [
        ({"tool": "terrain", "col": 99, "row": 4, "kind": "woods"}, "invalid"),
        ({"tool": "nuke"}, "invalid"),
        ({"tool": "general", "col": 4, "row": 2, "side": "union", "name": "<script>"}, "invalid"),
    ]:
        r = me.post(f"/api/v1/drafts/{pk}/edit/", body, format="json")
        assert r.status_code == 400 and r.json()["code"] == code, body
    r = me.post(f"/api/v1/drafts/{pk}/fields/", {"units": ["x" * 1000] * 300}, format="json")
    assert r.status_code == 400 and "at most 200 KB" in r.json()["message"]
    r = me.post(f"/api/v1/drafts/{pk}/fields/", {"evil": 1}, format="json")
    assert r.status_code == 400 and "not a field" in r.json()["message"]
    r = me.post("/api/v1/drafts/", {"file": [1, 2]}, format="json")
    assert r.status_code == 400
    deep = '{"file": ' + "[" * 3000 + "]" * 3000 + "}"
    r = me.post("/api/v1/drafts/", deep, content_type="application/json")
    assert r.status_code == 400
    assert ScenarioDraft.objects.count() == 1
    assert api().get("/api/v1/drafts/").status_code in (401, 403)


def test_a_draft_of_any_shape_is_shown_with_its_problems_never_a_server_error(client, player):
    me = api(player)
    pk = me.post("/api/v1/drafts/", {}, format="json").json()["id"]
    odd = {"units": [{"hex": {"col": 4, "row": 2}, "side": "union", "kind": {"x": 1}}, 5],
           "terrain": ["x", 3, {"kind": "woods", "hex": {"col": [1], "row": {"a": 2}}}, {"kind": "fence", "sides": 5, "hex": {"col": 4, "row": 2}},
                       {"kind": ["woods"], "hex": {"col": 4, "row": 2}}], "generals": [1, "a", None], "sides": [1], "flag_tokens": {"a": 1},
           "name": {"x": 1}, "dates": 7, "special_rules": [{"rule": "nope"}]}
    r = me.post(f"/api/v1/drafts/{pk}/fields/", odd, format="json")
    assert r.status_code == 200 and r.json()["problems"]
    client.force_login(player)
    assert client.get(f"/editor/{pk}/").status_code == 200
    for fields in ({"tool": "terrain", "terrain_kind": "woods", "col": "4", "row": "2"},
                   {"tool": "unit", "unit_side": "union", "unit_kind": "infantry", "col": "4", "row": "2"},
                   {"tool": "hexside", "obstacle_kind": "fence", "hexside": "E", "col": "4", "row": "2"},
                   {"tool": "erase", "layer": "all", "col": "4", "row": "2"},
                   {"tool": "mirror", "half": "left"}, {"tool": "select", "col": "0", "row": "0"},
                   {"tool": "select", "col": "4", "row": "2"}, {"tool": "sight", "col": "4", "row": "2"}):
        assert client.post(f"/editor/{pk}/edit/", fields, HTTP_HX_REQUEST="true").status_code == 200
    assert client.post(f"/editor/{pk}/region/", {"action": "copy"}, HTTP_HX_REQUEST="true").status_code == 200
    assert client.get(f"/editor/{pk}.json").status_code == 200


def test_a_special_rule_s_hexes_are_picked_through_the_api(player):
    me = api(player)
    pk = me.post("/api/v1/drafts/", {}, format="json").json()["id"]
    me.post(f"/api/v1/drafts/{pk}/fields/", {"special_rules": [{"rule": "no_attack_on_entry", "hexes": []}]},
            format="json")
    r = me.post(f"/api/v1/drafts/{pk}/edit/", {"tool": "rule", "target": "0", "hexes": "8,4 9,5"}, format="json")
    assert r.status_code == 200 and r.json()["done"] == "2 hexes added to the hexes of special rule 1 (no attack on entry)"
    assert r.json()["data"]["special_rules"] == [{"rule": "no_attack_on_entry",
                                                  "hexes": [{"col": 8, "row": 4}, {"col": 9, "row": 5}]}]
    r = me.post(f"/api/v1/drafts/{pk}/edit/", {"tool": "rule", "target": "3", "col": 8, "row": 4}, format="json")
    assert r.status_code == 400 and "special rules that names hexes" in r.json()["message"]
