"""The game page on a phone (390 x 844): the whole board fits the width, and the board and
the choices are on the first screen together, so a turn is played without scrolling
between them; on a desktop (1366 x 900) the board and the choices sit side by side as before.
"""
from __future__ import annotations

import pytest

from tests.browser.test_game_page import DESKTOP, PHONE, browser, log_in, setup  # noqa: F401

pytestmark = [pytest.mark.django_db(transaction=True)]

MEASURE = """() => {
  const svg = document.querySelector('#board svg.board').getBoundingClientRect();
  const frame = document.querySelector('#board').getBoundingClientRect();
  const button = [...document.querySelectorAll('.panel button, .panel a.button')]
    .find(b => b.offsetParent !== null);
  const b = button.getBoundingClientRect();
  return {board_width: svg.width, board_left: svg.left, board_bottom: svg.bottom,
          frame_width: frame.width, frame_scrolls: document.querySelector('#board').scrollWidth >
          document.querySelector('#board').clientWidth + 1,
          button_top: b.top, button_bottom: b.bottom, button_left: b.left, button_right: b.right,
          button_label: button.textContent.trim(),
          page_width: document.documentElement.scrollWidth};
}"""


def measure(page) -> dict:
    page.evaluate("window.scrollTo(0, 0)")
    return page.evaluate(MEASURE)


def test_on_a_phone_the_board_fits_and_the_choices_are_on_the_first_screen(
        browser, live_server, setup, tmp_path):
    game_url = f"/play/games/{setup['game']}/"
    lee = log_in(browser, live_server.url, "lee", "Gettysburg-1863", PHONE, game_url)
    m = measure(lee)
    print("phone, first screen:", m)
    lee.screenshot(path=str(tmp_path / "phone-first-screen.png"))
    assert m["board_width"] <= PHONE["width"] and m["board_left"] >= 0
    assert not m["frame_scrolls"], "the board scrolls sideways"
    assert m["page_width"] <= PHONE["width"], "the page scrolls sideways"
    assert m["board_bottom"] <= PHONE["height"], "the board's bottom is below the first screen"
    assert m["button_bottom"] <= PHONE["height"], "the first choice is below the first screen"
    assert m["button_right"] <= PHONE["width"]

    # Order a unit: the board's next choice and the buttons are still on one screen.
    lee.locator("li.card").first.get_by_role("button", name="Skirmish: order 1 unit anywhere").click()
    lee.wait_for_selector("text=Order units")
    m = measure(lee)
    print("phone, ordering:", m)
    assert m["board_bottom"] <= PHONE["height"] and m["button_bottom"] <= PHONE["height"]


def test_on_a_desktop_the_board_and_the_choices_are_side_by_side(browser, live_server, setup):
    game_url = f"/play/games/{setup['game']}/"
    lee = log_in(browser, live_server.url, "lee", "Gettysburg-1863", DESKTOP, game_url)
    m = measure(lee)
    print("desktop:", m)
    assert m["button_left"] > m["board_left"] + m["board_width"]      # the panel beside the board
    assert m["board_bottom"] <= DESKTOP["height"] and m["button_bottom"] <= DESKTOP["height"]
    assert m["board_width"] >= 700
