"""Archie's review in a browser, on a phone: from the replay page a member asks for it (HTMX
in place), and the graph of the chances fits the screen's width, with the marked turns
below it."""
from __future__ import annotations

import pytest

from tests.browser.chromium import wait_until
from tests.browser.test_game_page import PHONE, log_in
from tests.browser.chromium import launch_chromium

pytestmark = [pytest.mark.django_db(transaction=True)]


@pytest.fixture
def finished(django_user_model, settings):
    """A game of the skirmish played four turns and resigned (made before Playwright starts:
    its event loop forbids the ORM)."""
    from tests.finished_games import finished_game
    from tests.play_helpers import make_scenario, skirmish_data

    settings.REVIEW_ITERATIONS_PER_TURN = 40
    lee = django_user_model.objects.create_user("lee", password="Gettysburg-1863")
    grant = django_user_model.objects.create_user("grant", password="Vicksburg-1863")
    game = finished_game(lee, grant, make_scenario(skirmish_data()), turns=4)
    return game.pk


@pytest.fixture
def browser(live_server, finished):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_chromium(p)
        yield browser
        browser.close()


def test_a_member_asks_for_the_review_on_a_phone_and_reads_the_graph(browser, live_server, finished):
    replay = f"/play/games/{finished}/replay/"
    page = log_in(browser, live_server.url, "lee", "Gettysburg-1863", PHONE, replay)
    page.get_by_role("button", name="Ask Archie for a review").click()
    page.wait_for_selector("svg.chance-graph")
    assert page.url.endswith(replay)                     # swapped in place, no reload
    wait_until(page, "document.querySelectorAll('svg.chance-graph polyline.chance').length === 2")
    box = page.evaluate("""() => {
      const g = document.querySelector('svg.chance-graph').getBoundingClientRect();
      const wide = [...document.querySelectorAll('#review, #review *')]
        .map(e => e.getBoundingClientRect().right);
      return {left: g.left, right: g.right, width: g.width, review: Math.max(...wide)};
    }""")
    assert box["left"] >= 0 and box["right"] <= PHONE["width"] and box["width"] > 250
    assert box["review"] <= PHONE["width"], "the review is wider than the phone"
    marks = page.locator("svg.chance-graph a line.mark").count()
    assert marks == page.locator("ol.marked-turns > li").count()
