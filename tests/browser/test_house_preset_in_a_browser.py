"""A match set up with a preset of the house rules, and a turn in which three of them act,
in a real browser (Debian's Chromium, headless; docs/rulings.md H60).

Lee challenges Grant from the lobby choosing "Barber: a light touch" in the preset list
(holding your ground, the last figure, return fire), Grant accepts, and Lee attacks a
two-figure unit on a hill in melee: Lee's hit leaves it one figure and a flag for the last
figure (the last figure), the hill lets it hold its ground against that flag (holding your
ground), and it fires back (return fire). The game's seed is chosen by replaying the same
steps in the engine, so the dice are known. (The full simulation changes too much of the
turn as rules are added to it to pin a turn on it: the preset's own tests cover it.)
"""
from __future__ import annotations

import pytest

from games.engine import Game as EngineGame, load_scenario, preset_named
from tests.browser.chromium import launch_chromium, member_page
from tests.engine.helpers import U

pytestmark = [pytest.mark.django_db(transaction=True)]

MOVE_FROM, MOVE_TO, TARGET = (12, 6), (13, 5), (14, 4)
PRESET = "barber_light"


def skirmish_data() -> dict:
    units = [U("union", "infantry", 12, 6), U("union", "infantry", 8, 6),
             U("union", "cavalry", 16, 6), U("union", "artillery", 12, 8),
             U("confederate", "infantry", 14, 4, figures=2), U("confederate", "infantry", 9, 3),
             U("confederate", "cavalry", 17, 3), U("confederate", "artillery", 12, 0)]
    return {
        "format": 1, "slug": "preset-skirmish", "name": "Preset skirmish", "dates": ["1862-06-01"],
        "sides": {"union": {"position": "bottom", "cards": 4, "flags": 4},
                  "confederate": {"position": "top", "cards": 4, "flags": 4}},
        "first_side": "union", "terrain": [{"kind": "hill", "hex": {"col": 14, "row": 4}}],
        "units": units,
        "generals": [{"side": "union", "hex": {"col": 4, "row": 8}, "name": "Meade"},
                     {"side": "confederate", "hex": {"col": 20, "row": 0}, "name": "Lee"}],
    }


def H(key):
    return {"col": key[0], "row": key[1]}


def find_seed(data) -> tuple[int, str]:
    """A seed under which the attack below shows a flag for the last figure, held on the
    hill, and return fire, and leaves Lee to end the turn."""
    sc = load_scenario(data)
    options = dict(preset_named("advanced", PRESET).options)
    for seed in range(1, 5000):
        g = EngineGame.new(sc, seed=seed, options=options)
        card = g.hands["union"][0]
        g.apply({"type": "play_card", "card": card, "mode": "skirmish"})
        g.apply({"type": "order", "unit": "u1"})
        g.apply({"type": "move", "unit": "u1", "to": H(MOVE_TO)})
        g.apply({"type": "end_movement"})
        events = g.apply({"type": "attack", "unit": "u1", "target": H(TARGET)})
        attacks = [e for e in events if e["type"] == "attack"]
        if (any(e.get("flags_ignored") for e in attacks)
                and any(e.get("flags_added") for e in attacks)
                and any(e.get("fired_back") for e in attacks)
                and {"type": "end_turn"} in g.legal_actions()):
            return seed, card
    raise AssertionError("no seed shows the three rules")


def hex_(page, key):
    return page.locator(f'#board g.hex[data-col="{key[0]}"][data-row="{key[1]}"]')


@pytest.fixture
def opening(django_user_model, monkeypatch):
    """The database set-up, made before Playwright starts (its event loop forbids the ORM)."""
    from games import services
    from games.engine.battlecry.advanced.cards import card_of
    from tests.play_helpers import make_scenario

    data = skirmish_data()
    seed, card = find_seed(data)
    monkeypatch.setattr(services, "engine_seed", lambda secret: seed)
    make_scenario(data)
    django_user_model.objects.create_user("lee", email="lee@example.org", password="Gettysburg-1863")
    django_user_model.objects.create_user("grant", email="grant@example.org", password="Vicksburg-1863")
    return {"card_name": card_of(card).name}


@pytest.fixture
def browser(live_server, opening):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_chromium(p)
        yield browser
        browser.close()


def test_a_match_under_a_preset_plays_a_turn_where_three_house_rules_act(opening, browser, live_server):
    lee = member_page(browser, live_server.url, "lee", "Gettysburg-1863")
    grant = member_page(browser, live_server.url, "grant", "Vicksburg-1863")

    # Lee challenges Grant under a preset, picked from the list.
    lee.fill("#id_c-opponent", "grant")
    lee.select_option("#id_c-scenario", label="Preset skirmish")
    lee.select_option("#id_c-side", "union")
    lee.select_option("#id_c-preset", label="Barber: a light touch")
    lee.get_by_role("button", name="Send the challenge").click()
    lee.wait_for_url("**/play/matches/*/")
    assert "House rule: return fire" in lee.content()

    grant.reload()
    grant.get_by_role("button", name="Accept").click()
    grant.wait_for_url("**/play/games/*/")
    game_url = grant.url

    lee.goto(game_url)
    header = lee.locator("h1").first.inner_text() + lee.content()
    for label in ("House rule: return fire", "House rule: holding your ground",
                  "House rule: the last figure"):
        assert label in header
    lee.locator("li.card", has_text=opening["card_name"]).first.get_by_role(
        "button", name="Skirmish: order 1 unit anywhere").click()
    lee.wait_for_selector("text=Order units")
    hex_(lee, MOVE_FROM).click()
    lee.wait_for_selector("text=Move your ordered units")
    hex_(lee, MOVE_FROM).click()
    lee.wait_for_selector("#board g.hex.reachable")
    hex_(lee, MOVE_TO).click()
    lee.wait_for_selector(f'#board g.hex[data-col="{MOVE_TO[0]}"][data-row="{MOVE_TO[1]}"] .unit.union')
    lee.get_by_role("button", name="End movement: battle").click()
    lee.wait_for_selector("text=your units in melee must battle first")
    hex_(lee, MOVE_TO).click()
    lee.wait_for_selector("#board g.hex.target")
    hex_(lee, TARGET).click()
    lee.wait_for_selector("button:has-text('End the turn and draw')")

    # The three rules, in the log in words: the flag for the last figure, held on the hill,
    # and the defender's return fire.
    log = lee.locator(".log").inner_text()
    assert "1 flag (1 added: last figure) (1 ignored)" in log
    assert "Return fire:" in log
    # Grant's page shows the same without a reload.
    grant.wait_for_selector(".log:has-text('Return fire:')", timeout=15_000)
    lee.get_by_role("button", name="End the turn and draw").click()
    grant.wait_for_selector("text=Play a command card from your hand", timeout=15_000)
