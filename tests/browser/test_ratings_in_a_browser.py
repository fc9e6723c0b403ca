"""A member reads ratings in a real browser on a phone's screen: the history plot drawn by
the server fits the screen, and the club's leaderboard changes with its filters."""
from __future__ import annotations

from datetime import timedelta

import pytest

from tests.browser.chromium import launch_chromium, wait_until

pytestmark = [pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def season(django_user_model):
    """A league of four at the table with ten rated games each (made before Playwright
    starts: its event loop forbids the ORM); the fourth player last played long ago."""
    from django.utils import timezone

    from ratings.method import member
    from ratings.models import Rating
    from tests.ratings.helpers import next_round, report_and_confirm, table_league

    club, comp, players = table_league(n=4, prefix="br", double_round_robin=True)
    for u in players:
        u.set_password("Gettysburg-1863")
        u.save()
    for _ in range(5):
        for p in next_round(comp, players[0]).pairings.all():
            report_and_confirm(p, home_wins=(p.home_id < p.away_id, True))
    Rating.objects.filter(subject=member(players[3].pk)).update(last_played=timezone.now() - timedelta(days=200))
    shown = {u.username: Rating.objects.get(subject=member(u.pk)).shown for u in players}
    return club, players, shown


@pytest.fixture
def browser(live_server, season):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch_chromium(p)
        yield browser
        browser.close()


def test_the_plot_fits_a_phone_and_the_leaderboard_filters(browser, live_server, season):
    club, players, shown = season
    page = browser.new_context(viewport=PHONE).new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/accounts/login/?next=/ratings/members/{players[1].username}/")
    page.fill("#id_username", players[0].username)
    page.fill("#id_password", "Gettysburg-1863")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**/ratings/members/{players[1].username}/")
    plot = page.locator("svg.rating-plot")
    box = plot.bounding_box()
    assert box and 300 <= box["width"] <= PHONE["width"] and box["height"] >= 120
    points = plot.locator("polyline").get_attribute("points").split()
    assert len(points) == 11                      # the start and ten rated games
    assert page.locator(".rating-now").inner_text() == str(shown[players[1].username])
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.goto(f"{live_server.url}/ratings/clubs/{club.slug}/")
    names = page.locator("#leaderboard tbody tr td:nth-child(2)").all_inner_texts()
    best_first = sorted(shown, key=lambda n: -shown[n])
    assert [n for n in names if n in shown] == best_first
    page.select_option("select[name=months]", "3")          # HTMX swaps the table in place
    page.wait_for_url("**months=3**")
    wait_until(page, "!document.querySelector('#leaderboard').innerText.includes('%s')"
                           % players[3].username)
    assert players[1].username in page.locator("#leaderboard").inner_text()
