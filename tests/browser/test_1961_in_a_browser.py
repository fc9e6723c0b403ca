"""The 1961 game in a real browser: the South on a phone (390 x 844) and the North on a
desktop (1366 x 900) play three turns by clicking the square board: a piece that can still
move, then one of the squares lit for it, until the pips are spent; then a battle or the end
of the turn. On the phone the map keeps squares big enough to read and scrolls sideways in its
frame, while the page itself does not scroll sideways."""
from __future__ import annotations

import re

import pytest

from tests.browser.chromium import wait_until
from tests.browser.test_game_page import DESKTOP, PHONE, browser, log_in  # noqa: F401

pytestmark = [pytest.mark.django_db(transaction=True)]

ACTED = re.compile(r"/play/games/\d+/(act/|\?sel=)")
FITS = """() => ({board: document.querySelector('#board svg.board').getBoundingClientRect().width,
                 frame: document.querySelector('#board').getBoundingClientRect().width,
                 page: document.documentElement.scrollWidth})"""
#: Columns of the shipped map, and the least width of a square a player reads on a phone.
COLUMNS, READABLE = 24, 26


@pytest.fixture
def setup(django_user_model, monkeypatch):
    from django.core.management import call_command

    from games import services
    from games.models import Scenario
    from tests.play_helpers import ROOT, start_match

    monkeypatch.setattr(services, "engine_seed", lambda secret: 5)      # a known deal and dice
    lee = django_user_model.objects.create_user("lee", password="Gettysburg-1863")
    grant = django_user_model.objects.create_user("grant", password="Vicksburg-1863")
    call_command("load_scenarios", str(ROOT / "games" / "scenarios" / "mb1961"), verbosity=0)
    scenario = Scenario.objects.get(format="mb1961")
    match, game = start_match(lee, grant, scenario, side="union", ruleset="1961")
    return {"game": game.pk, "match": match.pk}


def click(page, locator) -> None:
    """Click and wait for the page's answer (the HTMX request it makes) to be swapped in."""
    with page.expect_response(lambda r: bool(ACTED.search(r.url))):
        locator.click()
    wait_until(page, "!document.querySelector('.htmx-settling, .htmx-added, .htmx-request')")


def play_a_turn(page) -> int:
    """Click through one turn on the board; the clicks made."""
    clicks = 0
    for _ in range(60):
        reachable = page.locator("#board g.cell.reachable")
        battle = page.get_by_role("button", name=re.compile(r"^Battle: "))
        end = page.get_by_role("button", name="End the turn without a battle")
        movable = page.locator("#board g.cell.eligible")
        if reachable.count():
            click(page, reachable.first)
        elif battle.count():
            click(page, battle.first)
        elif end.count():
            click(page, end)
        elif movable.count() and page.get_by_text("Pieces that can still move").count():
            click(page, movable.first)
        else:
            return clicks
        clicks += 1
    raise AssertionError("the turn did not end")


def test_three_turns_on_the_square_board_on_a_phone_and_a_desktop(browser, live_server, setup, tmp_path):
    game_url = f"/play/games/{setup['game']}/"
    south = log_in(browser, live_server.url, "grant", "Vicksburg-1863", PHONE, game_url)
    north = log_in(browser, live_server.url, "lee", "Gettysburg-1863", DESKTOP, game_url)
    fits = south.evaluate(FITS)
    # the squares stay readable: the map is wider than the phone and scrolls in its frame
    assert fits["board"] / COLUMNS >= READABLE, fits
    assert fits["frame"] <= PHONE["width"] and fits["page"] <= PHONE["width"], fits
    assert south.get_by_text("Pieces that can still move").count() == 1
    assert north.get_by_text("Waiting for").count() >= 1
    south.screenshot(path=str(tmp_path / "1961-phone.png"))
    assert play_a_turn(south) >= 2
    north.reload()
    assert north.get_by_text("Pieces that can still move").count() == 1
    north.screenshot(path=str(tmp_path / "1961-desktop.png"))
    assert play_a_turn(north) >= 2
    south.reload()
    assert play_a_turn(south) >= 2
    north.reload()
    assert north.get_by_text("Pieces that can still move").count() == 1
    assert north.locator("#board .arrows line").count() >= 1          # the South's last moves
    assert "Round 2" in north.content()
