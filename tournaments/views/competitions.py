"""A competition's page (rounds, pairings, results, standings and their chart), its CSV
exports, and each player's "my next game"."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.shortcuts import render
from django.utils.functional import cached_property

from tournaments import knockout, pairing as algo, tables
from tournaments.annual_tables import VOID_MATCH
from tournaments.chart import standings_chart
from tournaments.csv_export import csv_download
from tournaments.models import Competition, Entry, Pairing, Round

from .annual import annual_page, annual_standings_csv
from .common import name_of, readable_competition


def _pairings(comp: Competition, number: int | None = None) -> list[Pairing]:
    """The published pairings (of round ``number`` only, if given), ready to be shown."""
    rows = Pairing.objects.filter(round__competition=comp, round__status=Round.Status.PUBLISHED)
    if number is not None:
        rows = rows.filter(round__number=number)
    return list(rows.select_related("round", "home__profile", "away__profile", "scenario")
                .only(*_SHOWN).order_by("round__number", "table"))


#: What the pages and the CSV show of a pairing and its players (a user row has many
#: columns, and a scenario row holds the whole scenario file).
_SHOWN = ("round", "table", "home", "away", "mode", "scenario__name", "match", "result",
          "home_seed", "away_seed", *Pairing.RESULT_FIELDS,
          *(f"{who}__{f}" for who in ("home", "away")
            for f in ("username", "profile__display_name", "profile__user")))


class _Standings:
    """The standings table and chart, worked out only if the page draws them (the drawn
    section is kept in the cache under ``tables.shown_key``)."""

    def __init__(self, comp, published, worked):
        self.comp, self.published, self.worked = comp, published, worked

    @cached_property
    def lines(self) -> list:
        return tables.table(self.comp, worked=self.worked)

    @cached_property
    def chart(self):
        numbers, ranks = tables.ranks_over_rounds(self.comp, self.published, worked=self.worked)
        names = {line.entry.player_id: name_of(line.player) for line in self.lines}
        return standings_chart(numbers, ranks, names, top=8)


def competition(request, pk):
    """Standings, their chart, the knockout's bracket, and the pairings of one round
    (``?round=N``, the latest Swiss round by default) with links to the others."""
    comp = readable_competition(request.user, pk)
    if comp.kind == Competition.Kind.ANNUAL:
        return annual_page(request, comp)
    template = "tournaments/competition.html"
    bracket = knockout.bracket(comp) if comp.has_knockout else None
    if request.htmx and request.GET.get("part") == "bracket":
        return render(request, template + "#bracket", {"comp": comp, "bracket": bracket})
    published = tables.published_pairings(comp)
    worked = tables.inputs(comp, published)
    numbers = sorted({p["round__number"] for p in published})
    try:
        shown = int(request.GET.get("round", "")) if request.GET.get("round") else (numbers[-1] if numbers else 0)
    except ValueError:
        shown = 0
    pairings = _pairings(comp, shown)
    ctx = {
        "comp": comp, "standings": _Standings(comp, published, worked),
        "standings_key": tables.shown_key(comp, worked, template),
        "columns": tables.metric_columns(comp),
        "order_labels": ", then ".join(algo.METRICS[k].label.lower() for k in comp.order),
        "round_numbers": numbers, "shown": shown,
        "pairings": pairings, "round": pairings[0].round if pairings else None,
        "organiser": comp.club.is_organiser(request.user),
        "planned": comp.planned_rounds(len(worked[0])),
        "bracket": bracket,
    }
    if request.htmx and request.GET.get("part") == "standings":
        template += "#standings"
    return render(request, template, ctx)


def standings_csv(request, pk):
    comp = readable_competition(request.user, pk)
    columns = tables.metric_columns(comp)
    response, out = csv_download(request, f"standings-{comp.pk}.csv")
    if comp.kind == Competition.Kind.ANNUAL:
        annual_standings_csv(comp, out)
        return response
    out.writerow(["rank", "player", "played", "won", "drawn", "lost", "byes", "withdrawn",
                  *[c.key for c in columns], *(["knockout"] if comp.has_knockout else [])])
    reached = knockout.stage_reached(comp) if comp.has_knockout else {}
    for line in tables.table(comp):
        s = line.standing
        out.writerow([s.rank, name_of(line.player), s.played, s.won, s.drawn, s.lost, s.byes,
                      "yes" if line.entry.status == Entry.Status.WITHDRAWN else "",
                      *[s.metrics[c.key] for c in columns],
                      *([reached.get(line.entry.player_id, "")] if comp.has_knockout else [])])
    return response


def results_csv(request, pk):
    comp = readable_competition(request.user, pk)
    response, out = csv_download(request, f"results-{comp.pk}.csv")
    out.writerow(["round", "stage", "table", "home", "away", "scenario", "where", "status",
                  "game1_winner", "game1_flags_home", "game1_flags_away",
                  "game2_winner", "game2_flags_home", "game2_flags_away",
                  "games_home", "games_away", "flags_home", "flags_away",
                  "figures_home", "figures_away", "forfeit", "home_seed", "away_seed", "goes_through"])
    for p in _pairings(comp):
        stage = p.round.label if p.round.is_knockout else "Swiss" if comp.is_swiss else "League"
        seeds = [p.home_seed or "", p.away_seed or ""]
        if p.is_bye:
            out.writerow([p.round.number, stage, p.table, name_of(p.home), "", "", "", "bye"] + [""] * 13
                         + seeds + [name_of(p.home) if p.round.is_knockout else ""])
            continue
        through = knockout.winner(p) if p.round.is_knockout else None
        out.writerow([p.round.number, stage, p.table, name_of(p.home), name_of(p.away),
                      p.scenario.name if p.scenario else "", p.mode, p.result,
                      p.game1_winner, p.game1_flags_home, p.game1_flags_away,
                      p.game2_winner, p.game2_flags_home, p.game2_flags_away,
                      p.games_home, p.games_away, p.flags_home, p.flags_away,
                      p.figures_home, p.figures_away, p.forfeit, *seeds, name_of(through)])
    return response


@login_required
def my_games(request):
    """My next game in each competition, and results waiting for me."""
    user = request.user
    mine = (Pairing.objects.filter(round__status=Round.Status.PUBLISHED)
            .filter(Q(home=user) | Q(away=user)).exclude(away__isnull=True)
            .exclude(match__status__in=VOID_MATCH)          # Annual Games challenges declined or withdrawn
            .select_related("round__competition__club", "home__profile", "away__profile",
                            "scenario", "match").order_by("round__deadline"))
    to_play, to_answer, waiting = [], [], []
    for p in mine:
        if p.round.competition.status == Competition.Status.CLOSED:
            continue
        if p.result == Pairing.Result.NONE:
            to_play.append(p)
        elif p.result == Pairing.Result.REPORTED and p.reported_by_id != user.pk:
            to_answer.append(p)
        elif p.result in (Pairing.Result.REPORTED, Pairing.Result.DISPUTED):
            waiting.append(p)
    entries = (Entry.objects.filter(player=user, status=Entry.Status.ACTIVE)
               .select_related("competition__club").exclude(competition__status=Competition.Status.CLOSED))
    return render(request, "tournaments/mine.html", {
        "to_play": to_play, "to_answer": to_answer, "waiting": waiting, "entries": entries,
    })
