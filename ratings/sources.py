"""What a finished match or a settled league result gives the ratings: its games, each
with its two teams, its winner, and whether it is rated (docs/ratings.md, "What is
rated").  Read-only: :mod:`ratings.services` records what these return."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.utils import timezone

from games.engine import SIDES, counts_for_ratings, get_ruleset, other
from games.models import Match, Seat
from ratings.method import archie, member
from ratings.models.pool import DUEL, TEAM_MODES
from tournaments.models import Pairing

#: A game ended by a resignation or a claim for time before this turn is not rated: one
#: side had not yet played a whole turn, so the game says nothing about the players.
RATED_FROM_TURN = 3

FRIENDLY = "a friendly: the players chose not to rate it"

EARLY_ENDS = {"resigned": "resigned before turn 3", "timeout": "claimed on time before turn 3"}


@dataclass
class Source:
    """A result ready to be recorded."""

    key: str
    ruleset: str
    mode: str
    played: datetime
    games: list[dict] = field(default_factory=list)
    why: str = ""
    match_id: int | None = None


def _rules_allow(ruleset: str, options: dict | None, rated_anyway: bool = False) -> str:
    """Why a result under these options is not rated, or "". ``rated_anyway``: the
    organiser of its competition counts it whatever options are in force."""
    try:
        schema = get_ruleset(ruleset).options
    except KeyError:
        return "rules no longer on the site"
    if rated_anyway or counts_for_ratings(schema, options):
        return ""
    return "played under options that are not rated"


def mode_of(options: dict | None) -> str:
    """The pool's mode: a team game's ``team_mode``, else a duel."""
    mode = (options or {}).get("team_mode") or "none"
    return mode if mode in TEAM_MODES else DUEL


def _subject(seat: Seat) -> str | None:
    """Who the seat's result rates: the member it belongs to, even when a team-mate or
    Archie took it over after that member's time ran out (ruling RT6); Archie at its level
    for a seat given to Archie; None for an empty seat."""
    if seat.away_id:
        return member(seat.away_id)
    if seat.holder == Seat.Holder.ARCHIE:
        return archie(seat.archie_level or "recruit")
    if seat.holder == Seat.Holder.MEMBER and seat.player_id:
        return member(seat.player_id)
    return None


def games_of_match(match: Match) -> list[dict]:
    """Each finished game of a match played on the site, as rated."""
    out = []
    for g in match.games.prefetch_related("seats").order_by("number"):
        if not g.is_over:
            continue
        teams: dict[str, list[str]] = {}
        empty = False
        for seat in g.seat_rows():
            team = teams.setdefault(seat.side, [])
            subject = _subject(seat)
            if subject is None:
                empty = True
            elif subject not in team:
                team.append(subject)
        reason = (g.outcome or {}).get("reason", "")
        why = ""
        if len(teams) != 2:
            why = "not a game of two sides"
        elif empty:
            why = "a seat was empty"
        elif reason in EARLY_ENDS and g.turn < RATED_FROM_TURN:
            why = EARLY_ENDS[reason]
        out.append({"number": g.number, "scenario": match.scenario.slug, "teams": teams,
                    "winner": g.winner_side or "", "rated": not why, "why": why})
    return out


def from_match(match: Match) -> Source:
    """A match played on the site outside a league (a challenge, a seek, Archie, a campaign
    battle)."""
    games = games_of_match(match)
    why = ("a guided first game" if match.guided
           else FRIENDLY if match.friendly
           else _rules_allow(match.ruleset, match.options))
    return _source(f"match:{match.pk}", match.ruleset, mode_of(match.options),
                   match.finished or timezone.now(), games, why, match.pk)


def _table_games(p: Pairing, scenario: str) -> list[dict]:
    """A result reported at the table: home plays the Union in game 1, the Confederates in
    game 2."""
    home, away = member(p.home_id), member(p.away_id)
    out = []
    for number, home_side in ((1, SIDES[0]), (2, SIDES[1])):
        won = getattr(p, f"game{number}_winner")
        winner = home_side if won == "home" else other(home_side) if won == "away" else ""
        out.append({"number": number, "scenario": scenario,
                    "teams": {home_side: [home], other(home_side): [away]},
                    "winner": winner, "rated": True, "why": ""})
    return out


def from_pairing(p: Pairing) -> Source | None:
    """A league or tournament result that counts; None for a bye or one not settled."""
    if p.is_bye or not p.counts:
        return None
    comp = p.round.competition
    scenario = p.scenario or p.round.scenario
    slug = scenario.slug if scenario else ""
    if p.result == Pairing.Result.PLAYED and p.match_id:
        games = games_of_match(p.match)
    else:
        games = _table_games(p, slug)
    why = ("a forfeit: no game was played" if p.forfeit
           else _rules_allow(comp.ruleset, comp.options, comp.rated_anyway))
    options = p.match.options if p.match_id else comp.options
    return _source(f"pairing:{p.pk}", comp.ruleset, mode_of(options), p.updated or timezone.now(), games,
                   why, p.match_id)


def _source(key: str, ruleset: str, mode: str, played: datetime, games: list[dict], why: str,
            match_id) -> Source:
    if why:
        games = [{**g, "rated": False, "why": why} for g in games]
    elif games and not any(g["rated"] for g in games):
        why = games[0]["why"]
    return Source(key=key, ruleset=ruleset, mode=mode, played=played, games=games,
                  why=why, match_id=match_id)
