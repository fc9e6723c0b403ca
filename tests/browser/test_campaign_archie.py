"""A campaign against Archie in a real browser (Debian's Chromium, headless): Lee starts
Jackson in the Valley against Archie from the campaign page, keeping the Union; battle 1
(Kernstown) ends through the services (Lee resigns); Archie, having won it, rolls its
pre-battle dice for McDowell by itself (its task, run by a thread standing in for the
worker); the roll reaches Lee's game page by polling, and Lee makes each choice on the board
until the deal and turn 1."""
from __future__ import annotations

import pytest

from tests.browser.test_campaign_prebattle import (browser, club, in_thread, log_in,  # noqa: F401
                                                   make_prebattle_choices)
from tests.browser.test_play_archie import archie_worker  # noqa: F401

pytestmark = [pytest.mark.django_db(transaction=True)]


def resign_battle_1():
    from campaigns.models import Campaign
    from games import services

    campaign = Campaign.objects.get()
    services.resign(campaign.battles.get(number=1).game().pk, campaign.challenger)
    second = campaign.battles.get(number=2)
    return second.dice_due, second.game().pk


def test_take_on_archie_and_answer_its_pre_battle_dice_in_the_page(browser, live_server, archie_worker):  # noqa: F811
    lee = log_in(browser, live_server.url, "lee", "Gettysburg-1863")
    lee.get_by_role("link", name="Start this campaign").first.click()
    lee.wait_for_url("**/campaigns/new/**")
    lee.select_option("#id_plan", label="Jackson in the Valley, 1862")
    lee.select_option("#id_side", "union")
    lee.select_option("#id_archie_level", "recruit")
    lee.get_by_role("button", name="begin against Archie").click()
    lee.wait_for_url("**/campaigns/*/")
    assert "The campaign against Archie has begun" in lee.content()
    assert "the computer opponent, level Recruit" in lee.content()
    campaign_url = lee.url

    dice_due, game_id = in_thread(resign_battle_1)
    assert dice_due["confederate"]["games_won"] == 1 and dice_due["union"]["dice"] == 0
    lee.goto(campaign_url)
    assert "Dice for battle 2, McDowell" in lee.content()

    # Archie rolls by itself; Lee's page learns of it by polling, then Lee chooses.
    game_url = f"{live_server.url}/play/games/{game_id}/"
    lee.goto(game_url)
    lee.wait_for_selector("text=Pre-battle dice: the Confederate player rolled", timeout=60_000)
    choices = make_prebattle_choices(lee, game_url)
    log = lee.locator(".log").inner_text()
    if choices:
        assert "lost a figure" in log or "fall back" in log
    else:                                      # every die came up sabres: Lee starts short
        assert "short" in log
    # McDowell: the Union (Lee) moves first once the dice are done
    lee.wait_for_selector("text=Play a command card from your hand")
    assert archie_worker == []
