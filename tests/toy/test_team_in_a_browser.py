"""Four members play a toy team game in a real browser (Debian's Chromium, headless), each in
a context of their own: they take their seats at the table, play a few turns (each page
shows the seat that must act, and buttons only on the page of the member deciding; the others'
pages follow by their poll, never reloaded), and midway Lee hands his late team-mate's seat
to Archie, who then plays it."""
from __future__ import annotations

import threading
from datetime import timedelta

import pytest

from tests.browser.chromium import CHROMIUM, launch_chromium, member_page
from tests.support import service_unavailable

pytestmark = [pytest.mark.django_db(transaction=True)]

PASSWORD = "Crossroads-1863"
SEATS = {"union-1": "lee", "confederate-1": "grant", "union-2": "meade", "confederate-2": "hood"}


def in_a_thread(fn):
    """Run ``fn`` (database work) outside Playwright's event loop, which forbids the ORM."""
    out: list = []
    t = threading.Thread(target=lambda: out.append(fn()))
    t.start()
    t.join()
    return out[0] if out else None


@pytest.fixture
def table(django_user_model, settings):
    if not CHROMIUM.exists():
        service_unavailable("Chromium", f"no browser at {CHROMIUM} (apt-get install chromium)")
    from games import services

    from .teams import toy_scenario

    settings.ARCHIE_ITERATIONS = 6
    users = {seat: django_user_model.objects.create_user(name, email=f"{name}@example.org", password=PASSWORD)
             for seat, name in SEATS.items()}
    match = services.open_table(users["union-1"], toy_scenario(), ruleset="toy", options={"turns": 4})
    return match.pk


@pytest.fixture
def browser(live_server, table):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_chromium(p)
        yield browser
        browser.close()


def log_in(browser, url, username):
    return member_page(browser, url, username, PASSWORD, timeout=15_000)


def deciding() -> str:
    from games.models import Game
    return Game.objects.get().deciding


def test_four_members_play_a_team_game_and_hand_a_seat_to_archie(table, browser, live_server):
    pages = {seat: log_in(browser, live_server.url, name) for seat, name in SEATS.items()}
    # each takes their seat at the table (from the lobby's list); the last lands on the game
    for seat, page in pages.items():
        page.get_by_role("link", name="Crossroads").first.click()
        page.wait_for_url(f"**/play/tables/{table}/")
        page.locator(f'tr[data-seat="{seat}"]').get_by_role("button", name="Take this seat").click()
    pages["confederate-2"].wait_for_url("**/play/games/*/")
    game_url = pages["confederate-2"].url
    for page in pages.values():
        page.goto(game_url)
        page.evaluate("window.notReloaded = true")

    def play_turns(n, by_members):
        for _ in range(n):
            seat = in_a_thread(deciding)
            if seat not in by_members:
                return
            page = pages[seat]
            page.wait_for_selector('li.seat.acting.yours')
            for other, other_page in pages.items():
                if other != seat and other in by_members:
                    assert other_page.locator(".choices button").count() == 0
            version = page.locator("#game").get_attribute("data-version")
            page.locator(".choices button").first.click()
            page.wait_for_selector(f'#game:not([data-version="{version}"])')

    play_turns(4, set(SEATS))                  # a whole round, one seat after another
    # every page followed by itself: its seats panel names the seat that acts now
    seat = in_a_thread(deciding)
    for page in pages.values():
        page.wait_for_selector(f'li.seat.acting[data-seat="{seat}"]')
        assert page.evaluate("window.notReloaded") is True

    # Meade (union-2) lets his time run out when it comes to him; Lee hands his seat to Archie
    play_turns(3, {"union-1", "confederate-1"})
    assert in_a_thread(deciding) == "union-2"

    def overdue():
        from django.utils import timezone

        from games.models import Game
        Game.objects.update(deadline=timezone.now() - timedelta(minutes=1))
    in_a_thread(overdue)
    lee = pages["union-1"]
    lee.reload()
    late = lee.locator('li.seat[data-seat="union-2"]')
    assert "(time is up)" in late.inner_text()
    late.locator("select[name=level]").select_option("recruit")
    late.get_by_role("button", name="Hand it to Archie").click()
    lee.wait_for_selector('li.seat[data-seat="union-2"]:has-text("Archie (recruit)")')
    # Archie played union-2's turn at once; the game goes on with the three members and Archie
    for page in (pages["confederate-2"], pages["union-2"]):
        page.wait_for_selector('li.seat[data-seat="union-2"]:has-text("Archie (recruit)")')
    assert "Take my seat back" in pages["union-2"].locator('li.seat[data-seat="union-2"]').inner_text()
    play_turns(6, {"union-1", "confederate-1", "confederate-2"})

    def archie_played() -> int:
        from games.models import GameAction
        return GameAction.objects.filter(actor__username="archie").count()
    assert in_a_thread(archie_played) >= 2
