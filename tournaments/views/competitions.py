"""A competition's page (rounds, pairings, results, standings and their chart), its CSV
exports, and each player's "my next game"."""
from __future__ import annotations

import csv

from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import render

from tournaments import pairing as algo, tables
from tournaments.annual_tables import VOID_MATCH
from tournaments.chart import standings_chart
from tournaments.models import Competition, Entry, Pairing, Round

from .annual import annual_page, annual_standings_csv
from .common import name_of, readable_competition


def _pairings(comp: Competition, number: int | None = None) -> list[Pairing]:
    """The published pairings (of round ``number`` only, if given), ready to be shown."""
    rows = Pairing.objects.filter(round__competition=comp, round__status=Round.Status.PUBLISHED)
    if number is not None:
        rows = rows.filter(round__number=number)
    return list(rows.select_related("round", "home__profile", "away__profile", "scenario")
                .defer("scenario__data")  # the whole scenario file: not needed for a name
                .order_by("round__number", "table"))


def competition(request, pk):
    """Standings, their chart, and the pairings of one round (``?round=N``, the latest by
    default) with links to the others."""
    comp = readable_competition(request.user, pk)
    if comp.kind == Competition.Kind.ANNUAL:
        return annual_page(request, comp)
    published = tables.published_pairings(comp)
    lines = tables.table(comp, pairings=published)
    numbers, ranks = tables.ranks_over_rounds(comp, pairings=published)
    try:
        shown = int(request.GET.get("round", "")) if request.GET.get("round") else (numbers[-1] if numbers else 0)
    except ValueError:
        shown = 0
    names = {line.entry.player_id: name_of(line.player) for line in lines}
    pairings = _pairings(comp, shown)
    ctx = {
        "comp": comp, "lines": lines, "columns": tables.metric_columns(comp),
        "order_labels": ", then ".join(algo.METRICS[k].label.lower() for k in comp.order),
        "round_numbers": numbers, "shown": shown,
        "pairings": pairings, "round": pairings[0].round if pairings else None,
        "chart": standings_chart(numbers, ranks, names, top=8),
        "organiser": comp.club.is_organiser(request.user),
        "planned": comp.planned_rounds(len(lines)),
    }
    template = "tournaments/competition.html"
    if request.htmx and request.GET.get("part") == "standings":
        template += "#standings"
    return render(request, template, ctx)


def standings_csv(request, pk):
    comp = readable_competition(request.user, pk)
    columns = tables.metric_columns(comp)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="standings-{comp.pk}.csv"'
    out = csv.writer(response)
    if comp.kind == Competition.Kind.ANNUAL:
        annual_standings_csv(comp, out)
        return response
    out.writerow(["rank", "player", "played", "won", "drawn", "lost", "byes", "withdrawn",
                  *[c.key for c in columns]])
    for line in tables.table(comp):
        s = line.standing
        out.writerow([s.rank, name_of(line.player), s.played, s.won, s.drawn, s.lost, s.byes,
                      "yes" if line.entry.status == Entry.Status.WITHDRAWN else "",
                      *[s.metrics[c.key] for c in columns]])
    return response


def results_csv(request, pk):
    comp = readable_competition(request.user, pk)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="results-{comp.pk}.csv"'
    out = csv.writer(response)
    out.writerow(["round", "table", "home", "away", "scenario", "where", "status",
                  "game1_winner", "game1_flags_home", "game1_flags_away",
                  "game2_winner", "game2_flags_home", "game2_flags_away",
                  "games_home", "games_away", "flags_home", "flags_away",
                  "figures_home", "figures_away", "forfeit"])
    for p in _pairings(comp):
        if p.is_bye:
            out.writerow([p.round.number, p.table, name_of(p.home), "", "", "", "bye"] + [""] * 13)
            continue
        out.writerow([p.round.number, p.table, name_of(p.home), name_of(p.away),
                      p.scenario.name if p.scenario else "", p.mode, p.result,
                      p.game1_winner, p.game1_flags_home, p.game1_flags_away,
                      p.game2_winner, p.game2_flags_home, p.game2_flags_away,
                      p.games_home, p.games_away, p.flags_home, p.flags_away,
                      p.figures_home, p.figures_away, p.forfeit])
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
