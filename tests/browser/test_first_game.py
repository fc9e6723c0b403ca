"""A newcomer in a real browser (Debian's Chromium, headless): signs up, lands on the welcome
page, starts the guided first game in one click and follows its hints.

Only the newcomer's own first steps are played (they move first), so Archie never has to
decide here; its turns are tested in tests/browser/test_play_archie.py.
"""
from __future__ import annotations


import pytest

from tests.browser.chromium import launch_chromium

pytestmark = [pytest.mark.django_db(transaction=True)]


@pytest.fixture
def browser(live_server):
    from playwright.sync_api import sync_playwright

    from tests.play_helpers import make_scenario
    make_scenario(slug="falling-waters")
    with sync_playwright() as p:
        browser = launch_chromium(p)
        yield browser
        browser.close()


def test_sign_up_start_the_guided_game_and_follow_its_first_hints(browser, live_server):
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{live_server.url}/")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Sign up").click()
    page.fill("#id_username", "newbie")
    page.fill("#id_email", "newbie@example.org")
    page.fill("#id_password1", "Appomattox-1865")
    page.fill("#id_password2", "Appomattox-1865")
    page.get_by_role("button", name="Sign up").click()

    # The welcome page, and one click to the guided game.
    page.wait_for_url("**/welcome/")
    assert "Falling Waters" in page.locator("main").inner_text()
    page.get_by_role("button", name="Start my first game").click()
    page.wait_for_url("**/play/games/*/")
    assert "Your decision" in page.get_by_role("status").first.inner_text()
    hint = page.locator(".hint-line")
    assert "Step 1 of 4, play a card" in hint.inner_text()

    # Playing a card swaps the game in place: the hint moves on to the next step.
    page.evaluate("window.notReloaded = true")
    page.locator("li.card").first.get_by_role("button", name="Skirmish: order 1 unit anywhere").click()
    page.wait_for_selector(".hint-line:has-text('Step 2 of 4, order units')")
    assert page.evaluate("window.notReloaded") is True

    # Switched off, the hints are gone and stay gone on a reload.
    page.get_by_role("button", name="Switch hints off").click()
    page.get_by_role("button", name="Show hints").wait_for()
    assert page.locator(".hint-line").count() == 0
    page.reload()
    page.get_by_role("button", name="Show hints").wait_for()
    assert page.locator(".hint-line").count() == 0
