"""Four members play an Epic game of Shiloh (Advanced rules) in a real browser (Debian's
Chromium, headless), each in a context of their own: Lee opens the table with the lobby's
form, they take their seats (Lee and Grant each hold their side's Commanding General and
first Major-General; Meade and Hood the second Major-Generals), and they play several turns,
each posting from his own page while the others' pages follow by their poll; midway Meade's
time runs out and Lee hands his Major-General to Archie, who then plays it."""
from __future__ import annotations

import threading
from datetime import timedelta

import pytest

from tests.browser.chromium import CHROMIUM, launch_chromium, member_page
from tests.play_helpers import make_scenario
from tests.support import service_unavailable

pytestmark = [pytest.mark.django_db(transaction=True)]

PASSWORD = "Pittsburg-Landing-1862"
HOLDERS = {"union-commander": "lee", "union-major-1": "lee", "union-major-2": "meade",
           "confederate-commander": "grant", "confederate-major-1": "grant",
           "confederate-major-2": "hood"}
NAMES = ("lee", "grant", "meade", "hood")


def in_a_thread(fn):
    """Run ``fn`` (database work) outside Playwright's event loop, which forbids the ORM."""
    out: list = []
    t = threading.Thread(target=lambda: out.append(fn()))
    t.start()
    t.join()
    return out[0] if out else None


@pytest.fixture
def members(django_user_model, settings):
    if not CHROMIUM.exists():
        service_unavailable("Chromium", f"no browser at {CHROMIUM} (apt-get install chromium)")
    settings.ARCHIE_ITERATIONS = 6
    make_scenario(slug="shiloh")
    for name in NAMES:
        django_user_model.objects.create_user(name, email=f"{name}@example.org", password=PASSWORD)


@pytest.fixture
def browser(live_server, members):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_chromium(p)
        yield browser
        browser.close()


def log_in(browser, url, username):
    return member_page(browser, url, username, PASSWORD, timeout=20_000)


def deciding() -> str:
    from games.models import Game
    return Game.objects.get().deciding


def test_four_members_play_an_epic_game_and_hand_a_seat_to_archie(browser, live_server):
    pages = {name: log_in(browser, live_server.url, name) for name in NAMES}
    lee = pages["lee"]
    lee.goto(f"{live_server.url}/play/tables/new/")
    shiloh = lee.locator("select[name=scenario] option", has_text="Shiloh").first.get_attribute("value")
    lee.select_option("select[name=scenario]", shiloh)
    lee.select_option("select[name=team_mode]", "epic")
    lee.get_by_role("button", name="Open the table").click()
    lee.wait_for_url("**/play/tables/*/")
    table = lee.url
    for seat, name in HOLDERS.items():
        page = pages[name]
        if page.url != table:
            page.goto(table)
        page.locator(f'tr[data-seat="{seat}"]').get_by_role("button", name="Take this seat").click()
    pages["hood"].wait_for_url("**/play/games/*/")
    game_url = pages["hood"].url
    for page in pages.values():
        page.goto(game_url)
        page.evaluate("window.notReloaded = true")
    assert "Your hand" in lee.content() and "Your hand" not in pages["meade"].content()

    def play(n, by_members):
        for _ in range(n):
            seat = in_a_thread(deciding)
            name = HOLDERS[seat]
            if name not in by_members:
                return
            page = pages[name]
            page.wait_for_selector(f'li.seat.acting[data-seat="{seat}"].yours')
            for other in by_members - {name}:
                assert pages[other].locator(".choices button, .hand button").count() == 0
            version = page.locator("#game").get_attribute("data-version")
            confirm = page.locator(".choices button", has_text="Confirm the command")
            (confirm if confirm.count() else page.locator(".choices button, .hand button")).first.click()
            page.wait_for_selector(f'#game:not([data-version="{version}"])')

    play(12, set(NAMES))
    seat = in_a_thread(deciding)
    for page in pages.values():
        page.wait_for_selector(f'li.seat.acting[data-seat="{seat}"]')
        assert page.evaluate("window.notReloaded") is True

    # Meade lets his time run out; Lee, his team-mate, hands his Major-General to Archie
    def overdue():
        from django.utils import timezone

        from games.models import Game
        Game.objects.update(deadline=timezone.now() - timedelta(minutes=1))
    for _ in range(60):
        if in_a_thread(deciding) == "union-major-2":
            break
        play(1, {"lee", "grant", "hood"})
    assert in_a_thread(deciding) == "union-major-2"
    in_a_thread(overdue)
    lee.reload()
    late = lee.locator('li.seat[data-seat="union-major-2"]')
    assert "(time is up)" in late.inner_text()
    late.locator("select[name=level]").select_option("recruit")
    late.get_by_role("button", name="Hand it to Archie").click()
    for page in pages.values():
        page.wait_for_selector('li.seat[data-seat="union-major-2"]:has-text("Archie (recruit)")')
    assert "Take my seat back" in pages["meade"].locator('li.seat[data-seat="union-major-2"]').inner_text()
    play(12, {"lee", "grant", "hood"})

    def archie_played() -> int:
        from games.models import GameAction
        return GameAction.objects.filter(actor__username="archie").count()
    assert in_a_thread(archie_played) >= 1

    def turn() -> int:
        from games.models import Game
        return Game.objects.get().turn
    assert in_a_thread(turn) >= 3                     # several turns of the game were played
