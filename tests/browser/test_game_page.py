"""The game page in a real browser (Debian's Chromium, headless), at a desktop size
(1366 x 900) and a phone size (390 x 844): safe selection, taking back a move, dice in view
right after an attack, the your-turn title, resigning, the replay by keyboard and autoplay,
the chat read by a spectator once both players agree, and the screenshots of the page
(saved under the test's temporary folder).
"""
from __future__ import annotations


import pytest

from tests.browser.chromium import launch_chromium, wait_until
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}

pytestmark = [pytest.mark.django_db(transaction=True)]


def hex_(page, col, row):
    return page.locator(f'#board g.hex[data-col="{col}"][data-row="{row}"]')


#: The dice tray lies wholly inside the window.
DICE_IN_VIEW = ("(() => { const r = document.querySelector('#dice .dice').getBoundingClientRect(); "
                "return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight "
                "&& r.right <= window.innerWidth; })()")


def in_viewport(page, selector) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] \
        and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]


@pytest.fixture
def setup(django_user_model, monkeypatch):
    """Users and a match whose first game the Union (lee) is to open; made before Playwright
    starts (its event loop forbids the ORM)."""
    from games import services
    from tests.play_helpers import make_scenario, skirmish_data, start_match

    monkeypatch.setattr(services, "new_seed", lambda: "0" * 32)
    monkeypatch.setattr(services, "engine_seed", lambda secret: 3)      # a known deal
    lee = django_user_model.objects.create_user("lee", password="Gettysburg-1863")
    grant = django_user_model.objects.create_user("grant", password="Vicksburg-1863")
    scenario = make_scenario(skirmish_data(general_on=(12, 6)))
    match, game = start_match(lee, grant, scenario, side="union")
    return {"game": game.pk, "match": match.pk}


@pytest.fixture
def browser(live_server, setup):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_chromium(p)
        yield browser
        browser.close()


def log_in(browser, url, username, password, viewport, next_url):
    context = browser.new_context(viewport=viewport, reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{url}/accounts/login/?next={next_url}")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**{next_url}")
    return page


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_select_take_back_and_dice_in_view(browser, live_server, setup, viewport, tmp_path):
    game_url = f"/play/games/{setup['game']}/"
    lee = log_in(browser, live_server.url, "lee", "Gettysburg-1863", viewport, game_url)
    grant = log_in(browser, live_server.url, "grant", "Vicksburg-1863", PHONE, game_url)
    errors = []
    for page in (lee, grant):
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
    assert lee.title().startswith("(\u2691 Your turn)")
    assert not grant.title().startswith("(\u2691")
    # hexes big enough to read and tap; on the phone the whole board fits the width, so they
    # are smaller there (the page can still be pinched to zoom)
    assert hex_(lee, 12, 6).bounding_box()["width"] >= (40 if viewport is DESKTOP else 25)
    assert hex_(grant, 12, 6).bounding_box()["width"] >= 25

    # Skirmish: order the infantry standing with its general.
    lee.locator("li.card").first.get_by_role("button", name="Skirmish: order 1 unit anywhere").click()
    lee.wait_for_selector("text=Order units")
    hex_(lee, 12, 6).click()
    lee.wait_for_selector("text=Move your ordered units")

    # One click on the hex selects the unit (a click on a highlighted hex moves it); a second
    # click selects its general instead; a third, the unit again.
    def board_moves():
        import json
        vals = hex_(lee, 13, 5).get_attribute("hx-vals")
        return json.loads(json.loads(vals)["action"])["type"] if vals else None

    hex_(lee, 12, 6).click()
    lee.wait_for_selector("#board g.hex.reachable")
    assert board_moves() == "move"
    hex_(lee, 12, 6).click()
    wait_until(lee, "document.querySelector('#board g.hex.selected') && "
                          "location.href && document.querySelector('.button.current') && "
                          "document.querySelector('.button.current').textContent.includes('general')")
    assert board_moves() == "move_general"
    hex_(lee, 12, 6).click()
    wait_until(lee, "document.querySelector('.button.current') && "
                          "document.querySelector('.button.current').textContent.includes('infantry')")
    assert board_moves() == "move"

    # Move the unit (its general goes along), then take the move back.
    hex_(lee, 13, 5).click()
    lee.wait_for_selector('#board g.hex[data-col="13"][data-row="5"] .unit.union')
    lee.get_by_role("button", name="Take back").click()
    lee.wait_for_selector('#board g.hex[data-col="12"][data-row="6"] .unit.union')
    assert hex_(lee, 13, 5).locator(".unit").count() == 0
    assert "took back a step" in lee.locator(".log").inner_text()

    # Move again and fire: the dice are in view right after the click, and nothing can be
    # taken back any more.
    hex_(lee, 12, 6).click()
    lee.wait_for_selector("#board g.hex.reachable")
    hex_(lee, 13, 5).click()
    lee.wait_for_selector('#board g.hex[data-col="13"][data-row="5"] .unit.union')
    lee.get_by_role("button", name="End movement: battle").click()
    lee.wait_for_selector("text=Battle: click one of your highlighted units")
    hex_(lee, 13, 5).click()
    lee.wait_for_selector("#board g.hex.target")
    hex_(lee, 13, 3).scroll_into_view_if_needed()
    hex_(lee, 13, 3).click()
    lee.wait_for_selector("#dice .dice .die")
    wait_until(lee, DICE_IN_VIEW)                  # scrolled into view, however long it takes
    assert in_viewport(lee, "#dice .dice"), "the dice are out of view after the attack"
    tray = lee.locator("#dice").inner_text()
    assert "hit" in tray.lower() and "fired on" in tray
    assert lee.get_by_role("button", name="Take back").count() == 0
    name = "desktop" if viewport is DESKTOP else "phone"
    lee.screenshot(path=str(tmp_path / f"{name}-after-attack.png"))
    lee.screenshot(path=str(tmp_path / f"{name}-after-attack-full.png"), full_page=True)

    # Grant's page (never reloaded) shows the same roll in the strip's place.
    grant.wait_for_selector("#dice .dice .die", timeout=15_000)
    assert "fired on" in grant.locator("#dice").inner_text()
    assert errors == [], errors                    # no script error, no request error


def test_resign_goes_on_to_the_rematch(browser, live_server, setup, tmp_path):
    game_url = f"/play/games/{setup['game']}/"
    grant = log_in(browser, live_server.url, "grant", "Vicksburg-1863", PHONE, game_url)
    grant.locator("summary", has_text="Resign this game").click()
    grant.get_by_role("button", name="Resign").click()       # the box is not ticked: nothing
    assert "Resign this game" in grant.content()
    grant.get_by_label("Yes, I give up this game").check()
    grant.get_by_role("button", name="Resign").click()
    grant.wait_for_selector("text=The game is over")
    assert "the opponent resigned" in grant.locator(".status").inner_text()
    grant.get_by_role("link", name="The re-match, sides swapped, has started.").click()
    grant.wait_for_selector("text=game 2 of 2")
    assert grant.title().startswith("(\u2691 Your turn)")     # grant now plays the Union
    grant.screenshot(path=str(tmp_path / "phone-rematch.png"), full_page=True)


@pytest.fixture
def after_first_turn(setup):
    """Lee has played the first turn: a move and a shot."""
    from games.models import Game
    from tests.play_helpers import act, first_turn_but_its_end

    game = first_turn_but_its_end(Game.objects.get(pk=setup["game"]))
    act(game, game.player_of("union"), {"type": "end_turn"})
    return setup


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_last_turn_marks_and_their_toggle(after_first_turn, browser, live_server, viewport, tmp_path):
    game_url = f"/play/games/{after_first_turn['game']}/"
    grant = log_in(browser, live_server.url, "grant", "Vicksburg-1863", viewport, game_url)
    assert grant.title().startswith("(\u2691 Your turn)")
    marks = grant.locator("#board .last-turn")
    assert marks.is_visible() and marks.locator("path.mv").count() == 1
    assert marks.locator("circle.at").count() == 1
    assert "1 move, 1 attack" in grant.locator(".last-turn-bar").inner_text()
    name = "desktop" if viewport is DESKTOP else "phone"
    grant.screenshot(path=str(tmp_path / f"{name}-last-turn.png"))
    grant.get_by_label("Show last turn").uncheck()
    assert not marks.is_visible()
    grant.get_by_label("Show last turn").check()
    assert marks.is_visible()


def test_chat_is_plain_text(browser, live_server, setup, tmp_path):
    game_url = f"/play/games/{setup['game']}/"
    lee = log_in(browser, live_server.url, "lee", "Gettysburg-1863", DESKTOP, game_url)
    grant = log_in(browser, live_server.url, "grant", "Vicksburg-1863", PHONE, game_url)
    grant.evaluate("window.notReloaded = true")
    text = '<img src=x onerror="document.title=\'pwned\'"> <b>Good luck</b>'
    lee.fill("#chat-text", text)
    lee.get_by_role("button", name="Send").click()
    lee.wait_for_selector(".chat-lines li.own")
    assert lee.locator(".chat-lines li.own").inner_text().endswith(text)
    assert lee.input_value("#chat-text") == ""                 # the box is cleared
    # grant's chat fills in by itself, shows the text as typed and runs nothing
    grant.wait_for_selector(".chat-lines li:has-text('Good luck')", timeout=20_000)
    assert text in grant.locator(".chat-lines").inner_text()
    assert grant.locator(".chat-lines img, .chat-lines b").count() == 0
    assert "pwned" not in grant.title() and grant.evaluate("window.notReloaded") is True
    grant.screenshot(path=str(tmp_path / "phone-chat.png"), full_page=True)


def test_your_turn_reaches_the_lobby_without_a_reload(browser, live_server, setup, monkeypatch):
    from games.views import lobby as lobby_views
    monkeypatch.setattr(lobby_views, "REFRESH_SECONDS", 1)
    game_url = f"/play/games/{setup['game']}/"
    lee = log_in(browser, live_server.url, "lee", "Gettysburg-1863", DESKTOP, game_url)
    grant = log_in(browser, live_server.url, "grant", "Vicksburg-1863", PHONE, "/play/")
    grant.evaluate("window.notReloaded = true")
    assert grant.title() == "Play · Battle Cry club"
    assert grant.locator(".site-nav .turn-count").count() == 0

    lee.locator("li.card").first.get_by_role("button", name="Skirmish: order 1 unit anywhere").click()
    lee.wait_for_selector("text=Order units")
    hex_(lee, 12, 6).click()
    lee.wait_for_selector("text=Move your ordered units")
    lee.get_by_role("button", name="End movement: battle").click()
    lee.get_by_role("button", name="End the turn and draw").click()
    lee.wait_for_selector(".status:has-text('Waiting for')")
    wait_until(lee, "!document.title.startsWith('(\u2691')")      # no longer lee's turn

    wait_until(grant, "document.title.startsWith('(1) ')", timeout=15_000)
    assert grant.locator(".site-nav .turn-count").inner_text().strip() == "1"
    assert "Browser skirmish" in grant.locator("li.your-turn").inner_text()
    assert grant.evaluate("window.notReloaded") is True


def test_a_click_during_a_slow_poll(browser, live_server, setup, monkeypatch):
    """A poll still on its way when the player clicks: no error in the console (htmx reports
    an aborted request as one), and the late answer does not undo what the click shows."""
    import time

    from django.http import HttpResponse
    from games.views import play

    def slow_response(*args, **kwargs):           # the "nothing new" answer of the poll
        time.sleep(1.5)
        return HttpResponse(*args, **kwargs)

    monkeypatch.setattr(play, "HttpResponse", slow_response)
    game_url = f"/play/games/{setup['game']}/"
    lee = log_in(browser, live_server.url, "lee", "Gettysburg-1863", DESKTOP, game_url)
    errors = []
    lee.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    lee.locator("li.card").first.get_by_role("button", name="Skirmish: order 1 unit anywhere").click()
    lee.wait_for_selector("text=Order units")
    with lee.expect_request("**/version/**", timeout=10_000):
        pass                                       # a poll has just left
    hex_(lee, 12, 6).click()                       # order the unit while it is on its way
    lee.wait_for_selector("text=Move your ordered units")
    lee.wait_for_timeout(2000)                     # the late poll answer has come back
    assert "Move your ordered units" in lee.locator(".status").inner_text()
    assert errors == [], errors


@pytest.fixture
def finished(after_first_turn):
    """The first game, played for a turn, then resigned by grant."""
    from games import services
    from games.models import Game

    game = Game.objects.get(pk=after_first_turn["game"])
    services.resign(game.pk, game.player_of("confederate"), game.version)
    game.refresh_from_db()
    return dict(after_first_turn, last=game.version)


def test_replay_steps_by_keyboard_and_plays_by_itself(finished, browser, live_server):
    replay = f"/play/games/{finished['game']}/replay/"
    page = log_in(browser, live_server.url, "grant", "Vicksburg-1863", PHONE, replay)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    step = "document.querySelector('#replay .steps span').textContent"
    assert page.evaluate(step) == f"Step 0 of {finished['last']}"         # opens at the deal
    page.keyboard.press("ArrowRight")
    wait_until(page, f"{step} === 'Step 1 of {finished['last']}'", timeout=20_000)
    assert "Union:" in page.locator("#replay .status").inner_text()
    page.keyboard.press("End")
    wait_until(page, f"{step} === 'Step {finished['last']} of {finished['last']}'", timeout=20_000)
    page.keyboard.press("Home")
    wait_until(page, f"{step} === 'Step 0 of {finished['last']}'", timeout=20_000)
    page.get_by_role("button", name="Play").click()                     # steps on by itself
    wait_until(page, f"{step} === 'Step 2 of {finished['last']}'", timeout=20_000)
    page.get_by_role("button", name="Pause").click()
    assert page.evaluate("location.pathname") == replay                  # no page load: htmx swaps
    assert errors == [], errors


@pytest.fixture
def chatted(setup, django_user_model):
    """A spectator, meade, and a message from lee in the chat (before Playwright starts)."""
    from games import services

    django_user_model.objects.create_user("meade", password="Gettysburg-1863")
    services.post_chat(setup["match"], django_user_model.objects.get(username="lee"),
                       "<i>Hold the ridge</i>")
    return setup


def test_a_spectator_reads_the_chat_only_once_both_players_agree(chatted, browser, live_server):
    setup = chatted
    game_url = f"/play/games/{setup['game']}/"
    lee = log_in(browser, live_server.url, "lee", "Gettysburg-1863", DESKTOP, game_url)
    grant = log_in(browser, live_server.url, "grant", "Vicksburg-1863", PHONE, game_url)
    meade = log_in(browser, live_server.url, "meade", "Gettysburg-1863", PHONE, game_url)
    assert meade.locator("#chat").count() == 0 and "Hold the ridge" not in meade.content()
    lee.get_by_role("button", name="Let spectators read it").click()
    lee.wait_for_selector("text=once your opponent agrees")
    meade.reload()
    assert meade.locator("#chat").count() == 0                      # one consent is not enough
    grant.get_by_role("button", name="Let spectators read it").click()
    grant.wait_for_selector("text=you both agreed")
    meade.reload()
    assert meade.locator(".chat-lines").inner_text().endswith("<i>Hold the ridge</i>")
    assert meade.locator("#chat-text").count() == 0                 # read-only
    lee.get_by_role("button", name="Keep it between us").click()
    # grant's consent stands alone (waiting for lee's own old words would pass before the swap)
    lee.wait_for_selector("text=Your opponent would let spectators read this chat")
    assert "once your opponent agrees" not in lee.locator("#chat").inner_text()
    meade.wait_for_selector("text=no longer let spectators read their chat", timeout=25_000)
    assert "Hold the ridge" not in meade.locator("#chat").inner_text()
