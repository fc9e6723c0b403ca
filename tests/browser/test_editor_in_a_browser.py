"""The scenario editor in a real browser (Debian's Chromium, headless): a club editor draws a
small battle from a blank map with the mouse (clicks and a drag) and the keyboard (tool keys,
arrow keys, Enter), fills in its details, sees it pass the checks, plays a practice game of
it against Archie, proposes it to the club and, as its organiser, publishes it."""
from __future__ import annotations

import concurrent.futures

import pytest

from tests.browser.chromium import launch_chromium, wait_until

pytestmark = [pytest.mark.django_db(transaction=True)]


@pytest.fixture
def member(django_user_model):
    from tournaments import services
    lee = django_user_model.objects.create_user("lee", email="lee@example.org", password="Gettysburg-1863")
    services.create_club(lee, "Rebels")
    return lee


@pytest.fixture
def browser(live_server, member):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_chromium(p)
        yield browser
        browser.close()


def in_thread(fn):
    """Run ORM code outside Playwright's event loop (Django refuses it inside)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(fn).result()


def hex_at(page, col, row):
    return page.locator(f'#workspace .board .hex[data-col="{col}"][data-row="{row}"]')


def test_draw_check_try_and_publish_a_battle(browser, live_server, member):
    from games.models import Game, Scenario, ScenarioDraft

    page = browser.new_context(viewport={"width": 1280, "height": 1000}, has_touch=True).new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{live_server.url}/accounts/login/?next=/editor/")
    page.fill("#id_username", "lee")
    page.fill("#id_password", "Gettysburg-1863")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/editor/")
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/editor/*/")
    draft = in_thread(lambda: ScenarioDraft.objects.get())

    def redrawn(text):
        """The board answered with ``text``, and htmx has settled the new board."""
        page.wait_for_selector(f"#workspace .editor-status >> text={text}")
        wait_until(page, "!document.querySelector('.htmx-settling, .htmx-added, .htmx-request')")

    # the mouse: a drag of woods across three hexes, then a click with the unit tool
    page.check('#tray input[name="terrain_kind"][value="woods"]')
    hex_at(page, 12, 4).scroll_into_view_if_needed()
    boxes = [hex_at(page, c, r).bounding_box() for c, r in ((10, 4), (12, 4), (14, 4))]
    page.mouse.move(boxes[0]["x"] + boxes[0]["width"] / 2, boxes[0]["y"] + boxes[0]["height"] / 2)
    page.mouse.down()
    for box in boxes[1:]:
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=4)
    page.mouse.up()
    redrawn("Woods on 3 hexes")
    page.keyboard.press("u")                        # the unit tool, by its key
    assert page.is_checked('#tray input[name="tool"][value="unit"]')
    hex_at(page, 11, 7).click()
    redrawn("Union infantry on (11,7)")

    # the keyboard: focus a hex, move with the arrows, Enter uses the tool
    page.select_option("#unit_side", "confederate")
    hex_at(page, 11, 1).focus()
    page.keyboard.press("ArrowRight")               # to (13,1)
    page.keyboard.press("Enter")
    redrawn("Confederate infantry on (13,1)")
    page.keyboard.press("Control+z")
    redrawn("Undo: Confederate infantry on (13,1)")
    page.keyboard.press("Control+y")
    redrawn("Redo: Confederate infantry on (13,1)")
    page.keyboard.press("g")
    hex_at(page, 11, 7).focus()
    page.keyboard.press("Enter")
    redrawn("Union general on (11,7)")

    # a hexside on the side nearest the pointer; a tap, as on a tablet
    page.keyboard.press("h")
    page.check('#tray input[name="obstacle_kind"][value="fence"]')
    box = hex_at(page, 6, 4).bounding_box()
    hex_at(page, 6, 4).click(position={"x": box["width"] * 0.78, "y": box["height"] * 0.25})
    redrawn("Fence on the NE side of (6,4)")
    page.keyboard.press("o")
    hex_at(page, 12, 4).tap()
    redrawn("Objective for the Union on (12,4)")

    # the details beside the map; then the checks find nothing
    assert "sides.union.commander" in page.locator("#workspace .checks").inner_text()
    page.fill("#id_union_commander", "Meade")
    page.fill("#id_confederate_commander", "Lee")
    page.fill("#id_name", "Crossroads")
    page.fill("#id_slug", "crossroads")
    page.fill("#id_historical_note", "A meeting engagement.")
    page.get_by_role("button", name="Save the details").click()
    page.wait_for_selector("#details >> text=Details saved.")
    page.wait_for_selector("#workspace >> text=No problems")
    data = in_thread(lambda: ScenarioDraft.objects.get(pk=draft.pk).data)
    assert {(t["hex"]["col"], t["hex"]["row"], t["kind"]) for t in data["terrain"]} == {
        (10, 4, "woods"), (12, 4, "woods"), (14, 4, "woods"), (6, 4, "fence")}
    assert data["flag_tokens"] == [{"kind": "objective", "hex": {"col": 12, "row": 4}, "side": "union", "flags": 1}]
    assert [(u["side"], u["hex"]["col"], u["hex"]["row"]) for u in data["units"]] == [
        ("union", 11, 7), ("confederate", 13, 1)]
    assert data["name"] == "Crossroads"

    # try it against Archie, unpublished
    page.get_by_role("button", name="Play against Archie").click()
    page.wait_for_url("**/play/games/*/")
    assert in_thread(lambda: Game.objects.get().state["scenario"]["name"]) == "Crossroads"
    assert not in_thread(lambda: Scenario.objects.exists())     # the practice copy is listed nowhere

    # propose it to the club, and publish it as its organiser
    page.goto(f"{live_server.url}/editor/{draft.pk}/")
    page.get_by_role("link", name="Propose this battle to your club").click()
    page.get_by_role("button", name="Propose").click()
    page.wait_for_url("**/leagues/clubs/rebels/scenarios/")
    page.get_by_role("button", name="Accept and publish").click()
    page.wait_for_selector("text=version 1 is published")
    assert in_thread(lambda: Scenario.objects.get().slug) == "crossroads-rebels"
