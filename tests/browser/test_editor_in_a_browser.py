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
    page.select_option("#id_rule_add", "temporary_flags")          # its hexes are picked below
    page.fill("#id_rule_params", '{"side": "union"}')
    page.get_by_role("button", name="Save the details").click()
    page.wait_for_selector("#details >> text=Details saved.")
    assert "special_rules[0]" in page.locator("#workspace .checks").inner_text()   # no hexes yet

    # the rule's hexes, picked on the board: a click, and Enter on a hex reached by the arrows
    page.keyboard.press("r")
    assert page.is_checked('#tray input[name="tool"][value="rule"]')
    assert page.locator("#rule_target option:checked").inner_text() == "1. temporary flags (Union)"
    hex_at(page, 12, 4).click()
    redrawn("(12,4) added to the hexes of special rule 1")
    hex_at(page, 12, 4).focus()
    page.keyboard.press("ArrowRight")               # to (14,4)
    page.keyboard.press("Enter")
    redrawn("(14,4) added to the hexes of special rule 1")
    assert "rule-hex" in hex_at(page, 12, 4).get_attribute("class")
    assert "rule-hex" in hex_at(page, 14, 4).get_attribute("class")
    assert "rule-hex" not in hex_at(page, 10, 4).get_attribute("class")
    page.wait_for_selector("#workspace >> text=No problems")
    data = in_thread(lambda: ScenarioDraft.objects.get(pk=draft.pk).data)
    assert {(t["hex"]["col"], t["hex"]["row"], t["kind"]) for t in data["terrain"]} == {
        (10, 4, "woods"), (12, 4, "woods"), (14, 4, "woods"), (6, 4, "fence")}
    assert data["flag_tokens"] == [{"kind": "objective", "hex": {"col": 12, "row": 4}, "side": "union", "flags": 1}]
    assert [(u["side"], u["hex"]["col"], u["hex"]["row"]) for u in data["units"]] == [
        ("union", 11, 7), ("confederate", 13, 1)]
    assert data["name"] == "Crossroads"
    assert data["special_rules"] == [{"rule": "temporary_flags", "hexes": [{"col": 12, "row": 4}, {"col": 14, "row": 4}],
                                      "side": "union"}]

    # the other tools by their keys, each used with Enter on the hex with the focus
    page.keyboard.press("t")
    hex_at(page, 20, 2).focus()
    page.keyboard.press("Enter")
    redrawn("Woods on (20,2)")
    page.check('#tray input[name="terrain_kind"][value="town"]')
    hex_at(page, 20, 2).focus()
    page.keyboard.press("Enter")
    redrawn("Town on (20,2)")
    page.keyboard.press("b")                        # the buildings of a town: a house
    page.check('#tray input[name="buildings"][value="house"]')
    hex_at(page, 20, 2).focus()
    page.keyboard.press("Enter")
    redrawn("Buildings a house on (20,2)")
    assert hex_at(page, 20, 2).locator("title").text_content().startswith("Town (a house)")
    page.keyboard.press("e")
    page.keyboard.press("Enter")
    redrawn("Erased (20,2)")
    page.keyboard.press("s")
    hex_at(page, 10, 4).focus()
    page.keyboard.press("Enter")
    redrawn("First corner at (10,4)")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")                    # (12,4): two hexes of woods, the objective
    redrawn("Region selected")
    page.keyboard.press("Control+c")
    redrawn("Copied")
    hex_at(page, 16, 6).focus()
    page.keyboard.press("Control+v")
    redrawn("Pasted")
    pasted = in_thread(lambda: ScenarioDraft.objects.get(pk=draft.pk).data)
    assert {(16, 6, "woods"), (18, 6, "woods")} <= {(t["hex"]["col"], t["hex"]["row"], t["kind"]) for t in pasted["terrain"]}
    page.keyboard.press("Control+z")
    redrawn("Undo: Pasted")
    page.keyboard.press("l")
    hex_at(page, 11, 7).focus()
    page.keyboard.press("Enter")
    redrawn("hexes in sight of")
    assert page.locator("#workspace .board .hex.seen").count() > 0
    page.keyboard.press("m")
    redrawn("Mirrored the left half onto the right half")
    page.keyboard.press("Control+z")
    redrawn("Undo: Mirrored the left half onto the right half")
    assert in_thread(lambda: ScenarioDraft.objects.get(pk=draft.pk).data) == data

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


def finger_drag(page, points):
    """A finger drawn across ``points`` (page coordinates in the viewport): touch events
    through the browser's debugger, which the page receives as touch pointer events. The
    moves are paced and the finger rests before it is lifted, as a hand does: a finger
    lifted at speed starts a fling, and the browser then takes the next tap as the one
    that stops the fling (no click)."""
    cdp = page.context.new_cdp_session(page)
    x, y = points[0]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        for step in range(1, 5):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                {"x": x0 + (x1 - x0) * step / 4, "y": y0 + (y1 - y0) * step / 4}]})
            page.wait_for_timeout(30)           # the finger's pace, not a wait for the page
    page.wait_for_timeout(300)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_a_battle_is_drawn_with_a_finger_on_a_tablet(browser, live_server, member):
    """A tablet held upright (820 x 1180, touch): taps and a finger's drag paint, a tap places
    a unit, the checks mark the problem on its hex, a tap on Undo takes it back."""
    from games.models import ScenarioDraft

    context = browser.new_context(viewport={"width": 820, "height": 1180}, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{live_server.url}/accounts/login/?next=/editor/")
    page.fill("#id_username", "lee")
    page.fill("#id_password", "Gettysburg-1863")
    page.get_by_role("button", name="Log in").tap()
    page.wait_for_url("**/editor/")
    page.get_by_role("button", name="Start").tap()
    page.wait_for_url("**/editor/*/")
    draft = in_thread(lambda: ScenarioDraft.objects.get())

    def redrawn(text):
        page.wait_for_selector(f"#workspace .editor-status >> text={text}")
        wait_until(page, "!document.querySelector('.htmx-settling, .htmx-added, .htmx-request')")

    def centre(col, row):
        box = hex_at(page, col, row).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    # a tap paints one hex; a finger drawn across three paints them as one change
    page.locator('#tray label:has(input[name="terrain_kind"][value="rough"])').tap()
    hex_at(page, 6, 4).tap()
    redrawn("Rough on (6,4)")
    page.locator('#tray label:has(input[name="terrain_kind"][value="woods"])').tap()
    hex_at(page, 12, 4).scroll_into_view_if_needed()
    scrolled = page.evaluate("window.scrollY")
    finger_drag(page, [centre(10, 4), centre(12, 4), centre(14, 4)])
    redrawn("Woods on 3 hexes")
    assert page.evaluate("window.scrollY") == scrolled          # the drag drew; the page stayed

    # a tap places a unit; on the rough hex the checks name the hex and mark it on the board
    page.locator('#tray label:has(input[name="tool"][value="unit"])').tap()
    hex_at(page, 6, 4).tap()
    redrawn("Union infantry on (6,4)")
    assert "units[0] at (6,4): no unit may stand on rough terrain" in page.locator("#workspace .checks").inner_text()
    assert "problem" in hex_at(page, 6, 4).get_attribute("class")
    data = in_thread(lambda: ScenarioDraft.objects.get(pk=draft.pk).data)
    assert data["units"] == [{"hex": {"col": 6, "row": 4}, "side": "union", "kind": "infantry"}]
    assert {(t["hex"]["col"], t["hex"]["row"], t["kind"]) for t in data["terrain"]} == {
        (6, 4, "rough"), (10, 4, "woods"), (12, 4, "woods"), (14, 4, "woods")}

    # a tap on Undo takes the unit back, and the checks with it; one on the board again places it elsewhere
    page.locator("#undo").tap()
    redrawn("Undo: Union infantry on (6,4)")
    assert "rough terrain" not in page.locator("#workspace .checks").inner_text()
    assert "problem" not in hex_at(page, 6, 4).get_attribute("class")
    hex_at(page, 11, 7).tap()
    redrawn("Union infantry on (11,7)")
    assert "rough terrain" not in page.locator("#workspace .checks").inner_text()
    data = in_thread(lambda: ScenarioDraft.objects.get(pk=draft.pk).data)
    assert data["units"] == [{"hex": {"col": 11, "row": 7}, "side": "union", "kind": "infantry"}]
    context.close()
