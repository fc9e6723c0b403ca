"""iCalendar (RFC 5545) feeds, written with the ``icalendar`` library.

- the public feed: the 31 anniversaries as all-day events that recur every year;
- a member's private feed (at a secret-token address): whatever :data:`MEMBER_FEED_SOURCES`
  gives for that member, today the games waiting for their move and the anniversaries.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.db.models import Q
from django.urls import reverse
from icalendar import Calendar, Event

from games.models import Game, Match
from games.models.match import SIDE_NAMES
from tournaments import clock
from tournaments.annual.anniversaries import ANNIVERSARIES, Anniversary

PRODID = "-//Battle Cry club//Anniversary calendar//EN"


@dataclass(frozen=True, slots=True)
class FeedEvent:
    """One event of a feed, before it is written as iCalendar."""

    uid: str                          # stable and unique: calendars update the event by it
    summary: str
    start: dt.date | dt.datetime      # a date: an all-day event; a datetime (aware, UTC):
                                      # a moment (no DTEND, RFC 5545 3.6.1)
    description: str = ""
    url: str = ""                     # absolute
    location: str = ""
    yearly: bool = False              # recurs every year on the same day


def anniversary_event(a: Anniversary, absolute: Callable[[str], str], host: str) -> FeedEvent:
    scenario = absolute(reverse("scenario_detail", args=[a.slug]))
    play = absolute(reverse("match_new") + f"?scenario={a.slug}")
    return FeedEvent(
        uid=f"anniversary-{a.number}-{a.slug}@{host}",
        summary=f"Anniversary: {a.name}, {a.date.year}",
        start=a.date,
        description=(f"The battle of {a.name}, {a.date.day} {a.date:%B} {a.date.year}, "
                     f"{a.state_name}. Annual Games no. {a.number}; the {a.first_player_name} "
                     f"moves first.\nThe scenario: {scenario}\nPlay it now: {play}"),
        url=scenario,
        location=a.state_name,
        yearly=True,
    )


def anniversary_events(absolute: Callable[[str], str], host: str) -> list[FeedEvent]:
    return [anniversary_event(a, absolute, host) for a in ANNIVERSARIES]


def games_awaiting(user, absolute: Callable[[str], str], host: str) -> list[FeedEvent]:
    """One event per game waiting for the member's move, at its deadline (or, for a match
    without deadlines, when the move became theirs)."""
    games = (Game.objects.filter(finished_at__isnull=True, match__status=Match.Status.ACTIVE)
             .filter(Q(deciding="union", union_player=user)
                     | Q(deciding="confederate", confederate_player=user))
             .select_related("match__scenario", "union_player__profile",
                             "confederate_player__profile")
             .order_by("deadline", "pk"))
    events = []
    for game in games:
        side = game.deciding
        opponent = game.player_of("confederate" if side == "union" else "union")
        opponent_name = getattr(getattr(opponent, "profile", None), "name", None) or opponent.get_username()
        when = (game.deadline or game.updated).astimezone(dt.timezone.utc).replace(microsecond=0)
        events.append(FeedEvent(
            uid=f"game-{game.pk}-move@{host}",
            summary=f"Your move: {game.match.scenario} (game {game.number}) v {opponent_name}",
            start=when,
            description=(f"You play the {SIDE_NAMES.get(side, side)} side; it is your move."
                         + (" After this time your opponent may claim the game." if game.deadline else "")),
            url=absolute(game.get_absolute_url()),
        ))
    return events


def member_anniversaries(user, absolute: Callable[[str], str], host: str) -> list[FeedEvent]:
    return anniversary_events(absolute, host)


#: What a member's private feed holds: each source gives that member's events. Competition
#: pairings and deadlines (leagues, the Annual Games competition) join this table.
MEMBER_FEED_SOURCES: tuple[Callable[..., Iterable[FeedEvent]], ...] = (
    games_awaiting,
    member_anniversaries,
)


def member_events(user, absolute: Callable[[str], str], host: str) -> list[FeedEvent]:
    return [e for source in MEMBER_FEED_SOURCES for e in source(user, absolute, host)]


def calendar_bytes(name: str, events: Iterable[FeedEvent]) -> bytes:
    """The feed as iCalendar text (CRLF lines, folded at 75 octets by the library)."""
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", name)
    stamp = clock.now().astimezone(dt.timezone.utc).replace(microsecond=0)
    for e in events:
        ev = Event()
        ev.add("uid", e.uid)
        ev.add("dtstamp", stamp)
        ev.add("summary", e.summary)
        ev.add("dtstart", e.start)
        if not isinstance(e.start, dt.datetime):
            ev.add("dtend", e.start + dt.timedelta(days=1))
            ev.add("transp", "TRANSPARENT")
        if e.yearly:
            ev.add("rrule", {"freq": "yearly"})
        if e.description:
            ev.add("description", e.description)
        if e.url:
            ev.add("url", e.url)
        if e.location:
            ev.add("location", e.location)
        cal.add_component(ev)
    return cal.to_ical()
