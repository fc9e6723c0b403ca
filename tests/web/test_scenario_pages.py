"""The scenario list and detail pages, as a visitor uses them."""
from __future__ import annotations

import datetime as dt
import html
import json
import re
import types
from pathlib import Path

import pytest
from django.contrib import admin
from django.core.management import call_command
from django.urls import include, path

import battlecry_site.urls
from games.models import Scenario
from games.views import scenarios as scenario_views

pytestmark = pytest.mark.django_db

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "games" / "scenarios"


@pytest.fixture
def scenarios():
    call_command("load_scenarios", verbosity=0)


@pytest.fixture
def today(monkeypatch):
    """Fix the pages' "today" (the viewer's local date)."""
    def set_today(day: dt.date):
        monkeypatch.setattr(scenario_views, "local_today", lambda: day)
    set_today(dt.date(2026, 11, 22))
    return set_today


def page(client, url, **headers) -> str:
    response = client.get(url, **headers)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def listed_slugs(text: str) -> list[str]:
    return re.findall(r'<a href="/scenarios/([a-z0-9-]+)/">', text)


# --- the list -------------------------------------------------------------------------------


def test_the_list_shows_every_battle_sorted_by_date(client, scenarios, today):
    text = page(client, "/scenarios/")
    slugs = listed_slugs(text)
    assert len(slugs) == 38                      # the 32 battles, 4 double-board layouts, 1 on two maps, the 1961 game's map
    dates = [Scenario.objects.get(slug=s).date for s in slugs]
    assert dates == sorted(dates)
    assert slugs[0] == "mb1961-theatres-of-the-war"      # 12 April 1861, Fort Sumter
    assert slugs[1] == "falling-waters"          # 2 July 1861
    assert slugs[-1] == "new-hope-church"        # 25 May 1864
    assert "Fredericksburg" in text and "13 Dec 1862" in text and "VA" in text
    assert "Gettysburg</a> <span class=\"subtitle\">(3rd Day: Pickett's Charge)" in text
    assert 'aria-current="true">Date of the battle' in text


def test_sorted_by_anniversary_the_next_one_comes_first(client, scenarios, today):
    today(dt.date(2026, 11, 22))
    slugs = listed_slugs(page(client, "/scenarios/?sort=anniversary"))
    # After 22 November: Prairie Grove (7 Dec), Fredericksburg (13 Dec), Dranesville (20 Dec),
    # Murfreesboro (31 Dec), then the new year from Fort Donelson (15 Feb).
    assert slugs[:5] == ["prairie-grove", "fredericksburg", "dranesville", "murfreesboro", "fort-donelson"]
    assert slugs[-1] == "belmont"                # 7 November: furthest away
    text = page(client, "/scenarios/?sort=anniversary")
    assert "7 Dec 2026" in text and "(in 15 days)" in text
    assert "15 Feb 2027" in text


def test_an_anniversary_today_is_first_and_says_so(client, scenarios, today):
    today(dt.date(2026, 12, 13))
    text = page(client, "/scenarios/?sort=anniversary")
    assert listed_slugs(text)[0] == "fredericksburg"
    assert "(today)" in text
    today(dt.date(2026, 12, 12))
    assert "(tomorrow)" in page(client, "/scenarios/?sort=anniversary")


def test_sorted_by_name(client, scenarios, today):
    slugs = listed_slugs(page(client, "/scenarios/?sort=name"))
    names = [Scenario.objects.get(slug=s).name.lower() for s in slugs]
    assert names == sorted(names)
    assert slugs.index("gettysburg-devils-den") + 1 == slugs.index("gettysburg-picketts-charge")


def test_an_unknown_sort_falls_back_to_date(client, scenarios, today):
    assert listed_slugs(page(client, "/scenarios/?sort=nonsense")) == listed_slugs(page(client, "/scenarios/"))


def test_the_sort_links_work_without_javascript_and_swap_the_table_with_htmx(client, scenarios, today):
    text = page(client, "/scenarios/")
    assert 'href="/scenarios/?sort=anniversary"' in text
    assert 'hx-get="/scenarios/?sort=anniversary"' in text
    assert 'hx-target="#scenario-table"' in text
    response = client.get("/scenarios/?sort=name", headers={"HX-Request": "true"})
    assert response.status_code == 200
    fragment = response.content.decode()
    assert fragment.lstrip().startswith('<div id="scenario-table">')
    assert "<html" not in fragment and "site-header" not in fragment
    assert listed_slugs(html.unescape(fragment)) == listed_slugs(page(client, "/scenarios/?sort=name"))
    assert "HX-Request" in response["Vary"]


def test_club_made_scenarios_carry_a_badge(client, scenarios, today, player):
    data = json.loads((SCENARIO_DIR / "belmont.json").read_text(encoding="utf-8"))
    data.update(slug="belmont-club", name="Belmont (club map)", annual_number=None)
    row = Scenario(data=data, club_made=True, uploaded_by=player)
    row.fill_from_data()
    row.save()
    text = page(client, "/scenarios/")
    assert re.search(r'Belmont \(club map\)</a>\s*<span class="badge"[^>]*>Club-made</span>', text)
    assert text.count(">Club-made</span>") == 1
    detail = page(client, "/scenarios/belmont-club/")
    assert "Club-made" in detail and "jeb" in detail


def test_the_list_offers_import_to_members(client, scenarios, player):
    assert 'href="/accounts/login/?next=/scenarios/import/"' in page(client, "/scenarios/")
    client.force_login(player)
    assert 'href="/scenarios/import/"' in page(client, "/scenarios/")


def test_an_empty_list_says_so(client):
    assert "No scenarios are loaded yet." in page(client, "/scenarios/")


# --- one battle -----------------------------------------------------------------------------


def test_the_detail_page_shows_board_staffing_rules_and_dates(client, scenarios, today):
    today(dt.date(2026, 11, 22))
    text = page(client, "/scenarios/fredericksburg/")
    # The board, drawn from the file.
    assert text.count(' data-col="') == 113
    assert 'aria-label="Board of Fredericksburg"' in text
    assert "<title>Woods B2: Confederate infantry, 4 figures; Confederate general Jackson</title>" in text
    assert 'href="/static/css/board.css"' in text
    # Dates.
    assert "13 December 1862" in text
    assert "13 December 2026" in text and "(in 21 days)" in text and "164th anniversary" in text
    # Staffing, side by side.
    for words in ("Ambrose E. Burnside", "Robert E. Lee", "Command cards", "Flags to win",
                  "Infantry 9, Cavalry 1, Artillery 1", "Infantry 7, Cavalry 1, Artillery 3",
                  "horse artillery 2", "Franklin, Meade, Sumner", "Jackson, Longstreet",
                  "Union <small>(moves first)</small>", "Top of the map", "Bottom of the map"):
        assert words in text, words
    assert re.search(r"<dt>Moves first</dt>\s*<dd>Union</dd>", text)
    # Rules, history, sources, terrain.
    assert "Marye's Heights: at the start of each Union turn" in text
    assert "The Rappahannock can be crossed only at the bridges." in text
    assert "Burnside forced crossings of the Rappahannock" in text
    assert "An approximation, not the printed scenario map" in text
    assert "number 29 of the Annual Games list" in text
    assert "<strong>Entrenchment</strong>" in text and "Attacks across its protected sides lose 2 dice" in text
    assert "<strong>Woods</strong>:" in text and 'href="#tw"' in text   # drawn as trees
    assert "<strong>Orchard</strong>" not in text          # only the terrain on this map
    # The file.
    assert 'href="/scenarios/fredericksburg.json"' in text and "Download file" in text


def test_every_approximate_map_says_so_in_one_line_without_development_notes(client, scenarios, today):
    approximations = Scenario.objects.filter(layout_source="approximation")
    assert approximations.count() == 32 and Scenario.objects.filter(format="battlecry").count() == 37
    for scenario in approximations:
        text = page(client, f"/scenarios/{scenario.slug}/")
        assert text.count("An approximation, not the printed scenario map") == 1, scenario.slug
        # the file's notes on its sources are for editors: they come with the download
        assert scenario.data["source_notes"][:60] not in text, scenario.slug
        assert "bc150-facts" not in text and "<h2>Sources</h2>" not in text


def test_a_double_board_battle_says_its_layout_is_the_clubs_and_draws_both_boards(client, scenarios, today):
    club = Scenario.objects.filter(layout_source="club")
    assert sorted(club.values_list("slug", flat=True)) == [
        "chickamauga-double", "gettysburg-double", "gettysburg-double-epic",
        "gettysburg-picketts-charge-two-maps", "shiloh-double"]
    for scenario in club.filter(data__board="double"):
        text = page(client, f"/scenarios/{scenario.slug}/")
        assert text.count("A layout made by the club on two joined boards") == 1, scenario.slug
        assert "An approximation, not the printed scenario map" not in text
        assert '<svg xmlns="http://www.w3.org/2000/svg" class="board double"' in text
        assert "two boards joined end to end (26 hexes wide)" in text


def test_corrections_are_shown(client, scenarios, today):
    text = page(client, "/scenarios/winchester/")
    assert "Corrections" in text and "1862" in text


def test_the_next_anniversary_is_in_the_viewers_time_zone(client, scenarios, player, monkeypatch):
    from django.utils import timezone

    # 13 December 2026, 03:00 UTC: still the 12th in California.
    moment = dt.datetime(2026, 12, 13, 3, 0, tzinfo=dt.timezone.utc)
    monkeypatch.setattr(timezone, "now", lambda: moment)
    assert "(today)" in page(client, "/scenarios/fredericksburg/")
    player.profile.time_zone = "America/Los_Angeles"
    player.profile.save()
    client.force_login(player)
    text = page(client, "/scenarios/fredericksburg/")
    assert "(tomorrow)" in text and "13 December 2026" in text


def test_the_file_can_be_downloaded(client, scenarios):
    response = client.get("/scenarios/fredericksburg.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="fredericksburg.json"'
    assert response.content.decode() == (SCENARIO_DIR / "fredericksburg.json").read_text(encoding="utf-8")


def test_unknown_scenarios_are_not_found(client, scenarios):
    assert client.get("/scenarios/nowhere/").status_code == 404
    assert client.get("/scenarios/nowhere.json").status_code == 404


def _urlconf(with_match_new: bool):
    from battlecry_site import views as site_views

    patterns = [
        path("", site_views.home, name="home"),
        path("accounts/", include("accounts.urls")),
        path("", include("games.urls")),
        path("admin/", admin.site.urls),
    ]
    if with_match_new:
        patterns.append(path("matches/new/", site_views.home, name="match_new"))
    urlconf = types.ModuleType(f"scenario_test_urls_{with_match_new}")
    urlconf.urlpatterns = patterns
    return urlconf


def test_play_link_appears_once_matches_can_be_made(client, scenarios, settings):
    settings.ROOT_URLCONF = _urlconf(with_match_new=False)
    assert "Play this scenario" not in page(client, "/scenarios/fredericksburg/")
    settings.ROOT_URLCONF = _urlconf(with_match_new=True)
    text = page(client, "/scenarios/fredericksburg/")
    assert '<a class="button" href="/matches/new/?scenario=fredericksburg">Play this scenario</a>' in text


def test_the_site_urlconf_still_serves_the_pages(client, scenarios):
    assert battlecry_site.urls.urlpatterns
    assert client.get("/scenarios/shiloh/").status_code == 200


def test_the_forms_that_pick_a_battle_tell_apart_two_of_the_same_name(client, scenarios, django_user_model):
    """Gettysburg and Chancellorsville are each shipped twice (Gettysburg five times, with
    its double board, the double board laid out for Epic and Pickett's Charge on two maps):
    the solo form names each choice with its subtitle, so no two are
    identical lines."""
    user = django_user_model.objects.create_user("ellen", password="pw-pw-pw-pw-42")
    client.force_login(user)
    text = page(client, "/play/solo/")
    options = re.findall(r"<option[^>]*>([^<]*)</option>", text)
    battles = [o for o in options if o.startswith(("Gettysburg", "Chancellorsville"))]
    assert "Gettysburg: 3rd Day: Pickett's Charge" in battles
    assert "Gettysburg: 2nd Day: Devil's Den & Wheatfield" in battles
    assert "Gettysburg: 2nd & 3rd Days: Cemetery Ridge to the Round Tops" in battles
    assert "Gettysburg: 2nd & 3rd Days, for Epic games: three generals a side" in battles
    assert "Gettysburg: 3rd Day: Pickett's Charge, the long walk on two maps" in battles
    assert len(battles) == len(set(battles)) == 7
