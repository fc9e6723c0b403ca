"""An organiser runs a league in a real browser (Debian's Chromium, headless): creates it,
adds two players, previews the pairing and publishes it; the players report and confirm
a result played at the table, and the standings show it."""
from __future__ import annotations


import pytest

from tests.browser.chromium import launch_chromium

pytestmark = [pytest.mark.django_db(transaction=True)]


@pytest.fixture
def club(django_user_model):
    """The database set-up, made before Playwright starts (its event loop forbids the ORM)."""
    from tests.play_helpers import make_scenario
    from tournaments import services

    make_scenario()
    make = django_user_model.objects.create_user
    meade = make("meade", email="meade@example.org", password="Gettysburg-1863")
    lee = make("lee", email="lee@example.org", password="Gettysburg-1863")
    grant = make("grant", email="grant@example.org", password="Gettysburg-1863")
    club = services.create_club(meade, "Round Top Club")
    for u in (lee, grant):
        services.join_by_invitation(club, u, club.invite_token)
    return club


@pytest.fixture
def browser(live_server, club):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_chromium(p)
        yield browser
        browser.close()


def log_in(browser, url, username):
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{url}/accounts/login/?next=/leagues/")
    page.fill("#id_username", username)
    page.fill("#id_password", "Gettysburg-1863")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/leagues/")
    return page


def test_organiser_runs_a_league_and_players_settle_a_table_result(browser, live_server, club):
    url = live_server.url

    # The organiser creates the league from the club page.
    meade = log_in(browser, url, "meade")
    meade.get_by_role("link", name="Round Top Club").first.click()
    meade.get_by_role("link", name="New league or tournament").click()
    meade.fill("#id_name", "Summer league")
    meade.select_option("#id_kind", "league")
    meade.select_option("#id_mode", "table")
    meade.select_option("#id_scenarios", label="Bench field")
    meade.get_by_role("button", name="Create").click()
    meade.wait_for_url("**/console/")

    # Adds the two players, pairs round 1, previews it and publishes it.
    for name in ("lee", "grant"):
        meade.select_option("#id_player", label=name)
        meade.get_by_role("button", name="Add the player").click()
        meade.wait_for_selector("text=Player added.")
    meade.get_by_role("button", name="Pair the next round").click()
    draft = meade.locator("#draft")
    assert "lee" in draft.inner_text() and "grant" in draft.inner_text()
    meade.get_by_role("button", name="Publish round 1").click()
    meade.wait_for_selector("text=Round published")

    # Lee (home) reports the result from "my next games".
    lee = log_in(browser, url, "lee")
    lee.goto(f"{url}/leagues/mine/")
    lee.locator("#play ~ ul a").first.click()
    lee.select_option("#id_game1_winner", "home")
    lee.fill("#id_game1_flags_home", "6")
    lee.fill("#id_game1_flags_away", "3")
    lee.select_option("#id_game2_winner", "home")
    lee.fill("#id_game2_flags_home", "6")
    lee.fill("#id_game2_flags_away", "4")
    lee.get_by_role("button", name="Report").click()
    lee.wait_for_selector("text=Result reported")
    assert "reported by lee, waiting for grant to confirm" in lee.locator("#result").inner_text()

    # Grant confirms it.
    grant = log_in(browser, url, "grant")
    grant.goto(f"{url}/leagues/mine/")
    grant.locator("#answer ~ ul a").first.click()
    grant.get_by_role("button", name="Confirm the result").click()
    grant.wait_for_selector("text=Result confirmed")

    # The standings show Lee first with both games and 12 flags.
    grant.get_by_role("link", name="Summer league").click()
    rows = grant.locator("#standings tbody tr")
    first, second = rows.nth(0).inner_text().split("\t"), rows.nth(1).inner_text().split("\t")
    assert first[:2] == ["1", "lee"] and second[:2] == ["2", "grant"]
    assert first[7:9] == ["2", "12"]       # games won, flags won
    assert second[7:9] == ["0", "7"]
