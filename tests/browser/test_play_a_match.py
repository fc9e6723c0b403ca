"""Two members play the opening of a match in a real browser (Debian's Chromium, headless).

Lee challenges Grant from the lobby, Grant accepts, and Lee plays the first turn through
the game page: a card, an order, a move, a battle; Grant's page, never reloaded, shows the
move by itself and then asks Grant where the unit hit by a flag retreats; Lee ends the turn.

Dice cannot be scripted through the pages, so the game's seed is chosen (the search below
replays the same steps in the engine) so that Lee's attack rolls a flag on a unit with two
hexes to retreat to.  Screenshots (desktop and phone) go to $PLAY_SCREENSHOTS if set.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from games.engine import Game as EngineGame, load_scenario
from tests.engine.helpers import U

from tests.browser.chromium import launch_chromium
SHOTS = os.environ.get("PLAY_SCREENSHOTS")

pytestmark = [
    pytest.mark.django_db(transaction=True),
]

MOVE_FROM, MOVE_TO, TARGET = (12, 6), (13, 5), (13, 3)


def skirmish_data() -> dict:
    units = [U("union", "infantry", 12, 6), U("union", "infantry", 8, 6),
             U("union", "cavalry", 16, 6), U("union", "artillery", 12, 8),
             U("confederate", "infantry", 13, 3), U("confederate", "infantry", 9, 3),
             U("confederate", "cavalry", 17, 3), U("confederate", "artillery", 12, 0)]
    return {
        "format": 1, "slug": "browser-skirmish", "name": "Browser skirmish", "dates": ["1862-06-01"],
        "sides": {"union": {"position": "bottom", "cards": 4, "flags": 4},
                  "confederate": {"position": "top", "cards": 4, "flags": 4}},
        "first_side": "union", "terrain": [{"kind": "woods", "hex": {"col": 9, "row": 3}}],
        "units": units,
        "generals": [{"side": "union", "hex": {"col": 4, "row": 8}, "name": "Meade"},
                     {"side": "confederate", "hex": {"col": 20, "row": 0}, "name": "Lee"}],
    }


def H(key):
    return {"col": key[0], "row": key[1]}


def find_seed(data) -> tuple[int, str, list]:
    """A seed under which the opening below ends in a retreat decision with 2+ hexes."""
    sc = load_scenario(data)
    for seed in range(1, 5000):
        g = EngineGame.new(sc, seed=seed)
        card = g.hands["union"][0]
        g.apply({"type": "play_card", "card": card, "mode": "skirmish"})
        g.apply({"type": "order", "unit": "u1"})
        g.apply({"type": "move", "unit": "u1", "to": H(MOVE_TO)})
        g.apply({"type": "end_movement"})
        g.apply({"type": "attack", "unit": "u1", "target": H(TARGET)})
        decision = g.view("confederate")["decision"]
        if g.phase == "retreat" and len(decision["options"]) >= 2:
            return seed, card, decision["options"]
    raise AssertionError("no seed gives a retreat decision")


def hex_(page, key):
    return page.locator(f'#board g.hex[data-col="{key[0]}"][data-row="{key[1]}"]')


def shot(page, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


@pytest.fixture
def opening(django_user_model, monkeypatch):
    """The database set-up, made before Playwright starts (its event loop forbids the ORM)."""
    from games import services
    from games.engine.battlecry.advanced.cards import card_of
    from tests.play_helpers import make_scenario

    data = skirmish_data()
    seed, card, options = find_seed(data)
    monkeypatch.setattr(services, "engine_seed", lambda secret: seed)
    make_scenario(data)
    django_user_model.objects.create_user("lee", email="lee@example.org", password="Gettysburg-1863")
    django_user_model.objects.create_user("grant", email="grant@example.org", password="Vicksburg-1863")
    return {"card_name": card_of(card).name, "options": options}


@pytest.fixture
def browser(live_server, opening):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_chromium(p)
        yield browser
        browser.close()


#: What the browser refused under the site's Content-Security-Policy, as it reports it.
CSP_REFUSALS: list[str] = []


def log_in(browser, url, username, password, viewport):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.on("console", lambda m: CSP_REFUSALS.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(f"{url}/accounts/login/?next=/play/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/play/")
    return page


def test_two_members_play_the_opening_turn(opening, browser, live_server):
    card_name, options = opening["card_name"], opening["options"]
    CSP_REFUSALS.clear()

    lee = log_in(browser, live_server.url, "lee", "Gettysburg-1863", {"width": 1280, "height": 900})
    grant = log_in(browser, live_server.url, "grant", "Vicksburg-1863", {"width": 390, "height": 844})

    # Lee challenges Grant from the lobby.
    # Typing a few letters brings suggestions from the site; the member is picked by username.
    lee.locator("#id_c-opponent").press_sequentially("gra")
    lee.wait_for_selector("#opponent-options option[value='grant']", state="attached")
    lee.fill("#id_c-opponent", "grant")
    lee.select_option("#id_c-scenario", label="Browser skirmish")
    lee.select_option("#id_c-side", "union")
    lee.get_by_role("button", name="Send the challenge").click()
    lee.wait_for_url("**/play/matches/*/")
    assert "Waiting for grant to answer" in lee.content()

    # Grant accepts and lands on the game page, waiting for Lee.
    grant.reload()
    grant.get_by_role("button", name="Accept").click()
    grant.wait_for_url("**/play/games/*/")
    assert "Waiting for" in grant.get_by_role("status").first.inner_text()
    grant.evaluate("window.notReloaded = true")
    game_url = grant.url

    # Lee: play the card as a skirmish action.
    lee.goto(game_url)
    shot(lee, "desktop-1-play-card")
    assert "Your decision" in lee.get_by_role("status").first.inner_text()
    lee.locator("li.card", has_text=card_name).first.get_by_role(
        "button", name="Skirmish: order 1 unit anywhere").click()
    lee.wait_for_selector("text=Order units")

    # Order: eligible units are highlighted; pick the one to order (with the keyboard:
    # Tab to the hex, Enter).
    assert hex_(lee, MOVE_FROM).get_attribute("class").split().count("eligible") == 1
    hex_(lee, MOVE_FROM).focus()
    lee.keyboard.press("Enter")
    lee.wait_for_selector("text=Move your ordered units")

    # Move: click the unit, the reachable hexes light up, click the destination.
    hex_(lee, MOVE_FROM).click()
    lee.wait_for_selector("#board g.hex.reachable")
    shot(lee, "desktop-2-move")
    assert "reachable" in hex_(lee, MOVE_TO).get_attribute("class")
    hex_(lee, MOVE_TO).click()
    lee.wait_for_selector(f'#board g.hex[data-col="{MOVE_TO[0]}"][data-row="{MOVE_TO[1]}"] .unit.union')

    # Grant's page shows the move without a reload.
    grant.wait_for_selector(f'#board g.hex[data-col="{MOVE_TO[0]}"][data-row="{MOVE_TO[1]}"] .unit.union',
                            timeout=15_000)
    assert grant.evaluate("window.notReloaded") is True

    # Battle: end movement, click the unit, see the target's dice, click the target.
    lee.get_by_role("button", name="End movement: battle").click()
    lee.wait_for_selector("text=Battle: click one of your highlighted units")
    hex_(lee, MOVE_TO).click()
    lee.wait_for_selector("#board g.hex.target")
    assert "2 dice" in lee.locator(".choices", has_text="Targets").inner_text()
    shot(lee, "desktop-3-battle")
    hex_(lee, TARGET).click()
    lee.wait_for_selector(".status:has-text('Waiting for')")
    assert "fired on" in lee.locator("#dice").inner_text() and "fired on" in lee.locator(".log").inner_text()

    # Grant decides where the unit retreats: the hexes offered are highlighted.
    grant.wait_for_selector("text=must retreat", timeout=15_000)
    assert grant.evaluate("window.notReloaded") is True
    shot(grant, "phone-1-retreat")
    for o in options:
        assert "reachable" in hex_(grant, (o["col"], o["row"])).get_attribute("class")
    hex_(grant, (options[0]["col"], options[0]["row"])).click()
    grant.wait_for_selector(".status:has-text('Waiting for')")
    assert "retreated to" in grant.locator(".log").inner_text()

    # Lee's page shows the retreat by itself; Lee ends the turn and draws.
    lee.wait_for_selector("button:has-text('End the turn and draw')", timeout=15_000)
    lee.get_by_role("button", name="End the turn and draw").click()
    lee.wait_for_selector(".status:has-text('Waiting for')")
    assert "You drew" in lee.locator(".log").inner_text()

    # Now it is Grant's turn, shown without a reload.
    grant.wait_for_selector("text=Play a command card from your hand", timeout=15_000)
    assert grant.evaluate("window.notReloaded") is True
    shot(grant, "phone-2-your-turn")
    shot(lee, "desktop-4-waiting")
    assert CSP_REFUSALS == []         # the whole turn ran within the Content-Security-Policy

    # The lobby lists the game where it is Grant's move first.
    grant.goto(f"{live_server.url}/play/")
    assert "Browser skirmish" in grant.locator("li.your-turn").inner_text()
    shot(grant, "phone-3-lobby")
    lee.goto(f"{live_server.url}/play/")
    shot(lee, "desktop-5-lobby")
