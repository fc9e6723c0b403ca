"""A double-board game on a phone (390 x 844): the board keeps its hexes at reading size and
scrolls sideways inside its frame (the page itself does not), a swipe brings the right board
into view, and the board is no taller than one board, so it fits the first screen with the
page's heading; on a desktop the whole double board fits its column without scrolling."""
from __future__ import annotations

import pytest

from tests.browser.test_game_page import DESKTOP, PHONE, launch_chromium, log_in

pytestmark = [pytest.mark.django_db(transaction=True)]

MEASURE = """() => {
  const frame = document.querySelector('#board');
  const svg = frame.querySelector('svg.board.double').getBoundingClientRect();
  const hex = frame.querySelector('g.hex[data-col="30"][data-row="4"]').getBoundingClientRect();
  return {board_width: svg.width, board_bottom: svg.bottom, hex_width: hex.width, hex_left: hex.left,
          frame_scroll: frame.scrollWidth - frame.clientWidth,
          page_width: document.documentElement.scrollWidth};
}"""


@pytest.fixture
def double_game(django_user_model, monkeypatch):
    from games import services
    from tests.play_helpers import make_scenario, start_match

    monkeypatch.setattr(services, "new_seed", lambda: "0" * 32)
    lee = django_user_model.objects.create_user("lee", password="Gettysburg-1863")
    grant = django_user_model.objects.create_user("grant", password="Vicksburg-1863")
    _, game = start_match(lee, grant, make_scenario(slug="gettysburg-double"), side="confederate")
    return game.pk


@pytest.fixture
def browser(live_server, double_game):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_chromium(p)
        yield browser
        browser.close()


def test_on_a_phone_the_double_board_scrolls_sideways_at_reading_size(browser, live_server, double_game):
    url = f"/play/games/{double_game}/"
    lee = log_in(browser, live_server.url, "lee", "Gettysburg-1863", PHONE, url)
    m = lee.evaluate(MEASURE)
    print("phone:", m)
    assert m["page_width"] <= PHONE["width"], "the page itself scrolls sideways"
    assert m["board_width"] > 1.9 * PHONE["width"] and m["frame_scroll"] > 0.9 * PHONE["width"]
    assert m["hex_width"] >= 27, "hexes smaller than a single board's on a phone"
    assert m["board_bottom"] <= PHONE["height"], "the board's bottom is below the first screen"
    assert m["hex_left"] > PHONE["width"]                      # the right board is off screen
    lee.evaluate("document.querySelector('#board').scrollLeft = 10000")
    m = lee.evaluate(MEASURE)
    assert 0 <= m["hex_left"] < PHONE["width"]                 # ... and scrolls into view


def test_on_a_desktop_the_whole_double_board_is_on_the_screen(browser, live_server, double_game):
    url = f"/play/games/{double_game}/"
    lee = log_in(browser, live_server.url, "lee", "Gettysburg-1863", DESKTOP, url)
    m = lee.evaluate(MEASURE)
    print("desktop:", m)
    assert m["frame_scroll"] <= 1 and m["page_width"] <= DESKTOP["width"]
    assert m["hex_width"] >= 18
