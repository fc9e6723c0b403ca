"""iCalendar (RFC 5545) feeds, written with the ``icalendar`` library.

- the public feed: the 31 anniversaries as all-day events that recur every year;
- a member's private feed (at a secret-token address): whatever :data:`MEMBER_FEED_SOURCES`
  gives for that member: the games waiting for their move, their league and tournament
  pairings still without a settled result (at the round deadline), the last day to begin each
  battle of the Annual Games they play in that they have no match of yet, and the
  anniversaries;
- a club's feed (:func:`club_events`): its running competitions' deadlines and the
  anniversaries.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.db.models import Q
from django.urls import reverse
from icalendar import Calendar, Event

from games.context_processors import decision_of
from games.models import Game, Match
from games.models.seat import seats_prefetch
from tournaments import clock
from tournaments.annual.anniversaries import ANNIVERSARIES, BY_NUMBER, Anniversary
from tournaments.annual_tables import VOID_MATCH, playing_in
from tournaments.models import Competition, Pairing, Round
from games.engine import SIDE_NAMES, other

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
                     f"side moves first.\nThe scenario: {scenario}\nPlay it now: {play}"),
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
             .filter(decision_of(user))
             .select_related("match__scenario").prefetch_related(seats_prefetch())
             .order_by("deadline", "pk"))
    events = []
    for game in games:
        side = game.deciding_side
        opponent = game.player_of(other(side))
        opponent_name = (getattr(getattr(opponent, "profile", None), "name", None)
                         or (opponent.get_username() if opponent is not None else "nobody"))
        when = (game.deadline or game.updated).astimezone(dt.timezone.utc).replace(microsecond=0)
        events.append(FeedEvent(
            uid=f"game-{game.pk}-move@{host}",
            summary=f"Your move: {game.match.scenario} (game {game.number}) v {opponent_name}",
            start=when,
            description=(f"You play the {SIDE_NAMES.get(side, side)} side; it is your move."
                         + (" After this time your opponent may claim the game."
                            if game.deadline and not game.match.solo else "")),
            url=absolute(game.get_absolute_url()),
        ))
    return events


def member_anniversaries(user, absolute: Callable[[str], str], host: str) -> list[FeedEvent]:
    return anniversary_events(absolute, host)


def _utc(moment: dt.datetime) -> dt.datetime:
    return moment.astimezone(dt.timezone.utc).replace(microsecond=0)


def _name(user) -> str:
    return getattr(getattr(user, "profile", None), "name", None) or user.get_username()


def _match_title(p: Pairing) -> str:
    return f"{p.round.competition.name}, round {p.round.number}"


def pairing_deadlines(user, absolute: Callable[[str], str], host: str) -> list[FeedEvent]:
    """One event per league or tournament pairing of the member still without a settled
    result, at its round's deadline: to play, to confirm (the opponent reported), or waiting
    for the opponent or an organiser.  (A match of the Annual Games has no such deadline once
    begun: the day it began decides, ruling 64; :func:`annual_deadlines` gives the battles
    still to begin.)"""
    pairings = (Pairing.objects.filter(Q(home=user) | Q(away=user), away__isnull=False,
                                       round__status=Round.Status.PUBLISHED, round__deadline__isnull=False)
                .exclude(round__competition__status=Competition.Status.CLOSED)
                .exclude(result__in=Pairing.FINAL)
                .exclude(round__competition__kind=Competition.Kind.ANNUAL)   # below: their deadline is to begin
                .select_related("round__competition", "home__profile", "away__profile")
                .order_by("round__deadline", "pk"))
    events = []
    for p in pairings:
        opponent = p.away if p.home_id == user.pk else p.home
        if p.result == Pairing.Result.REPORTED and p.reported_by_id != user.pk:
            summary, what = "Confirm the result", "Your opponent reported the result: confirm it or dispute it."
        elif p.result in (Pairing.Result.REPORTED, Pairing.Result.DISPUTED):
            summary, what = "Result pending", "Waiting for your opponent or an organiser."
        else:
            summary, what = "Deadline", "The last moment to play this match and enter its result."
        events.append(FeedEvent(
            uid=f"pairing-{p.pk}@{host}",
            summary=f"{summary}: {_match_title(p)} v {_name(opponent)}",
            start=_utc(p.round.deadline), description=what, url=absolute(p.get_absolute_url()),
        ))
    return events


def _annual_deadline(comp: Competition, rnd: Round, absolute, host: str) -> FeedEvent:
    a = BY_NUMBER[rnd.number]
    return FeedEvent(
        uid=f"annual-{comp.pk}-battle-{rnd.number}@{host}",
        summary=f"Last day for {a.name}: {comp.name}",
        start=_utc(rnd.deadline),
        description=(f"A match of {a.name} (Annual Games no. {a.number}) counts for {comp.name} "
                     "if it begins before this moment."),
        url=absolute(comp.get_absolute_url()),
    )


def annual_deadlines(user, absolute: Callable[[str], str], host: str) -> list[FeedEvent]:
    """The last day of each battle's window still to come in the Annual Games the member
    plays in (their club's, or a two-player year of theirs), unless they already have a
    match of that battle there."""
    now = clock.now()
    events = []
    for comp in playing_in(user):
        played = set(Pairing.objects.filter(round__competition=comp).filter(Q(home=user) | Q(away=user))
                     .exclude(match__status__in=VOID_MATCH).values_list("round__number", flat=True))
        for rnd in comp.rounds.filter(deadline__gt=now).order_by("number"):
            if rnd.number not in played:
                events.append(_annual_deadline(comp, rnd, absolute, host))
    return events


def club_events(club, absolute: Callable[[str], str], host: str) -> list[FeedEvent]:
    """A club's feed: the deadline of each published round of its competitions still
    running (for its Annual Games, the last day of each battle's window), and the
    anniversaries.  Two-player Annual Games are the two players' own business: left out."""
    events = []
    comps = (Competition.objects.filter(club=club).exclude(status=Competition.Status.CLOSED)
             .exclude(kind=Competition.Kind.ANNUAL, annual__two_player=True))
    for comp in comps:
        rounds = comp.rounds.filter(status=Round.Status.PUBLISHED, deadline__isnull=False).order_by("number")
        for rnd in rounds:
            if comp.kind == Competition.Kind.ANNUAL:
                events.append(_annual_deadline(comp, rnd, absolute, host))
            else:
                events.append(FeedEvent(
                    uid=f"round-{rnd.pk}@{host}",
                    summary=f"Round {rnd.number} deadline: {comp.name}",
                    start=_utc(rnd.deadline),
                    description=f"The results of round {rnd.number} of {comp.name} are due.",
                    url=absolute(comp.get_absolute_url() + f"?round={rnd.number}"),
                ))
    return events + anniversary_events(absolute, host)


#: What a member's private feed holds: each source gives that member's events.
MEMBER_FEED_SOURCES: tuple[Callable[..., Iterable[FeedEvent]], ...] = (
    games_awaiting,
    pairing_deadlines,
    annual_deadlines,
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
