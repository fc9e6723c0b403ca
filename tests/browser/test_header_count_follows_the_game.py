"""The header's count of what waits for the member follows the game page without a reload:
the player who ends the turn sees it drop, the opponent's page (polling) sees it rise."""
from __future__ import annotations

import pytest

from tests.browser.chromium import wait_until
from tests.browser.test_game_page import DESKTOP, PHONE, browser, log_in, setup  # noqa: F401

pytestmark = [pytest.mark.django_db(transaction=True)]

COUNT = "document.getElementById('turn-count').getAttribute('data-count')"


@pytest.fixture
def turn_to_end(setup):
    from games.models import Game
    from tests.play_helpers import first_turn_but_its_end

    first_turn_but_its_end(Game.objects.get(pk=setup["game"]))
    return setup


def test_the_header_count_follows_the_game(turn_to_end, browser, live_server):
    game_url = f"/play/games/{turn_to_end['game']}/"
    lee = log_in(browser, live_server.url, "lee", "Gettysburg-1863", DESKTOP, game_url)
    grant = log_in(browser, live_server.url, "grant", "Vicksburg-1863", PHONE, game_url)
    for page in (lee, grant):
        page.evaluate("window.notReloaded = true")
    assert lee.evaluate(COUNT) == "1" and lee.locator(".site-nav .turn-count").inner_text().split()[0] == "1"
    assert grant.evaluate(COUNT) == "0" and grant.locator(".site-nav .turn-count").count() == 0

    lee.get_by_role("button", name="End the turn and draw").click()
    wait_until(lee, f"{COUNT} === '0'")
    assert lee.locator(".site-nav .turn-count").count() == 0
    wait_until(grant, f"{COUNT} === '1'", timeout=20_000)          # by the page's poll
    assert grant.locator(".site-nav .turn-count").inner_text().split()[0] == "1"
    # the title follows the count once the page has taken the poll's answer in
    wait_until(grant, "document.title.startsWith('(\\u2691 Your turn)')")
    assert grant.title().startswith("(\u2691 Your turn)")
    assert lee.evaluate("window.notReloaded") and grant.evaluate("window.notReloaded")
