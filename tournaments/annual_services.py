"""The only way an Annual Games competition is created and its matches arranged.

"Annual Games <year>" is a competition of kind "annual" (docs/calendar.md): one round per
battle of the list, all published at once, each with the last day of the battle's window
as its deadline.  Members arrange a match of a battle between themselves (on the site, the
match starts at once through :func:`games.services.start_arranged_match`; at the table, they
give the day they played and report the result like any league result, through
:mod:`tournaments.services`).  The two-player form is the same competition with two entries,
the only two who may play in it, once per battle.

Closing the year is :func:`tournaments.services.close_competition`.
"""
from __future__ import annotations

import datetime as dt
import zoneinfo
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from accounts.models import time_zone_names
from games import services as game_services
from games.engine import DEFAULT_RULESET, rulesets
from games.models import Scenario
from tournaments import clock
from tournaments.annual.anniversaries import ANNIVERSARIES, BY_NUMBER
from tournaments.annual.scoring import DEFAULT_WINDOW_DAYS, Window
from tournaments.annual_tables import live
from tournaments.models import AnnualGames, AnnualMatch, Competition, Entry, Pairing, Round
from tournaments.services import NotOrganiser, NotYourMatch, Refused, check_rules


def annual_rulesets() -> tuple[str, ...]:
    """The registered rulesets that play the anniversaries' battles (the scenarios of the
    default ruleset's format), the default first."""
    battles = rulesets()[DEFAULT_RULESET].scenario_format
    return tuple(sorted((n for n, r in rulesets().items() if r.scenario_format == battles),
                        key=lambda n: (n != DEFAULT_RULESET, n)))


#: The widest window a club may choose, in days either side of the anniversary.
MAX_WINDOW_DAYS = 60


@dataclass(frozen=True)
class AnnualTerms:
    """What an organiser chooses when creating the Annual Games of a year."""

    year: int
    window_days: int | None = DEFAULT_WINDOW_DAYS    # None: any time in the year
    time_zone: str = "UTC"
    mode: str = Competition.Mode.BOTH
    options: dict = field(default_factory=dict)   # the ruleset's options, by name
    ruleset: str = DEFAULT_RULESET      # the rules of every match on the site
    deadline_hours: int = 72
    players: tuple = ()             # two members: the two-player form


def window_of(annual: AnnualGames) -> Window:
    return Window(annual.window_days)


def _end_of_day(day: dt.date, tz: dt.tzinfo) -> dt.datetime:
    """The last moment of ``day`` in ``tz`` (the next midnight), as an aware datetime."""
    return dt.datetime.combine(day + dt.timedelta(days=1), dt.time(0), tzinfo=tz)


def create_annual_games(club, organiser, terms: AnnualTerms) -> Competition:
    """An organiser creates "Annual Games <year>" for the club (every member plays), or,
    with two ``players``, the two-player form of that year for those two members."""
    if not club.is_organiser(organiser):
        raise NotOrganiser(f"Only an organiser of {club} can do that.")
    year = int(terms.year)
    if not 1900 <= year <= 2999:
        raise Refused("Choose a year between 1900 and 2999.")
    days = terms.window_days
    if days is not None and not 0 <= int(days) <= MAX_WINDOW_DAYS:
        raise Refused(f"The window is 0 to {MAX_WINDOW_DAYS} days either side of the "
                      "anniversary, or any time in the year.")
    if terms.time_zone not in time_zone_names():
        raise Refused("Choose a time zone from the list.")
    if terms.mode not in Competition.Mode.values:
        raise Refused("Choose where the games are played.")
    if not (game_services.MIN_DEADLINE_HOURS <= int(terms.deadline_hours) <= game_services.MAX_DEADLINE_HOURS):
        raise Refused("The time per move must be between 1 hour and 14 days.")
    ruleset = check_rules(terms.ruleset, terms.options)
    if ruleset not in annual_rulesets():
        raise Refused(f"The Annual Games are the anniversaries' battles, which the {ruleset} rules "
                      f"do not play: choose {' or '.join(annual_rulesets())}.")
    players = tuple(terms.players)
    if players:
        if len(players) != 2 or players[0].pk == players[1].pk:
            raise Refused("The two-player form needs two different members.")
        for p in players:
            if not club.is_member(p):
                raise Refused(f"{p} is not a member of {club}.")
        name = f"Annual Games {year}: {_name(players[0])} v {_name(players[1])}"
    else:
        name = f"Annual Games {year}"
    tz = zoneinfo.ZoneInfo(terms.time_zone)
    window = Window(None if days is None else int(days))
    with transaction.atomic():
        taken = Competition.objects.select_for_update().filter(
            club=club, kind=Competition.Kind.ANNUAL, annual__year=year, annual__two_player=False)
        if not players and taken.exists():
            raise Refused(f"{club} already runs the Annual Games {year}.")
        comp = Competition.objects.create(
            club=club, name=name, kind=Competition.Kind.ANNUAL,
            scenario_policy=Competition.ScenarioPolicy.ORGANISER, mode=terms.mode,
            options=dict(terms.options or {}), ruleset=ruleset, deadline_hours=int(terms.deadline_hours),
            status=Competition.Status.RUNNING, created_by=organiser)
        AnnualGames.objects.create(competition=comp, year=year, window_days=window.days,
                                   time_zone=terms.time_zone, two_player=bool(players))
        scenarios = {s.annual_number: s for s in Scenario.objects.filter(annual_number__isnull=False)
                     .only("pk", "annual_number")}
        now = timezone.now()
        Round.objects.bulk_create([
            Round(competition=comp, number=a.number, status=Round.Status.PUBLISHED,
                  scenario=scenarios.get(a.number), published=now,
                  deadline=_end_of_day(window.closes(a.number, year), tz))
            for a in ANNIVERSARIES])
        for seed, p in enumerate(players, start=1):
            Entry.objects.create(competition=comp, player=p, seed=seed)
    return comp


def _name(user) -> str:
    profile = getattr(user, "profile", None)
    return profile.name if profile else user.get_username()


def annual_of(comp: Competition) -> AnnualGames:
    if comp.kind != Competition.Kind.ANNUAL:
        raise Refused(f"{comp.name} is not an Annual Games competition.")
    return comp.annual


def plays_in(comp: Competition, annual: AnnualGames, user) -> bool:
    """Who may arrange matches: any member of the club, or the two players of the
    two-player form (while they are members)."""
    if not (user and user.is_authenticated and comp.club.is_member(user)):
        return False
    if annual.two_player:
        return comp.entries.filter(player=user, status=Entry.Status.ACTIVE).exists()
    return True


def local_today(annual: AnnualGames) -> dt.date:
    return clock.now().astimezone(zoneinfo.ZoneInfo(annual.time_zone)).date()


def arrange_match(comp: Competition, user, battle: int, opponent, *, where: str = "",
                  played_on: dt.date | None = None) -> Pairing:
    """``user`` and ``opponent`` play a match of ``battle`` (its number in the list).

    ``where``: "web" (a challenge to ``opponent``, ``user`` playing Union in game 1: the
    match begins when it is accepted; declined or withdrawn, it leaves nothing) or "table" (``played_on``, by default today in the competition's time zone,
    is the day they played; either player then reports the result on the match's page).
    A competition played only on the site or only at the table decides by itself.
    A match off the battle's window is allowed but does not count (docs/rulings.md 64)."""
    annual = annual_of(comp)
    if comp.status == Competition.Status.CLOSED:
        raise Refused("This year's Annual Games are closed.")
    if battle not in BY_NUMBER:
        raise Refused("Choose a battle of the list (1 to 31).")
    if not plays_in(comp, annual, user):
        raise NotYourMatch("Only a player of these Annual Games can arrange a match.")
    if opponent is None or opponent.pk == user.pk or not plays_in(comp, annual, opponent):
        raise Refused("Choose another player of these Annual Games as your opponent.")
    where = {Competition.Mode.WEB: "web", Competition.Mode.TABLE: "table"}.get(comp.mode, where)
    if where not in ("web", "table"):
        raise Refused("Say whether you play on the site or at the table.")
    today = local_today(annual)
    if where == "table":
        played_on = played_on or today
        last = dt.date(annual.year, 12, 31) + dt.timedelta(days=annual.window_days or 0)
        if played_on > today:
            raise Refused("Give the day you played: a match at the table is entered once "
                          "it is played (or on the day).")
        if not dt.date(annual.year, 1, 1) <= played_on <= last:
            raise Refused(f"The day you played must fall within the Annual Games {annual.year}.")
    anniversary = BY_NUMBER[battle]
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(competition=comp, number=battle)
        if rnd.scenario_id is None:   # installed after the competition was created
            rnd.scenario = Scenario.objects.filter(annual_number=battle).first()
            if rnd.scenario is not None:
                rnd.save(update_fields=["scenario"])
        if where == "web" and rnd.scenario is None:
            raise Refused(f"The scenario of {anniversary.name} is not installed on this site.")
        existing = live(rnd.pairings.filter(home__in=(user, opponent), away__in=(user, opponent)))
        if annual.two_player and existing.exists():
            raise Refused(f"You have already played {anniversary.name} this year.")
        if existing.exclude(result__in=Pairing.FINAL).exists():
            raise Refused(f"A match of {anniversary.name} between you two is already under way: "
                          "finish it (or report its result) first.")
        table = (rnd.pairings.aggregate(n=Max("table"))["n"] or 0) + 1
        p = Pairing.objects.create(round=rnd, table=table, home=user, away=opponent,
                                   mode=Pairing.Mode.WEB if where == "web" else Pairing.Mode.TABLE,
                                   scenario=rnd.scenario)
        if where == "web":
            try:
                p.match = game_services.create_challenge(
                    user, opponent, rnd.scenario, side="union", options=comp.options,
                    deadline_hours=comp.deadline_hours, message=f"{comp.name}: {anniversary.name}",
                    ruleset=comp.ruleset)
            except game_services.ActionRefused as refused:
                raise Refused(refused.message) from None
            p.save(update_fields=["match"])
        else:
            AnnualMatch.objects.create(pairing=p, played_on=played_on)
    return p


def counts_on(annual: AnnualGames, battle: int, day: dt.date) -> bool:
    """Whether a match of ``battle`` begun on ``day`` counts for the year (ruling 64)."""
    return window_of(annual).admits(battle, day, annual.year)
