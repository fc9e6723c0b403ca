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

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
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
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"],
        )
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
