"""The club's calendar feed and the competition deadlines in a member's private feed,
parsed back with the icalendar library."""
from __future__ import annotations

import datetime as dt

import pytest
from icalendar import Calendar

from accounts.models import Profile
from tests.tournaments.annual_helpers import annual_games, battle
from tests.tournaments.helpers import make_club, make_competition
from tournaments import annual_services, services

pytestmark = pytest.mark.django_db
UTC = dt.timezone.utc


def parse(response) -> list:
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    cal = Calendar.from_ical(response.content)
    assert cal.to_ical() == response.content                 # a round trip gives the same text
    return list(cal.walk("VEVENT"))


def by_summary(events, text) -> list:
    return [e for e in events if text in str(e["SUMMARY"])]


@pytest.fixture
def club(frozen, lee, grant, meade):
    frozen(2026, 9, 10, 12)
    return make_club(meade, [lee, grant], name="Army of the Potomac", public=True)


def test_the_club_feed_holds_its_deadlines_and_the_anniversaries(client, club, lee, grant, meade):
    comp = annual_games(club, meade, time_zone="America/Chicago")
    league = make_competition(club, meade, [lee, grant], mode="table", name="Autumn league")
    services.publish_round(services.draft_round(league, meade), meade)
    rnd = league.rounds.get()
    two = annual_games(club, meade, players=(lee, grant))       # the two players' own business

    found = parse(client.get(f"/leagues/clubs/{club.slug}/calendar.ics"))   # public: anyone
    anniversaries = [e for e in found if "RRULE" in e]
    assert len(anniversaries) == 31
    last_days = by_summary(found, "Annual Games 2026")
    assert len(last_days) == 31 and not by_summary(found, two.name)
    [antietam] = by_summary(found, "Last day for Antietam")
    # The window closes at the end of 24 September in Chicago: 05:00 UTC on the 25th.
    assert antietam["DTSTART"].dt == dt.datetime(2026, 9, 25, 5, tzinfo=UTC)
    assert str(antietam["URL"]) == f"http://testserver/leagues/{comp.pk}/"
    [deadline] = by_summary(found, "Round 1 deadline: Autumn league")
    assert deadline["DTSTART"].dt == rnd.deadline.astimezone(UTC).replace(microsecond=0)
    assert len({str(e["UID"]) for e in found}) == len(found)

    # Closed competitions leave the feed.
    services.close_competition(comp, meade)
    assert not by_summary(parse(client.get(f"/leagues/clubs/{club.slug}/calendar.ics")), "Last day for")


def test_a_private_clubs_feed_needs_a_members_secret(client, club, lee, meade, django_user_model):
    club.public = False
    club.save()
    url = f"/leagues/clubs/{club.slug}/calendar.ics"
    assert client.get(url).status_code == 404
    outsider = django_user_model.objects.create_user("pope", email="pope@example.org", password="x")
    lee_token = Profile.objects.get(user=lee).calendar_feed_token()
    pope_token = Profile.objects.get(user=outsider).calendar_feed_token()
    assert client.get(f"{url}?token={pope_token}").status_code == 404     # not a member
    assert client.get(f"{url}?token=nothing").status_code == 404
    response = client.get(f"{url}?token={lee_token}")
    assert len(parse(response)) == 31 and response["Cache-Control"] == "private, max-age=300"
    client.force_login(lee)                                             # or logged in
    assert client.get(url).status_code == 200


def test_the_private_feed_holds_pairings_deadlines_and_battles_to_play(client, club, lee, grant, meade):
    comp = annual_games(club, meade)
    league = make_competition(club, meade, [lee, grant], mode="table", name="Autumn league")
    services.publish_round(services.draft_round(league, meade), meade)
    # An Antietam at the table, reported by lee, waiting for grant.
    p = annual_services.arrange_match(comp, lee, battle("antietam"), grant, where="table",
                                      played_on=dt.date(2026, 9, 10))
    services.report_result(p, lee, services.GameScores("home", 6, 3, "home", 6, 2))

    def feed(user):
        token = Profile.objects.get(user=user).calendar_feed_token()
        return parse(client.get(f"/calendar/feeds/{token}.ics"))

    # grant's league match, reported by lee: to confirm, at the round's deadline.
    league_match = league.rounds.get().pairings.get()
    services.report_result(league_match, league_match.home, services.GameScores("home", 6, 3, "home", 6, 2))
    to_confirm = league_match.away
    [confirm] = by_summary(feed(to_confirm), f"Confirm the result: Autumn league, round 1 v {league_match.home}")
    assert confirm["DTSTART"].dt == league.rounds.get().deadline.astimezone(UTC).replace(microsecond=0)
    assert str(confirm["URL"]) == f"http://testserver/leagues/pairings/{league_match.pk}/"
    assert by_summary(feed(league_match.home), "Result pending: Autumn league, round 1")
    services.confirm_result(league_match, to_confirm)               # settled: gone from the feeds
    assert not by_summary(feed(to_confirm), "Autumn league")

    grants = feed(grant)
    # The Antietam begun on 10 September counts whatever happens later: no deadline for it.
    assert [str(e["SUMMARY"]) for e in by_summary(grants, "Antietam")] == ["Anniversary: Antietam, 1862"]
    # The battles whose window has not closed on 10 September and grant has no match of:
    # Ox Hill's (1 September) closed on the 8th, Antietam he has played: Chickamauga (24)
    # to Murfreesboro (31).
    last_days = sorted(int(str(e["UID"]).split("-")[3].split("@")[0]) for e in by_summary(grants, "Last day for"))
    assert last_days == list(range(24, 32))
    assert len(by_summary(grants, "Anniversary:")) == 31

    # meade plays no match: every battle still to begin, and the anniversaries.
    meades = [str(e["SUMMARY"]) for e in feed(meade) if "RRULE" not in e]
    assert len(meades) == len(last_days) + 1 and all(s.startswith("Last day for ") for s in meades)
