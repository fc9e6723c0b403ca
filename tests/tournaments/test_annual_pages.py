"""The Annual Games pages as members use them: creating a year, arranging and reporting a
match, the standings and the grid on the competition page, the two-player page, closing the
year, earlier years, and who may see and do what."""
from __future__ import annotations

import datetime as dt
import re

import pytest

from tests.tournaments.annual_helpers import annual_games, battle, table_result
from tests.tournaments.helpers import make_club
from tournaments.models import Competition, Pairing

pytestmark = pytest.mark.django_db


def square(body: str, username: str, number: int) -> str:
    """The text of one square of the progress grid (player row, battle column)."""
    row = re.search(rf'<tr data-player="{username}">(.*?)</tr>', body, re.S).group(1)
    cell = re.search(rf'<td class="(sq-\w+)" data-battle="{number}"[^>]*>(.*?)</td>', row, re.S)
    return f"{cell.group(1)} {re.sub(r'<[^>]+>', '', cell.group(2))}".strip()


@pytest.fixture
def club(frozen, lee, grant, meade):
    frozen(2026, 4, 10, 12)      # Shiloh (6 April) is within its window
    return make_club(meade, [lee, grant], name="Rappahannock Rifles")


def test_an_organiser_creates_the_year_and_members_play_it(client, club, lee, grant, meade):
    client.force_login(lee)
    assert client.get(f"/leagues/clubs/{club.slug}/annual/new/").status_code == 404   # not an organiser
    client.force_login(meade)
    page = client.get(f"/leagues/clubs/{club.slug}/")
    assert f"/leagues/clubs/{club.slug}/annual/new/" in page.content.decode()
    r = client.post(f"/leagues/clubs/{club.slug}/annual/new/", {
        "year": 2026, "window_days": 7, "time_zone": "Europe/London", "mode": "both",
        "deadline_hours": 72})
    comp = Competition.objects.get(kind=Competition.Kind.ANNUAL)
    assert r.status_code == 303 and r["Location"] == f"/leagues/{comp.pk}/"
    assert comp.name == "Annual Games 2026" and comp.annual.time_zone == "Europe/London"
    # The console of the leagues sends the organiser to the year's own page.
    assert client.get(f"/leagues/{comp.pk}/console/")["Location"] == f"/leagues/{comp.pk}/"

    client.force_login(lee)
    body = client.get(f"/leagues/{comp.pk}/").content.decode()
    assert "Open today (a match begun now counts): Shiloh" in body
    assert square(body, "lee", battle("shiloh")) == "sq-none"
    r = client.post(f"/leagues/{comp.pk}/annual/arrange/", {
        "battle": battle("shiloh"), "opponent": "grant", "where": "table", "played_on": "2026-04-06"})
    p = Pairing.objects.get(round__competition=comp)
    assert r.status_code == 303 and r["Location"] == f"/leagues/pairings/{p.pk}/"
    body = client.get(r["Location"]).content.decode()
    assert "battle 5 of the list" in body and "6 April 2026" in body
    r = client.post(f"/leagues/pairings/{p.pk}/report/", {
        "game1_winner": "home", "game1_flags_home": 6, "game1_flags_away": 3,
        "game2_winner": "away", "game2_flags_home": 4, "game2_flags_away": 6,
        "figures_home": 0, "figures_away": 0})
    assert r.status_code == 303
    body = client.get(f"/leagues/{comp.pk}/").content.decode()
    assert square(body, "lee", battle("shiloh")) == "sq-playing …"      # waiting for grant

    client.force_login(grant)
    assert client.post(f"/leagues/pairings/{p.pk}/confirm/").status_code == 303
    body = client.get(f"/leagues/{comp.pk}/").content.decode()
    assert square(body, "lee", battle("shiloh")) == "sq-counted 1·10"
    assert square(body, "grant", battle("shiloh")) == "sq-counted 1·9"
    assert square(body, "meade", battle("shiloh")) == "sq-none"
    csv_rows = client.get(f"/leagues/{comp.pk}/standings.csv").content.decode().splitlines()
    assert csv_rows == ["rank,player,battles,points,flags,figures", "1,lee,1,1,10,0", "2,grant,1,1,9,0",
                        "3,meade,0,0,0,0"]
    standings = re.search(r'id="annual-standings".*?</table>', body, re.S).group(0)
    assert re.findall(r"<tr><td>(\d)</td><td>(\w+)</td><td>(\d)</td><td>(\d)</td><td>(\d+)</td>", standings) == [
        ("1", "lee", "1", "1", "10"), ("2", "grant", "1", "1", "9"), ("3", "meade", "0", "0", "0")]


def test_a_match_off_its_window_is_entered_with_a_warning(client, club, lee, grant, meade):
    comp = annual_games(club, meade)
    client.force_login(lee)
    r = client.post(f"/leagues/{comp.pk}/annual/arrange/", {
        "battle": battle("fort-donelson"), "opponent": "grant", "where": "table", "played_on": "2026-04-01"},
        follow=True)
    assert "outside the window of Fort Donelson" in r.content.decode()
    # A refusal keeps what was typed, with the reason.
    r = client.post(f"/leagues/{comp.pk}/annual/arrange/", {
        "battle": battle("fort-donelson"), "opponent": "grant", "where": "table", "played_on": "2026-04-02"})
    assert r.status_code == 400
    assert "already under way" in r.content.decode() and 'value="2026-04-02"' in r.content.decode()


def test_the_grid_partial_for_htmx(client, club, lee, grant, meade):
    comp = annual_games(club, meade)
    table_result(comp, lee, grant, "shiloh", dt.date(2026, 4, 6),
                 ("home", 6, 3), ("home", 6, 2))
    r = client.get(f"/leagues/{comp.pk}/?part=grid", HTTP_HX_REQUEST="true")
    assert r.status_code == 404            # a private club: not for visitors
    client.force_login(grant)
    body = client.get(f"/leagues/{comp.pk}/?part=grid", HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in body and 'id="progress"' in body
    assert square(body, "lee", battle("shiloh")) == "sq-counted 2·12"


def test_only_an_organiser_closes_and_a_closed_year_stays_readable(client, club, lee, grant, meade):
    earlier = annual_games(club, meade, year=2025)
    table_result(earlier, lee, grant, "shiloh", dt.date(2025, 4, 6), ("home", 6, 3), ("home", 6, 2))
    client.force_login(lee)
    r = client.post(f"/leagues/{earlier.pk}/annual/close/", follow=True)
    assert "Only an organiser" in r.content.decode()
    client.force_login(meade)
    client.post(f"/leagues/{earlier.pk}/annual/close/")
    annual_games(club, meade, year=2026)
    years = client.get(f"/leagues/clubs/{club.slug}/annual/").content.decode()
    years = re.search(r'<ul class="annual-years">.*?</ul>', years, re.S).group(0)
    assert years.index("Annual Games 2026") < years.index("Annual Games 2025")
    assert "closed, final standings" in years

    client.force_login(lee)
    body = client.get(f"/leagues/{earlier.pk}/").content.decode()
    assert "Winner" in body and square(body, "lee", battle("shiloh")) == "sq-counted 2·12"
    assert 'id="arrange"' not in body and "annual/close/" not in body
    r = client.post(f"/leagues/{earlier.pk}/annual/arrange/", {
        "battle": battle("shiloh"), "opponent": "grant", "where": "table", "played_on": "2025-04-06"},
        follow=True)
    assert "closed" in r.content.decode()
    assert Pairing.objects.filter(round__competition=earlier).count() == 1


def test_outsiders_see_nothing_of_a_private_club(client, club, meade, django_user_model):
    comp = annual_games(club, meade)
    outsider = django_user_model.objects.create_user("pope", email="pope@example.org", password="x")
    for user in (None, outsider):
        if user:
            client.force_login(user)
        for url in (f"/leagues/{comp.pk}/", f"/leagues/clubs/{club.slug}/annual/",
                    f"/leagues/clubs/{club.slug}/calendar.ics"):
            assert client.get(url).status_code == 404, url
        r = client.post(f"/leagues/{comp.pk}/annual/arrange/", {"battle": 5, "opponent": "meade"})
        assert r.status_code in (303, 404)
    assert not Pairing.objects.exists()


def test_the_two_player_page(client, frozen, club, lee, grant, meade):
    frozen(2026, 9, 20, 12)
    client.force_login(meade)
    client.post(f"/leagues/clubs/{club.slug}/annual/new/", {
        "year": 2026, "window_days": 7, "time_zone": "UTC", "mode": "table", "deadline_hours": 72,
        "player_a": "lee", "player_b": "grant"})
    comp = Competition.objects.get(kind=Competition.Kind.ANNUAL)
    assert comp.annual.two_player and comp.name == "Annual Games 2026: lee v grant"
    table_result(comp, lee, grant, "shiloh", dt.date(2026, 4, 6), ("home", 6, 3), ("away", 4, 6))
    table_result(comp, grant, lee, "antietam", dt.date(2026, 9, 17), ("home", 6, 2), ("home", 6, 5))
    client.force_login(lee)
    body = client.get(f"/leagues/{comp.pk}/").content.decode()
    assert len(re.findall(r'<tr data-battle="\d+">', body)) == 31
    antietam = re.search(rf'<tr data-battle="{battle("antietam")}">(.*?)</tr>', body, re.S).group(1)
    assert "0–2" in antietam and "1–3 (flags 17–21)" in antietam
    assert "Score: lee 1 (flags 17) – grant 3 (flags 21)" in body
    # Only the two of them arrange its matches: meade has no form.
    assert 'id="arrange"' in body
    client.force_login(meade)
    assert 'id="arrange"' not in client.get(f"/leagues/{comp.pk}/").content.decode()


def test_a_match_on_the_site_is_a_challenge_the_opponent_accepts(client, club, lee, grant, meade):
    from games import services as game_services
    from tests.play_helpers import make_scenario

    make_scenario(slug="shiloh")
    comp = annual_games(club, meade)
    client.force_login(lee)
    r = client.post(f"/leagues/{comp.pk}/annual/arrange/", {
        "battle": battle("shiloh"), "opponent": "grant", "where": "web"}, follow=True)
    p = Pairing.objects.get(round__competition=comp)
    assert r.redirect_chain[-1][0] == p.match.get_absolute_url()
    assert "Challenge sent" in r.content.decode()
    client.force_login(grant)
    mine = client.get("/leagues/mine/").content.decode()
    assert f"/leagues/pairings/{p.pk}/" in mine
    game_services.decline(p.match_id, grant)            # declined: gone from the lists
    assert f"/leagues/pairings/{p.pk}/" not in client.get("/leagues/mine/").content.decode()
    assert square(client.get(f"/leagues/{comp.pk}/").content.decode(), "lee", battle("shiloh")) == "sq-none"


def test_the_calendar_page_leads_to_the_members_annual_games(client, club, lee, grant, meade):
    comp = annual_games(club, meade)
    two = annual_games(club, meade, players=(grant, meade))
    client.force_login(lee)
    body = client.get("/calendar/").content.decode()
    assert f'href="/leagues/{comp.pk}/"' in body and f'href="/leagues/{two.pk}/"' not in body
    client.force_login(grant)
    body = client.get("/calendar/").content.decode()
    assert f'href="/leagues/{comp.pk}/"' in body and f'href="/leagues/{two.pk}/"' in body
