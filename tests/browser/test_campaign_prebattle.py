"""A campaign in a real browser (Debian's Chromium, headless): Lee starts Jackson in the
Valley from the campaign pages and Grant accepts; battle 1 (Kernstown) is finished through
the services (Grant's time runs out and Lee claims it); the campaign page then shows the
dice due for McDowell and why; Lee rolls them on the game page, and Grant makes each
pre-battle choice by clicking the board until the deal and turn 1."""
from __future__ import annotations

import concurrent.futures
from datetime import timedelta

import pytest

from tests.browser.chromium import launch_chromium

pytestmark = [pytest.mark.django_db(transaction=True)]


def in_thread(fn):
    """Run ORM code outside Playwright's event loop (Django refuses it inside)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(fn).result()


@pytest.fixture
def club(django_user_model):
    from tests.campaigns.helpers import load_plan

    load_plan("jackson-valley-1862")
    django_user_model.objects.create_user("lee", email="lee@example.org", password="Gettysburg-1863")
    django_user_model.objects.create_user("grant", email="grant@example.org", password="Vicksburg-1863")


@pytest.fixture
def browser(live_server, club):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_chromium(p)
        yield browser
        browser.close()


def log_in(browser, url, username, password):
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{url}/accounts/login/?next=/campaigns/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/campaigns/")
    return page


def make_prebattle_choices(page, game_url) -> int:
    """Answer every pre-battle choice on the board as a player does (a unit that falls back:
    the unit, then a hex it may reach; a figure lost: the unit), reloading the page after
    each; returns how many were made."""
    choices = 0
    while "Pre-battle dice: choose" in page.content():
        choices += 1
        assert choices < 20
        prompt = page.locator("text=Pre-battle dice: choose").first.inner_text()
        if "fall back" in prompt:
            with page.expect_response(lambda r: "?sel=" in r.url):
                page.locator("#board g.hex.eligible").first.click()
            page.wait_for_selector("#board g.hex.reachable")
            with page.expect_response(lambda r: "/act/" in r.url):
                page.locator("#board g.hex.reachable").first.click()
        else:
            with page.expect_response(lambda r: "/act/" in r.url):
                page.locator("#board g.hex.eligible").first.click()
        page.goto(game_url)
    return choices


def finish_battle_1():
    """Kernstown: the Confederates (Grant) are to move; their time runs out; Lee claims."""
    from django.utils import timezone

    from campaigns.models import Campaign
    from games import services

    campaign = Campaign.objects.get()
    game = campaign.battles.get(number=1).game()
    assert game.deciding == "confederate"
    game.deadline = timezone.now() - timedelta(minutes=1)
    game.save(update_fields=["deadline"])
    services.claim_timeout(game.pk, campaign.challenger, game.version)
    campaign.refresh_from_db()
    second = campaign.battles.get(number=2)
    return second.dice_due, second.game().pk


def test_start_a_campaign_and_make_the_pre_battle_choices_in_the_page(browser, live_server):
    lee = log_in(browser, live_server.url, "lee", "Gettysburg-1863")
    grant = log_in(browser, live_server.url, "grant", "Vicksburg-1863")

    # Lee starts Jackson in the Valley, keeping the Union army.
    lee.get_by_role("link", name="Start this campaign").first.click()
    lee.wait_for_url("**/campaigns/new/**")
    lee.select_option("#id_opponent", label="grant")
    lee.select_option("#id_plan", label="Jackson in the Valley, 1862")
    lee.select_option("#id_side", "union")
    lee.get_by_role("button", name="Send the invitation").click()
    lee.wait_for_url("**/campaigns/*/")
    campaign_url = lee.url
    assert "Waiting for grant" in lee.content()

    grant.goto(campaign_url)
    grant.get_by_role("button", name="Accept").click()
    grant.wait_for_selector("text=Invitation accepted")
    assert "Kernstown" in grant.content() and "none before the first battle" in grant.content()

    dice_due, game_id = in_thread(finish_battle_1)
    won = dice_due["union"]
    assert won["games_won"] == 1 and won["dice"] >= 2 and dice_due["confederate"]["dice"] == 0

    # The campaign page says what is due before McDowell, and why.
    lee.goto(campaign_url)
    assert "Dice for battle 2, McDowell" in lee.content()
    assert f"{won['flags_last']} flags last game + 1 game won = {won['dice']} dice" in lee.content()

    # Lee rolls on the game page; the dice are shown like any roll.
    lee.goto(f"{live_server.url}/play/games/{game_id}/")
    lee.get_by_role("button", name="Roll the pre-battle dice").click()
    lee.wait_for_selector("text=Pre-battle dice: the Union player rolled")
    assert lee.locator("#dice .roll-result").is_visible()        # shown like any roll, beside the board

    # Grant makes each choice on the board until the deal.
    game_url = f"{live_server.url}/play/games/{game_id}/"
    grant.goto(game_url)
    choices = make_prebattle_choices(grant, game_url)
    log = grant.locator(".log").inner_text()
    if choices:
        assert "Pre-battle dice:" in log and ("lost a figure" in log or "fall back" in log)
    else:                                      # every die came up sabres: Grant starts short
        assert "short" in log
    # the choices are over: McDowell's turn 1 (the Union moves first) has begun
    grant.wait_for_selector("text=Waiting for")
    lee.reload()
    assert "Play a command card from your hand" in lee.content()
