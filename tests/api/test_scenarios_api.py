"""Scenarios through the API: list with filters and sort orders, one battle with its board,
its file, and the club's import with every problem listed by field."""
from __future__ import annotations

import datetime as dt
import json

import pytest

from games.models import Scenario
from tests.api.helpers import anonymous, token_client
from tests.play_helpers import ROOT, make_scenario

pytestmark = pytest.mark.django_db

SHIPPED = ("antietam", "belmont", "shiloh", "first-bull-run", "fredericksburg")


@pytest.fixture
def shipped():
    return [make_scenario(slug=s) for s in SHIPPED]


def slugs(response):
    assert response.status_code == 200, response.content
    return [s["slug"] for s in response.json()["results"]]


def test_list_is_public_paginated_and_sorted_by_date(shipped):
    body = anonymous().get("/api/v1/scenarios/?page_size=2").json()
    assert body["count"] == len(SHIPPED) and len(body["results"]) == 2 and body["next"]
    dates = [s.date for s in sorted(shipped, key=lambda s: s.date)]
    everything = slugs(anonymous().get("/api/v1/scenarios/"))
    assert [Scenario.objects.get(slug=s).date for s in everything] == dates


def test_filters(shipped):
    c = anonymous()
    assert slugs(c.get("/api/v1/scenarios/?year=1861")) == ["first-bull-run", "belmont"]
    assert slugs(c.get("/api/v1/scenarios/?date_after=1862-09-01&date_before=1862-12-31")) == [
        "antietam", "fredericksburg"]
    assert slugs(c.get("/api/v1/scenarios/?search=bull")) == ["first-bull-run"]
    theme = Scenario.objects.get(slug="shiloh").first_appearance
    assert "shiloh" in slugs(c.get(f"/api/v1/scenarios/?theme={theme.lower()}"))
    assert slugs(c.get("/api/v1/scenarios/?club_made=true")) == []
    assert slugs(c.get("/api/v1/scenarios/?ordering=name")) == sorted(SHIPPED)


def test_anniversary_order_starts_from_today(shipped, monkeypatch):
    from django.utils import timezone
    monkeypatch.setattr(timezone, "localdate", lambda: dt.date(2026, 9, 1))
    order = slugs(anonymous().get("/api/v1/scenarios/?ordering=anniversary"))
    # Antietam 17 Sep, Belmont 7 Nov, Fredericksburg 11 Dec, then next year's Shiloh (6 Apr)
    # and First Bull Run (21 Jul)
    assert order == ["antietam", "belmont", "fredericksburg", "shiloh", "first-bull-run"]


@pytest.mark.parametrize("query", ["year=abc", "date_after=yesterday", "ordering=best"])
def test_bad_filters_are_400(shipped, query):
    response = anonymous().get(f"/api/v1/scenarios/?{query}")
    assert response.status_code == 400 and response.json()["code"] == "invalid"


def test_detail_has_the_file_and_the_board(shipped):
    body = anonymous().get("/api/v1/scenarios/shiloh/").json()
    data = json.loads((ROOT / "games/scenarios/shiloh.json").read_text())
    assert body["data"]["units"] == data["units"]
    assert len(body["board"]["units"]) == len(data["units"])
    assert {u["hex"]["col"] for u in body["board"]["units"]} == {u["hex"]["col"] for u in data["units"]}
    assert body["problems"] == []


def test_file_download(shipped):
    response = anonymous().get("/api/v1/scenarios/belmont/file/")
    assert response["Content-Disposition"] == 'attachment; filename="belmont.json"'
    assert json.loads(response.content) == Scenario.objects.get(slug="belmont").data


def test_unknown_scenario_is_404(shipped):
    assert anonymous().get("/api/v1/scenarios/gettysburg-2/").json()["code"] == "not_found"


def club_file(**changes):
    data = json.loads((ROOT / "games/scenarios/belmont.json").read_text())
    data.update({"slug": "belmont-club", "name": "Belmont (club)", "annual_number": None, **changes})
    return data


def test_import_creates_then_updates_the_members_own(lee):
    client = token_client(lee)
    created = client.post("/api/v1/scenarios/", club_file(), format="json")
    assert created.status_code == 201, created.content
    assert created.json()["created"] is True and created.json()["scenario"]["club_made"] is True
    updated = client.post("/api/v1/scenarios/", club_file(name="Belmont, again"), format="json")
    assert updated.status_code == 200 and updated.json()["scenario"]["name"] == "Belmont, again"
    assert Scenario.objects.get(slug="belmont-club").uploaded_by == lee


def test_import_lists_every_problem_by_field(lee):
    data = club_file()
    data["units"][0]["figures"] = 9
    del data["name"]
    response = token_client(lee).post("/api/v1/scenarios/", data, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_scenario"
    fields = [e["field"] for e in body["errors"]]
    assert any(f.startswith("units[0]") and f.endswith("figures") for f in fields), fields
    assert any("name" in e["message"] for e in body["errors"]), body["errors"]
    assert not Scenario.objects.filter(slug="belmont-club").exists()


def test_import_cannot_replace_someone_elses(shipped, lee, grant):
    token_client(lee).post("/api/v1/scenarios/", club_file(), format="json")
    response = token_client(grant).post("/api/v1/scenarios/", club_file(), format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "slug"
    shipped_copy = token_client(grant).post("/api/v1/scenarios/", club_file(slug="shiloh"), format="json")
    assert "already exists" in shipped_copy.json()["errors"][0]["message"]


@pytest.mark.parametrize("who, status, code", [("anonymous", 401, "not_authenticated"),
                                               ("read", 403, "token_scope")])
def test_import_needs_a_member_with_a_play_token(lee, who, status, code):
    client = anonymous() if who == "anonymous" else token_client(lee, "read")
    response = client.post("/api/v1/scenarios/", club_file(), format="json")
    assert response.status_code == status and response.json()["code"] == code


@pytest.mark.parametrize("body", [b"[]", b'"a string"', b"{}", b'{"slug": 5}'])
def test_import_of_nonsense_is_a_structured_400(lee, body):
    response = token_client(lee).generic("POST", "/api/v1/scenarios/", body, "application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_scenario" and response.json()["errors"]


def test_the_list_shows_subtitles_without_sending_the_files(shipped):
    with_subtitle = make_scenario(slug="chancellorsville")
    assert with_subtitle.data["subtitle"]
    rows = {r["slug"]: r for r in anonymous().get("/api/v1/scenarios/").json()["results"]}
    assert all("data" not in r for r in rows.values())
    assert rows["chancellorsville"]["subtitle"] == with_subtitle.data["subtitle"]
    assert rows["belmont"]["subtitle"] == Scenario.objects.get(slug="belmont").data.get("subtitle", "")
