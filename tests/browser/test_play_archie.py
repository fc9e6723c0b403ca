"""A solo match in a real browser (Debian's Chromium, headless): Lee starts a match against
Archie from the lobby, plays a turn, and sees Archie's turn arrive on the page by itself.

Archie's tasks run in a background thread standing in for the Celery worker (the worker
itself is tested in tests/services/test_archie_worker.py), so that the page learns of
Archie's steps only through its polling, as it does on the site. One task plays Archie's
whole turn; the page shows each step as it is applied, not only the end of the turn.
"""
from __future__ import annotations

import queue
import threading

import pytest

from tests.browser.chromium import launch_chromium

pytestmark = [pytest.mark.django_db(transaction=True)]


def field() -> dict:
    def unit(side, kind, col, row):
        return {"side": side, "kind": kind, "hex": {"col": col, "row": row}}
    return {
        "format": 1, "slug": "archie-field", "name": "Archie field", "dates": ["1862-06-01"],
        "sides": {"union": {"position": "bottom", "cards": 4, "flags": 4},
                  "confederate": {"position": "top", "cards": 4, "flags": 4}},
        "first_side": "union", "terrain": [],
        # six rows apart: neither side can fire in its first turn, so the turns are quiet
        "units": [unit("union", "infantry", 7, 7), unit("union", "infantry", 11, 7),
                  unit("union", "infantry", 15, 7), unit("confederate", "infantry", 7, 1),
                  unit("confederate", "infantry", 11, 1), unit("confederate", "infantry", 15, 1)],
        "generals": [{"side": "union", "hex": {"col": 12, "row": 8}, "name": "Meade"},
                     {"side": "confederate", "hex": {"col": 12, "row": 0}, "name": "Lee"}],
    }


@pytest.fixture
def archie_worker(monkeypatch, settings):
    """Archie's queued decisions, taken one by one by a thread (like a worker would)."""
    from django.db import connections

    from games import outbox, tasks

    settings.ARCHIE_ITERATIONS = 20
    todo: queue.Queue = queue.Queue()
    publish = outbox._publish

    def to_the_thread(row):
        if row.task == "games.archie_move":
            todo.put(tuple(row.args))
        else:
            publish(row)

    monkeypatch.setattr(outbox, "_publish", to_the_thread)
    shared = connections["default"]
    in_memory = shared.vendor == "sqlite" and shared.is_in_memory_db()
    if in_memory:
        shared.inc_thread_sharing()
    stop = threading.Event()
    errors: list = []

    def run():
        if in_memory:
            connections["default"] = shared
        first = True
        while not stop.is_set():
            try:
                game_id, version = todo.get(timeout=0.2)
            except queue.Empty:
                continue
            if first:
                stop.wait(1.5)              # Archie takes a moment: the page shows it thinking
                first = False
            try:
                tasks.archie_move(game_id, version)
            except Exception as e:  # noqa: BLE001 - reported by the test
                errors.append(repr(e))
        if not in_memory:
            connections.close_all()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    yield errors
    stop.set()
    thread.join(timeout=30)
    if in_memory:
        shared.dec_thread_sharing()


@pytest.fixture
def second_decision_held(monkeypatch):
    """Archie's second decision waits until the test lets it go on (at most a minute), so
    the test sees the page while Archie's turn is half played."""
    from games import services

    go_on = threading.Event()
    search = services.choose
    calls = []

    def held(*args, **kwargs):
        calls.append(args[1])
        if len(calls) == 2:
            go_on.wait(60)
        return search(*args, **kwargs)

    monkeypatch.setattr(services, "choose", held)
    yield go_on
    go_on.set()


@pytest.fixture
def member(django_user_model):
    from tests.play_helpers import make_scenario
    make_scenario(field())
    django_user_model.objects.create_user("lee", email="lee@example.org", password="Gettysburg-1863")


@pytest.fixture
def browser(live_server, member):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_chromium(p)
        yield browser
        browser.close()


def test_play_a_turn_against_archie_and_see_its_turn_arrive(browser, live_server, archie_worker,
                                                             second_decision_held):
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{live_server.url}/accounts/login/?next=/play/")
    page.fill("#id_username", "lee")
    page.fill("#id_password", "Gettysburg-1863")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/play/")

    # Play Archie from the lobby: the battle, the level, no Nightfall.
    page.select_option("#id_scenario", label="Archie field")
    page.select_option("#id_level", "recruit")
    page.get_by_role("button", name="Play Archie").click()
    page.wait_for_url("**/play/games/*/")
    assert "Your decision" in page.get_by_role("status").first.inner_text()   # first player
    assert "Archie" in page.locator(".players").inner_text()
    page.evaluate("window.notReloaded = true")

    # Lee's turn: a card as a skirmish action, no order, no move, no battle.
    page.locator("li.card").first.get_by_role("button", name="Skirmish: order 1 unit anywhere").click()
    page.get_by_role("button", name="Done ordering: move on").click()
    page.get_by_role("button", name="End movement: battle").click()
    page.get_by_role("button", name="End the turn and draw").click()

    # Archie thinks, then its steps land on the page by themselves (polling), each as it is
    # applied: its card is on the page while its next decision is still being taken.
    page.wait_for_selector("text=Archie is thinking")
    page.wait_for_selector("text=from the top of its deck and played it", timeout=60_000)
    assert "Archie is thinking" in page.get_by_role("status").first.inner_text()
    second_decision_held.set()
    try:
        page.wait_for_selector("text=Play a command card from your hand", timeout=120_000)
    except Exception:
        pytest.fail(f"Archie's turn did not come back to Lee; errors in Archie's steps: {archie_worker}")
    assert archie_worker == []                 # no error in Archie's steps
    assert page.evaluate("window.notReloaded") is True
    log = page.locator(".log").inner_text()
    assert "Archie (Confederate) drew the top card of its deck." in log
