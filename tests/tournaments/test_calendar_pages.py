"""The anniversary calendar page and the home page's panel, as a visitor sees them."""
from __future__ import annotations

import datetime as dt
import html
import re

import pytest

from accounts.models import Profile

pytestmark = pytest.mark.django_db


def text_of(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def words(page: str) -> str:
    """What the reader sees: the tags taken out, the spaces squeezed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page))


def test_today_and_the_next_anniversary_on_top(client, frozen):
    frozen(2026, 9, 17, 12)
    page = text_of(client, "/calendar/")
    top = page[page.index("On this day"):page.index("The year by month")]
    assert "Today, 164 years ago: Antietam, 17 September 1862, Maryland" in words(top)
    assert '<a href="/scenarios/antietam/">the scenario</a>' in top
    assert '<a href="/play/new/?scenario=antietam">play it now</a>' in top
    # Next: Chickamauga, 20 September, in 3 days.
    nxt = words(top[top.index("Next anniversary"):])
    assert "Sunday 20 September" in nxt and "(in 3 days)" in nxt and "Chickamauga (2nd Day)" in nxt
    assert "163 years since Chickamauga (2nd Day), 20 September 1863, Georgia" in nxt


def test_a_day_without_a_battle_shows_only_the_next(client, frozen):
    frozen(2026, 1, 10, 12)
    page = text_of(client, "/calendar/")
    assert "On this day" not in page and "years ago:" not in page
    assert "Next anniversary" in page and "Sunday 15 February" in page and "Fort Donelson" in page


def test_a_double_date_shows_both_battles(client, frozen):
    frozen(2026, 7, 2, 12)
    page = words(text_of(client, "/calendar/"))
    assert page.count("Today, ") == 2
    assert "Today, 165 years ago: Falling Waters (Hoke's Run)" in page
    assert "Today, 163 years ago: Gettysburg (2nd Day: Devil's Den & Wheatfield)" in page


def test_the_viewers_time_zone_decides_what_today_is(client, frozen, player, password):
    # 03:00 on 18 September in London is still 17 September in Chicago.
    frozen(2026, 9, 18, 3)
    assert "Today, 164 years ago: Antietam" not in words(text_of(client, "/calendar/"))  # UTC
    Profile.objects.filter(user=player).update(time_zone="America/Chicago")
    client.force_login(player)
    page = words(text_of(client, "/calendar/"))
    assert "Today, 164 years ago: Antietam" in page
    assert "in your time zone (America/Chicago)" in page


def test_the_list_has_the_31_battles_in_calendar_order(client, frozen):
    frozen(2026, 9, 17, 12)
    page = text_of(client, "/calendar/")
    rows = re.findall(r'<tr id="day-(\d\d-\d\d)"(?: class="today")?>\s*<td>(\d+)</td>', page)
    assert [int(n) for _, n in rows] == list(range(1, 32))
    assert rows[0][0] == "02-15" and rows[-1][0] == "12-31"
    assert page.count('class="play-link" href="/play/new/?scenario=') == 31
    assert '<tr id="day-09-17" class="today">' in page
    # The 31 battles' days are marked on the month grids, linked to the list.
    assert page.count('class="battle-day') == 29            # two dates carry two battles
    assert 'class="battle-day today"><a href="#day-09-17"' in page
    antietam = page[page.index('<tr id="day-09-17"'):page.index('<tr id="day-09-20"')]
    assert "today" in antietam and "Union" in antietam and "MD" in antietam
    assert "passed" in page[page.index('<tr id="day-02-15"'):page.index('<tr id="day-02-17"')]


def test_the_month_grids_start_on_monday(client, frozen):
    frozen(2026, 9, 17, 12)
    page = text_of(client, "/calendar/")
    september = page[page.index("<caption>September"):]
    september = september[:september.index("</table>")]
    first_week = re.findall(r"<td[^>]*>(?:<a[^>]*>)?(\d*)", september)[:7]
    assert first_week == ["", "1", "2", "3", "4", "5", "6"]      # 1 September 2026 is a Tuesday


def test_the_home_page_panel(client, frozen):
    frozen(2026, 12, 13, 12)
    page = words(text_of(client, "/"))
    assert "On this day" in page and "Today, 164 years ago: Fredericksburg" in page
    assert "Next anniversary" in page and "Dranesville" in page and "(in 7 days)" in page
    assert '<a href="/calendar/">Calendar</a>' in text_of(client, "/")        # in the site's menu
    assert '<a href="/calendar/">The whole anniversary calendar</a>' in text_of(client, "/")
    frozen(2026, 12, 14, 12)
    page = text_of(client, "/")
    assert "On this day" not in page and "Dranesville" in page


def test_play_it_now_opens_the_challenge_form_for_the_battle(client, frozen, player, scenarios_loaded):
    frozen(2026, 9, 17, 12)
    client.force_login(player)
    page = text_of(client, "/play/new/?scenario=antietam")
    assert "Antietam" in page and "Challenge" in page


@pytest.fixture
def scenarios_loaded():
    from django.core.management import call_command
    call_command("load_scenarios", verbosity=0)


def test_a_member_sees_their_own_year_so_far(client, frozen, lee, grant):
    from datetime import timedelta

    from django.utils import timezone

    from games import services
    from games.models import Game, Match
    from tests.play_helpers import make_scenario, start_match

    match, game1 = start_match(lee, grant, make_scenario(slug="antietam"), side="union")
    # Lee (Union, moving first) runs out of time; Grant claims game 1. Game 2 goes on.
    Game.objects.filter(pk=game1.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    services.claim_timeout(game1.pk, grant)
    Match.objects.filter(pk=match.pk).update(
        started=dt.datetime(2026, 9, 15, 12, tzinfo=dt.timezone.utc))
    flags = Game.objects.get(pk=game1.pk).outcome["flags"]["confederate"]

    frozen(2026, 9, 20, 12)
    client.force_login(grant)
    page = text_of(client, "/calendar/")
    assert (f"Your Annual Games 2026 so far: 1 game won in 1 battle of 31, {flags} flags."
            in words(page))
    antietam = words(page[page.index('<tr id="day-09-17"'):page.index('<tr id="day-09-20"')])
    assert f"1 won of 1, {flags} flags v lee" in antietam
    assert antietam.count("–") == 0
    client.force_login(lee)
    assert "Your Annual Games 2026 so far: 0 games won in 1 battle of 31, 0 flags." in words(
        text_of(client, "/calendar/"))
    client.logout()
    assert "Your Annual Games" not in text_of(client, "/calendar/")
