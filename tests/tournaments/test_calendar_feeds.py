"""The iCalendar feeds: parsed back with the icalendar library, expanded over a leap year,
and the private feed's secret address."""
from __future__ import annotations

import datetime as dt

import pytest
from dateutil.rrule import rrulestr
from icalendar import Calendar

from accounts.models import Profile
from tests.play_helpers import make_scenario, start_match
from tournaments.annual.anniversaries import ANNIVERSARIES, BY_SLUG

pytestmark = pytest.mark.django_db


def parse(response) -> Calendar:
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return Calendar.from_ical(response.content)


def events(cal: Calendar) -> list:
    return list(cal.walk("VEVENT"))


def test_the_public_feed_is_valid_icalendar_with_the_31_anniversaries(client, frozen):
    frozen(2026, 9, 17, 12)
    response = client.get("/calendar/anniversaries.ics")
    cal = parse(response)
    body = response.content
    # RFC 5545: CRLF line ends, lines folded at 75 octets, VERSION and PRODID on the calendar.
    assert body.startswith(b"BEGIN:VCALENDAR\r\n") and body.endswith(b"END:VCALENDAR\r\n")
    assert all(len(line) <= 75 for line in body.split(b"\r\n"))
    assert b"\n" not in body.replace(b"\r\n", b"")
    assert str(cal["VERSION"]) == "2.0" and "Battle Cry" in str(cal["PRODID"])
    found = events(cal)
    assert len(found) == 31
    assert len({str(e["UID"]) for e in found}) == 31
    for e in found:
        for required in ("UID", "DTSTAMP", "DTSTART", "SUMMARY", "RRULE", "URL"):
            assert required in e, required
        assert e["DTSTAMP"].dt == dt.datetime(2026, 9, 17, 12, tzinfo=dt.timezone.utc)
        assert e["RRULE"]["FREQ"] == ["YEARLY"]
    antietam = next(e for e in found if "Antietam" in str(e["SUMMARY"]))
    assert antietam["DTSTART"].dt == dt.date(1862, 9, 17)             # all day, no time
    assert antietam["DTEND"].dt == dt.date(1862, 9, 18)
    assert str(antietam["LOCATION"]) == "Maryland"
    assert str(antietam["URL"]) == "http://testserver/scenarios/antietam/"
    description = str(antietam["DESCRIPTION"])
    assert "Maryland" in description and "the Union side moves first" in description
    assert "http://testserver/play/new/?scenario=antietam" in description
    # the side's name is the one the game pages use: Confederate, not Confederacy
    donelson = next(e for e in found if "Fort Donelson" in str(e["SUMMARY"]))
    assert "the Confederate side moves first" in str(donelson["DESCRIPTION"])


def test_the_public_feed_round_trips(client):
    body = client.get("/calendar/anniversaries.ics").content
    assert Calendar.from_ical(body).to_ical() == body


def occurrences(event, start: dt.date, end: dt.date) -> list[dt.date]:
    first = event["DTSTART"].dt
    rule = rrulestr(event["RRULE"].to_ical().decode(),
                    dtstart=dt.datetime(first.year, first.month, first.day))
    return [d.date() for d in rule.between(dt.datetime.combine(start, dt.time()),
                                           dt.datetime.combine(end, dt.time()), inc=True)]


def test_the_recurring_events_fall_on_their_day_in_a_leap_year_and_around_it(client):
    found = events(Calendar.from_ical(client.get("/calendar/anniversaries.ics").content))
    by_slug = {str(e["URL"]).rstrip("/").rsplit("/", 1)[-1]: e for e in found}
    assert set(by_slug) == {a.slug for a in ANNIVERSARIES}
    for slug, event in by_slug.items():
        a = BY_SLUG[slug]
        days = occurrences(event, dt.date(2027, 1, 1), dt.date(2029, 12, 31))
        assert days == [a.in_year(2027), a.in_year(2028), a.in_year(2029)], slug
    in_2028 = sorted(d for e in found for d in occurrences(e, dt.date(2028, 1, 1), dt.date(2028, 12, 31)))
    assert len(in_2028) == 31
    assert in_2028[:3] == [dt.date(2028, 2, 15), dt.date(2028, 2, 17), dt.date(2028, 3, 7)]
    assert in_2028.count(dt.date(2028, 5, 25)) == 2 and in_2028.count(dt.date(2028, 7, 2)) == 2
    assert in_2028[-1] == dt.date(2028, 12, 31)
    # The first occurrence is the battle itself.
    antietam = by_slug["antietam"]
    assert occurrences(antietam, dt.date(1862, 1, 1), dt.date(1863, 12, 31)) == [
        dt.date(1862, 9, 17), dt.date(1863, 9, 17)]


# --- the private feed -------------------------------------------------------------------


def feed_url(client, user) -> str:
    client.force_login(user)
    page = client.get("/accounts/profile/").content.decode()
    token = Profile.objects.get(user=user).feed_token
    assert token and len(token) >= 40
    url = f"/calendar/feeds/{token}.ics"
    assert f"http://testserver{url}" in page
    client.logout()
    return url


def test_the_private_feed_needs_its_token(client, lee):
    url = feed_url(client, lee)
    assert client.get(url).status_code == 200               # no log-in needed: the token is the key
    assert client.get("/calendar/feeds/not-the-token.ics").status_code == 404
    assert client.get(url.replace(".ics", "x.ics")).status_code == 404
    assert client.get("/calendar/feeds/.ics").status_code == 404


def test_a_reset_token_stops_working(client, lee):
    old = feed_url(client, lee)
    client.force_login(lee)
    response = client.post("/accounts/profile/calendar-feed/reset/")
    assert response.status_code == 302 and response["Location"] == "/accounts/profile/#calendar"
    assert client.get("/accounts/profile/calendar-feed/reset/").status_code == 405
    client.logout()
    new = f"/calendar/feeds/{Profile.objects.get(user=lee).feed_token}.ics"
    assert new != old
    assert client.get(old).status_code == 404
    assert client.get(new).status_code == 200


def test_the_reset_needs_a_log_in(client):
    response = client.post("/accounts/profile/calendar-feed/reset/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_private_feed_holds_the_games_awaiting_the_member_and_the_anniversaries(
        client, lee, grant, frozen):
    frozen(2026, 9, 17, 12)
    match, game = start_match(lee, grant, make_scenario(slug="antietam"), side="union")
    game.refresh_from_db()
    waiting, other = (lee, grant) if game.deciding == "union" else (grant, lee)
    cal = parse(client.get(feed_url(client, waiting)))
    found = events(cal)
    moves = [e for e in found if "Your move" in str(e["SUMMARY"])]
    assert len(moves) == 1
    move = moves[0]
    assert "Antietam" in str(move["SUMMARY"]) and "game 1" in str(move["SUMMARY"])
    assert game.deadline is not None
    assert move["DTSTART"].dt == game.deadline.replace(microsecond=0)     # at the deadline, UTC
    assert move["DTSTART"].dt.utcoffset() == dt.timedelta(0)
    assert str(move["URL"]) == f"http://testserver/play/games/{game.pk}/"
    assert "RRULE" not in move and "DTEND" not in move           # a moment, not a span
    assert len(found) == 32                                   # and the 31 anniversaries
    # The other player's feed has no move waiting.
    other_events = events(parse(client.get(feed_url(client, other))))
    assert [e for e in other_events if "Your move" in str(e["SUMMARY"])] == []
    assert len(other_events) == 31


def test_an_inactive_members_feed_is_gone(client, lee):
    url = feed_url(client, lee)
    lee.is_active = False
    lee.save()
    assert client.get(url).status_code == 404


def test_events_keep_their_uid_from_one_fetch_to_the_next(client, frozen):
    frozen(2026, 9, 17, 12)
    first = {str(e["UID"]) for e in events(parse(client.get("/calendar/anniversaries.ics")))}
    frozen(2027, 3, 1, 12)
    again = {str(e["UID"]) for e in events(parse(client.get("/calendar/anniversaries.ics",
                                                            HTTP_HOST="testserver:8000")))}
    assert first == again
    assert "anniversary-23-antietam@127.0.0.1" in first      # SITE_URL's host, as tests run


def test_the_uids_take_the_sites_address_not_the_name_it_was_reached_by(client, lee, settings):
    """A site answering to two names gives each event one UID, so a calendar subscribed by
    both addresses does not show it twice."""
    url = feed_url(client, lee)
    settings.SITE_URL = "https://battlecry.example.org"
    settings.ALLOWED_HOSTS = ["battlecry.example.org", "www.battlecry.example.org"]
    for feed in ("/calendar/anniversaries.ics", url):
        by_name = [{str(e["UID"]) for e in events(parse(client.get(feed, HTTP_HOST=host)))}
                   for host in ("battlecry.example.org", "www.battlecry.example.org")]
        assert by_name[0] == by_name[1]
        assert all(uid.endswith("@battlecry.example.org") for uid in by_name[0])
