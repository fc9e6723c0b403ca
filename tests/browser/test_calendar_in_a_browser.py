"""The anniversary calendar in a real browser (Debian's Chromium, headless), with the
site's calendar clock fixed on 17 September 2026 (tournaments.clock.now, replaced in this
process, where the live server runs too: nothing a visitor sends can move it).

A member in Chicago opens the calendar late on the 17th of their evening (already the 18th
in UTC) and sees Antietam as today's battle, follows the month grid to it, opens the
scenario and "play it now" to the challenge form. Screenshots (phone) go to
$PLAY_SCREENSHOTS if set.
"""
from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest

from tournaments import clock

from tests.browser.chromium import launch_chromium
SHOTS = os.environ.get("PLAY_SCREENSHOTS")

pytestmark = [pytest.mark.django_db(transaction=True)]


@pytest.fixture
def member(django_user_model, monkeypatch):
    """The database set-up, made before Playwright starts (its event loop forbids the ORM)."""
    from django.core.management import call_command
    from django.db import connection

    from accounts.models import Profile

    call_command("load_scenarios", verbosity=0)
    user = django_user_model.objects.create_user("sherman", email="sherman@example.org",
                                                 password="Atlanta-1864")
    Profile.objects.filter(user=user).update(time_zone="America/Chicago")
    moment = dt.datetime(2026, 9, 18, 2, 30, tzinfo=dt.timezone.utc)   # 21:30 on the 17th in Chicago
    monkeypatch.setattr(clock, "now", lambda: moment)
    connection.close()
    return user


@pytest.fixture
def page(live_server, member):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_chromium(p)
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.set_default_timeout(15_000)
        yield page
        browser.close()


def test_the_calendar_shows_todays_battle_on_a_fixed_day(page, live_server):
    # A visitor (UTC, the site's zone): it is already the 18th, so no battle today.
    page.goto(live_server.url + "/calendar/")
    assert page.locator(".on-this-day").count() == 0
    assert "Chickamauga" in page.locator(".next-anniversary").first.inner_text()

    page.goto(live_server.url + "/accounts/login/?next=/calendar/")
    page.fill("#id_username", "sherman")
    page.fill("#id_password", "Atlanta-1864")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/calendar/")

    today = page.locator(".on-this-day")
    assert today.count() == 1
    assert today.inner_text().startswith("Today, 164 years ago: Antietam, 17 September 1862, Maryland")
    assert "Chickamauga (2nd Day)" in page.locator(".next-anniversary").inner_text()
    assert "(in 3 days)" in page.locator(".anniversary-panel").inner_text()
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / "calendar-phone.png"), full_page=True)

    # The month grid marks the day; its link leads to the battle's row of the list.
    page.locator(".month-grid .battle-day.today a").click()
    page.wait_for_url("**/calendar/#day-09-17")
    row = page.locator("tr#day-09-17")
    assert row.is_visible()
    assert "Antietam" in row.inner_text() and "today" in row.inner_text()

    today.get_by_role("link", name="the scenario").click()
    page.wait_for_url("**/scenarios/antietam/")
    assert "Antietam" in page.locator("h1").inner_text()

    page.go_back()
    page.locator(".on-this-day").get_by_role("link", name="play it now").click()
    page.wait_for_url("**/play/new/?scenario=antietam")
    assert page.get_by_role("button", name="Send the challenge").is_visible()


# --- the Annual Games competition page -------------------------------------------------


@pytest.fixture
def annual_year(member, django_user_model):
    """The club's Annual Games 2026 (Chicago's days): sherman has a confirmed Shiloh;
    the set-up is made before Playwright starts."""
    from django.db import connection

    from tests.tournaments.annual_helpers import annual_games, table_result
    from tests.tournaments.helpers import make_club

    grant = django_user_model.objects.create_user("grant", email="grant@example.org", password="x")
    club = make_club(member, [grant], name="Army of the Tennessee")
    comp = annual_games(club, member, time_zone="America/Chicago")
    table_result(comp, member, grant, "shiloh", dt.date(2026, 4, 6), ("home", 6, 3), ("away", 4, 6))
    connection.close()
    return comp


def test_an_annual_games_page_with_its_grid(annual_year, page, live_server):
    page.goto(live_server.url + "/accounts/login/?next=/leagues/clubs/army-of-the-tennessee/")
    page.fill("#id_username", "sherman")
    page.fill("#id_password", "Atlanta-1864")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/leagues/clubs/army-of-the-tennessee/")
    page.get_by_role("link", name="Annual Games, this year's and earlier years'").click()
    page.get_by_role("link", name="Annual Games 2026").click()
    page.wait_for_url(f"**/leagues/{annual_year.pk}/")

    grid = page.locator("table.progress-grid")
    assert grid.locator("thead th").count() == 32                        # the player and 31 battles
    shiloh = grid.locator('tr[data-player="sherman"] td[data-battle="5"]')
    assert shiloh.inner_text() == "1·10" and shiloh.get_attribute("class") == "sq-counted"
    standings = page.locator("table.annual-standings tbody tr")
    assert standings.nth(0).inner_text().split("\t")[:4] == ["1", "sherman", "1", "1"]
    assert "Open today (a match begun now counts): Antietam" in page.locator("#arrange-title + p").inner_text()

    # Antietam at the table with grant, today (17 September in Chicago), then the report.
    form = page.locator("form#arrange")
    form.locator("#id_battle").select_option("23")
    form.locator("#id_opponent").select_option("grant")
    form.locator("#id_where").select_option("table")
    form.get_by_role("button", name="Play this match").click()
    page.wait_for_url("**/leagues/pairings/*/")
    page.select_option("#id_game1_winner", "home")
    page.fill("#id_game1_flags_home", "6")
    page.fill("#id_game1_flags_away", "2")
    page.select_option("#id_game2_winner", "home")
    page.fill("#id_game2_flags_home", "6")
    page.fill("#id_game2_flags_away", "4")
    page.get_by_role("button", name="Report").click()
    page.wait_for_url("**/leagues/pairings/*/")
    assert "reported by sherman, waiting for grant to confirm" in page.locator("#result").inner_text()

    page.goto(live_server.url + f"/leagues/{annual_year.pk}/")
    antietam = page.locator('table.progress-grid tr[data-player="sherman"] td[data-battle="23"]')
    assert antietam.inner_text() == "…" and antietam.get_attribute("class") == "sq-playing"
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / "annual-games-phone.png"), full_page=True)
