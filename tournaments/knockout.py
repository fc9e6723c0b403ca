"""The knockout final stage of a tournament: the rows of its rounds, who goes through, and
the bracket the competition page draws.

The bracket itself (seeding, byes, the next round, the match tie-break) is worked out by
the pure :mod:`tournaments.pairing.knockout`; this module writes the rows.  A knockout
round is a :class:`Round` with ``bracket_size`` > 0 (its pairings carry the Swiss seeds
of both players), drafted here and published by :func:`tournaments.services.publish_round`
like any round, so web matches start and the players are e-mailed the same way.  Results
are reported, confirmed, disputed and corrected through the same services as a Swiss
round's; each of those calls :func:`result_changed`, which drafts the next round as soon
as a round is complete.  The rulings are K1-K5 in docs/rulings.md.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from tournaments import pairing as algo, tables
from tournaments.refusals import Refused, _organiser
from tournaments.round_terms import _published_rounds, _round_scenario
from tournaments.models import Competition, Entry, Pairing, Round
from tournaments.models.rounds import result_totals
from tournaments.pairing import knockout as bracket_algo

#: The places an organiser can choose for the knockout (0: none).
PLACES = (0, 2, 4, 8, 16, 32, 64)


def check_places(places: int) -> int:
    places = int(places)
    if places not in PLACES:
        raise Refused("The knockout has 2, 4, 8, 16, 32 or 64 places (or none).")
    return places


def set_places(comp: Competition, organiser, places: int) -> Competition:
    """The organiser chooses (or drops) the knockout before it starts."""
    _organiser(comp.club, organiser)
    places = check_places(places)
    if not comp.is_swiss:
        raise Refused("Only a Swiss tournament can end with a knockout.")
    with transaction.atomic():
        comp = Competition.objects.select_for_update().get(pk=comp.pk)
        if comp.rounds.filter(bracket_size__gt=0, status=Round.Status.PUBLISHED).exists():
            raise Refused("The knockout has started: its size can no longer change.")
        comp.rounds.filter(bracket_size__gt=0).delete()  # a draft of the old size
        comp.knockout_size = places
        comp.save(update_fields=["knockout_size"])
    return comp


def is_due(comp: Competition) -> bool:
    """The next round to pair is a knockout round: the Swiss rounds are all published."""
    return comp.has_knockout and _published_rounds(comp) >= comp.swiss_rounds


# -- who goes through --------------------------------------------------------------------------
def winner_side(p: Pairing, fields: dict | None = None) -> str | None:
    """"home" or "away": who goes through a knockout match, or None while its result does
    not count yet.  ``fields`` (a result snapshot) stands for the pairing's own result."""
    if p.is_bye:
        return "home"
    f = p.result_snapshot() if fields is None else fields
    if f["result"] not in Pairing.FINAL:
        return None
    if f["forfeit"] in ("home", "away"):
        return "away" if f["forfeit"] == "home" else "home"
    games_home, games_away, flags_home, flags_away = result_totals(f)
    home_high = (p.home_seed or 0) <= (p.away_seed or 0)
    mine = (games_home, flags_home, f["figures_home"])
    theirs = (games_away, flags_away, f["figures_away"])
    high, low = (mine, theirs) if home_high else (theirs, mine)
    decided = bracket_algo.decide(bracket_algo.Score(high[0], low[0], high[1], low[1], high[2], low[2]))
    return ("home" if home_high else "away") if decided == "high" else ("away" if home_high else "home")


def winner(p: Pairing):
    """The player who goes through, or None."""
    side = winner_side(p)
    return None if side is None else (p.home if side == "home" else p.away)


def _seed_of(p: Pairing, side: str) -> int:
    return p.home_seed if side == "home" else p.away_seed


# -- rounds ------------------------------------------------------------------------------------
def draft_round(comp: Competition, organiser, *, scenario=None) -> Round:
    """Pair the next knockout round as a draft (the organiser previews it, then publishes it
    with :func:`tournaments.services.publish_round`)."""
    _organiser(comp.club, organiser)
    return _draft(comp, scenario)


def _draft(comp: Competition, scenario=None) -> Round:
    if comp.status == Competition.Status.CLOSED:
        raise Refused("The competition is closed.")
    if not comp.has_knockout:
        raise Refused("This tournament has no knockout.")
    with transaction.atomic():
        Competition.objects.select_for_update().get(pk=comp.pk)
        old = comp.rounds.filter(status=Round.Status.DRAFT).first()
        if scenario is None and old is not None:
            scenario = old.scenario  # redrawn after a correction: the organiser's choice stays
        comp.rounds.filter(status=Round.Status.DRAFT).delete()
        played = _published_rounds(comp)
        if played < comp.swiss_rounds:
            raise Refused(f"Publish all {comp.swiss_rounds} Swiss rounds first.")
        last = (comp.rounds.filter(status=Round.Status.PUBLISHED, bracket_size__gt=0)
                .order_by("-number").first())
        if last is None:
            seats, size, players = _first_round(comp)
        else:
            seats, size, players = _following_round(last)
        number = played + 1
        rnd = Round.objects.create(competition=comp, number=number, bracket_size=size,
                                   scenario=_round_scenario(comp, number, scenario))
        mode = Pairing.Mode.WEB if comp.mode == Competition.Mode.WEB else Pairing.Mode.TABLE
        for table, seat in enumerate(seats, start=1):
            Pairing.objects.create(
                round=rnd, table=table, home=players[seat.high],
                away=None if seat.is_bye else players[seat.low],
                home_seed=seat.high, away_seed=seat.low,
                mode=Pairing.Mode.TABLE if seat.is_bye else mode, scenario=rnd.scenario)
    return rnd


def _unsettled(pairings) -> bool:
    return pairings.filter(away__isnull=False).exclude(result__in=Pairing.FINAL).exists()


def _first_round(comp: Competition):
    """The first round's seats, the bracket's size and {seed: player}: the players still
    in the tournament, in the order of the Swiss standings (K3)."""
    if _unsettled(Pairing.objects.filter(round__competition=comp, round__status=Round.Status.PUBLISHED)):
        raise Refused("Every Swiss result must be in (confirmed or decided) before the knockout.")
    active = {e.player_id for e in comp.entries.filter(status=Entry.Status.ACTIVE)}
    ranked = [line.player for line in tables.table(comp) if line.entry.player_id in active]
    if len(ranked) < 2:
        raise Refused("A knockout needs at least two players still in the tournament.")
    try:
        seats = bracket_algo.first_round(comp.knockout_size, len(ranked))
    except algo.PairingError as e:
        raise Refused(str(e)) from None
    size = bracket_algo.bracket_size(comp.knockout_size, len(ranked))
    return seats, size, {seed: player for seed, player in enumerate(ranked[:size], start=1)}


def _following_round(last: Round):
    if last.bracket_size <= 2:
        raise Refused("The final is paired: the knockout ends with its result.")
    pairings = list(last.pairings.select_related("home", "away").order_by("table"))
    players, winners = {}, []
    for p in pairings:
        side = winner_side(p)
        if side is None:
            raise Refused(f"Every match of the {last.label.lower()} must have its result "
                                   "(confirmed or decided) first.")
        players[_seed_of(p, side)] = p.home if side == "home" else p.away
        winners.append(_seed_of(p, side))
    return bracket_algo.next_round(winners), last.bracket_size // 2, players


def result_changed(p: Pairing, before: dict) -> None:
    """Called by the result services after a knockout match's result changed (``before``
    is its snapshot before).  Refuses a double forfeit (K4) and a correction that would
    change who went through once the next round is published (K5); drafts the next round
    as soon as every match of this one counts, or draws the draft again."""
    if p.forfeit == Pairing.Forfeit.BOTH:
        raise Refused("In a knockout one player must go through: declare one forfeit, "
                               "or enter the result.")
    rnd = p.round
    comp = rnd.competition
    later = comp.rounds.filter(number__gt=rnd.number, bracket_size__gt=0)
    changed = winner_side(p, before) not in (None, winner_side(p))
    if changed and later.filter(status=Round.Status.PUBLISHED).exists():
        raise Refused(
            "The next knockout round is published: this correction would change who went "
            "through, so it cannot be made. Enter a result with the same winner, or ask the "
            "players of the next round to agree a replay.")
    if rnd.bracket_size <= 2 or later.filter(status=Round.Status.PUBLISHED).exists():
        return
    if _unsettled(rnd.pairings.all()):
        return
    has_draft = later.filter(status=Round.Status.DRAFT).exists()
    if comp.scenario_policy == Competition.ScenarioPolicy.ORGANISER and not has_draft:
        return  # the organiser pairs it with the round's scenario from the console
    if has_draft and not changed:
        return
    try:
        _draft(comp)
    except Refused:
        pass  # e.g. no scenario for the round yet: the organiser pairs it from the console


# -- the bracket as the page shows it ----------------------------------------------------------
@dataclass
class Cell:
    """One match of the bracket: the two players (None: not known yet) with their seeds."""

    home: object = None
    away: object = None
    home_seed: int | None = None
    away_seed: int | None = None
    bye: bool = False
    winner: str | None = None  # "home" / "away" once the result counts
    pairing: Pairing | None = None


@dataclass
class Column:
    label: str
    size: int
    cells: list = field(default_factory=list)
    published: bool = False


@dataclass
class Bracket:
    columns: list
    champion: object = None


def bracket(comp: Competition) -> Bracket | None:
    """The bracket of the published knockout rounds, the later rounds filled in as far as
    winners are known (a winner goes through as soon as the result counts).  None before
    the knockout's first round is published."""
    rows = list(Pairing.objects.filter(round__competition=comp, round__status=Round.Status.PUBLISHED,
                                       round__bracket_size__gt=0)
                .select_related("round", "home__profile", "away__profile")
                .order_by("round__number", "table"))
    if not rows:
        return None
    by_size: dict = {}
    for p in rows:
        by_size.setdefault(p.round.bracket_size, []).append(p)
    size = max(by_size)
    columns, previous = [], None
    while size >= 2:
        column = Column(bracket_algo.stage_name(size), size)
        if size in by_size:
            column.published = True
            for p in by_size[size]:
                column.cells.append(Cell(p.home, p.away, p.home_seed, p.away_seed, p.is_bye,
                                         winner_side(p), p))
        else:  # not published yet: who is known to go through
            ahead = [(c.home_seed, c.home) if c.winner == "home" else
                     (c.away_seed, c.away) if c.winner == "away" else (None, None)
                     for c in previous.cells]
            for (sa, a), (sb, b) in zip(ahead[::2], ahead[1::2]):
                if sa is not None and sb is not None and sb < sa:
                    (sa, a), (sb, b) = (sb, b), (sa, a)
                column.cells.append(Cell(a, b, sa, sb))
        columns.append(column)
        previous, size = column, size // 2
    final = columns[-1].cells[0]
    champion = (final.home if final.winner == "home" else final.away if final.winner == "away" else None)
    return Bracket(columns, champion)


def stage_reached(comp: Competition) -> dict:
    """{player id: the furthest knockout stage reached} ("Champion", "Final", ...)."""
    out: dict = {}
    rows = (Pairing.objects.filter(round__competition=comp, round__status=Round.Status.PUBLISHED,
                                   round__bracket_size__gt=0)
            .select_related("round").order_by("round__number"))
    for p in rows:
        for pid in (p.home_id, p.away_id):
            if pid is not None:
                out[pid] = p.round.label
        if p.round.bracket_size == 2 and (side := winner_side(p)) is not None:
            out[p.home_id if side == "home" else p.away_id] = "Champion"
    return out
