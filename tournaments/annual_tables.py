"""Reading an Annual Games competition: its results as the pure scoring's matches, the
standings, the progress grid (players x 31 battles) and the two-player year's running score.

A pairing gives a result when it counts as a league result would (confirmed, decided by an
organiser, forfeited) or, for a match on the site, from its finished games, even while game 2
is still being played (ruling 65).  The day of a match is the day it began on the site, or the
day the players said they played at the table, in the competition's time zone.
"""
from __future__ import annotations

import datetime as dt
import zoneinfo
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db.models import Q

from games.models import Match

from tournaments.annual.anniversaries import ANNIVERSARIES, BY_NUMBER, Anniversary
from tournaments.annual.scoring import Cell, GameResult, MatchResult, Standing, Window, standings, winner
from tournaments.annual_results import match_result
from tournaments.models import AnnualGames, Competition, Entry, Membership, Pairing


def played_on(p: Pairing, annual: AnnualGames, tz: dt.tzinfo) -> dt.date:
    """The day the match of ``p`` counts from: the day it began on the site (also when the
    players entered it at the table and then started it on the site), else the day they
    said they played at the table."""
    if p.match_id and p.match.started:
        return p.match.started.astimezone(tz).date()
    found = getattr(p, "annual", None)     # AnnualMatch: a match at the table
    if found is not None:
        return found.played_on
    return BY_NUMBER[p.round.number].in_year(annual.year)   # e.g. a forfeit never started


def _from_fields(p: Pairing, day: dt.date) -> MatchResult | None:
    """A result entered at the table or by an organiser, from the pairing's fields."""
    home, away = p.home_id, p.away_id
    if p.forfeit:
        if p.forfeit == Pairing.Forfeit.BOTH:
            return None                       # counts for neither (docs/leagues.md)
        winner = away if p.forfeit == Pairing.Forfeit.HOME else home
        games = (GameResult(winner), GameResult(winner))
    else:
        side = {"home": home, "away": away, "": None}
        games = (
            GameResult(side[p.game1_winner], {home: p.game1_flags_home, away: p.game1_flags_away},
                       {home: p.figures_home, away: p.figures_away}),
            GameResult(side[p.game2_winner], {home: p.game2_flags_home, away: p.game2_flags_away}),
        )
    return MatchResult(battle=p.round.number, players=(home, away), played_on=day, games=games)


def result_of(p: Pairing, annual: AnnualGames, tz: dt.tzinfo) -> MatchResult | None:
    """The result ``p`` gives the scoring so far, or None (nothing settled yet)."""
    if p.is_bye:
        return None
    day = played_on(p, annual, tz)
    if p.result in (Pairing.Result.CONFIRMED, Pairing.Result.RESOLVED, Pairing.Result.FORFEIT):
        return _from_fields(p, day)
    if p.match_id and p.result in (Pairing.Result.NONE, Pairing.Result.PLAYED):
        found = match_result(p.match, tz)
        if found is None:
            return None
        return MatchResult(battle=p.round.number, players=found.players, played_on=day,
                           games=found.games)
    return None


#: A challenge the opponent declined or the challenger withdrew: its pairing is void.
VOID_MATCH = (Match.Status.DECLINED, Match.Status.CANCELLED)


def live(pairings):
    """``pairings`` less those whose match on the site was a challenge declined or withdrawn."""
    return pairings.exclude(match__status__in=VOID_MATCH)


def pairings_of(comp: Competition):
    return (live(Pairing.objects.filter(round__competition=comp, away__isnull=False))
            .select_related("round", "match__scenario", "annual", "home__profile", "away__profile")
            .defer("match__scenario__data")       # the whole scenario file: only its number is read
            .prefetch_related("match__games").order_by("round__number", "table"))


@dataclass
class Square:
    """One square of the progress grid: a player's battle."""

    battle: int
    cell: Cell | None = None            # the match that counts (so far)
    playing: bool = False               # the match that counts, or one in the window, not settled yet
    off_window: bool = False            # only matches outside the window
    opponent: str = ""
    pairing_id: int | None = None

    @property
    def text(self) -> str:
        """What the square shows: points·flags (with … while being played), …, off."""
        if self.cell is not None:
            return f"{self.cell.points}·{self.cell.flags}" + ("…" if self.playing else "")
        return "…" if self.playing else "off" if self.off_window else ""

    @property
    def title(self) -> str:
        if self.cell is None:
            return ""
        c = self.cell
        return (f"{c.points} point{'' if c.points == 1 else 's'}, {c.flags} flag{'' if c.flags == 1 else 's'} "
                f"v {self.opponent}" + (" (so far)" if self.playing else ""))

    @property
    def state(self) -> str:
        if self.playing:            # with a cell: the games finished so far count
            return "playing"
        if self.cell is not None:
            return "counted"
        if self.off_window:
            return "off"
        return "none"


@dataclass
class Row:
    standing: Standing
    name: str
    username: str
    squares: list[Square] = field(default_factory=list)


@dataclass
class Year:
    comp: Competition
    annual: AnnualGames
    rows: list[Row]
    battles: tuple[Anniversary, ...]
    winner: str = ""


def _names(ids) -> dict:
    users = get_user_model().objects.filter(pk__in=ids).select_related("profile")
    return {u.pk: ((u.profile.name if hasattr(u, "profile") else u.get_username()), u.get_username())
            for u in users}


def year_table(comp: Competition) -> Year:
    """The standings and the progress grid of the competition."""
    annual = comp.annual
    tz = zoneinfo.ZoneInfo(annual.time_zone)
    window = Window(annual.window_days)
    pairings = list(pairings_of(comp))
    results: list[MatchResult] = []
    pending: set[tuple[int, int]] = set()     # (player, battle) with an unsettled match in the window
    outside: set[tuple[int, int]] = set()     # (player, battle) with a match off the window
    first: dict[tuple[int, int], Pairing] = {}                 # (player, battle): a pairing to link to
    by_match: dict[tuple[int, int, int, dt.date], Pairing] = {}  # whose result a cell is
    for p in pairings:
        number = p.round.number
        r = result_of(p, annual, tz)
        day = played_on(p, annual, tz)
        inside = window.admits(number, day, annual.year)
        if r is not None:
            results.append(r)
        for who, other in ((p.home_id, p.away_id), (p.away_id, p.home_id)):
            first.setdefault((who, number), p)
            by_match.setdefault((who, number, other, day), p)
            if not inside:
                outside.add((who, number))
            elif not p.counts:
                pending.add((who, number))
    if annual.two_player:
        players = list(comp.entries.order_by("seed").values_list("player_id", flat=True))
    else:
        players = list(comp.club.memberships.filter(status=Membership.Status.ACTIVE)
                       .order_by("user__profile__display_name", "user__username")
                       .values_list("user_id", flat=True))
    table = standings(annual.year, results, window, players=players)
    names = _names([s.player for s in table])
    rows = []
    for s in table:
        name, username = names.get(s.player, ("?", ""))
        row = Row(standing=s, name=name, username=username)
        for a in ANNIVERSARIES:
            key = (s.player, a.number)
            cell = s.cells.get(a.number)
            sq = Square(battle=a.number, cell=cell)
            if cell is None:
                sq.playing = key in pending
                sq.off_window = key in outside
                p = first.get(key)
            else:
                p = by_match.get((s.player, a.number, cell.opponent, cell.played_on))
                sq.playing = p is not None and not p.counts
                sq.opponent = names.get(cell.opponent, ("", ""))[0]
            sq.pairing_id = p.pk if p else None
            row.squares.append(sq)
        rows.append(row)
    top = winner(table)
    return Year(comp=comp, annual=annual, rows=rows, battles=ANNIVERSARIES,
                winner=names[top][0] if top is not None and comp.status == Competition.Status.CLOSED else "")


@dataclass
class PairBattle:
    """One battle of the two-player year."""

    anniversary: Anniversary
    day: dt.date
    pairing: Pairing | None
    a: Cell | None
    b: Cell | None
    total: tuple[int, int, int, int]        # running games A, games B, flags A, flags B


@dataclass
class PairYear:
    a: Row                  # the first player (the columns' order)
    b: Row
    battles: list[PairBattle]


def pair_year(comp: Competition, year: Year) -> PairYear:
    """The 31 battles of a two-player year in order, each with its counted result and the
    running score after it."""
    a_row, b_row = year.rows if year.rows[0].standing.player == _seeded(comp)[0] else year.rows[::-1]
    pairings: dict[int, Pairing] = {}
    for p in pairings_of(comp):
        pairings.setdefault(p.round.number, p)
    out, ga, gb, fa, fb = [], 0, 0, 0, 0
    for i, anniversary in enumerate(ANNIVERSARIES):
        ca, cb = a_row.squares[i].cell, b_row.squares[i].cell
        if ca is not None:
            ga, fa = ga + ca.points, fa + ca.flags
        if cb is not None:
            gb, fb = gb + cb.points, fb + cb.flags
        out.append(PairBattle(anniversary, anniversary.in_year(year.annual.year),
                              pairings.get(anniversary.number), ca, cb, (ga, gb, fa, fb)))
    return PairYear(a_row, b_row, out)


def _seeded(comp: Competition) -> list[int]:
    return list(comp.entries.order_by("seed").values_list("player_id", flat=True))


def playing_in(user):
    """The running Annual Games ``user`` plays in: their clubs' years and their own
    two-player years, the latest first."""
    clubs = Membership.objects.filter(user=user, status=Membership.Status.ACTIVE).values("club")
    return (Competition.objects.filter(kind=Competition.Kind.ANNUAL, club__in=clubs)
            .exclude(status=Competition.Status.CLOSED)
            .filter(Q(annual__two_player=False) | Q(entries__player=user, entries__status=Entry.Status.ACTIVE))
            .distinct().order_by("-annual__year", "name"))


def club_years(club):
    """The club's Annual Games, latest year first (the club form before two-player ones)."""
    return (Competition.objects.filter(club=club, kind=Competition.Kind.ANNUAL)
            .select_related("annual").order_by("-annual__year", "annual__two_player", "name"))


def open_battles(annual: AnnualGames, today: dt.date) -> list[int]:
    """The battles whose window is open on ``today`` (a match begun today would count)."""
    window = Window(annual.window_days)
    return [a.number for a in ANNIVERSARIES if window.admits(a.number, today, annual.year)]
