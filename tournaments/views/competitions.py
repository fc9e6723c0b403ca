"""A competition's page (rounds, pairings, results, standings and their chart), its CSV
exports, and each player's "my next game"."""
from __future__ import annotations

import csv

from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import render

from tournaments import pairing as algo, tables
from tournaments.chart import standings_chart
from tournaments.models import Competition, Entry, Pairing, Round

from .common import name_of, readable_competition


def _pairings(comp: Competition, *, drafts: bool) -> list[Pairing]:
    rounds = (Round.Status.PUBLISHED, Round.Status.DRAFT) if drafts else (Round.Status.PUBLISHED,)
    return list(Pairing.objects.filter(round__competition=comp, round__status__in=rounds)
                .select_related("round", "home__profile", "away__profile", "scenario", "match")
                .order_by("round__number", "table"))


def competition(request, pk):
    comp = readable_competition(request.user, pk)
    pairings = _pairings(comp, drafts=False)
    published = [p for p in pairings if p.round.is_published]
    lines = tables.table(comp, pairings=published)
    rounds: dict = {}
    for p in published:
        rounds.setdefault(p.round, []).append(p)
    numbers, ranks = tables.ranks_over_rounds(comp, pairings=published)
    names = {line.entry.player_id: name_of(line.player) for line in lines}
    ctx = {
        "comp": comp, "lines": lines, "columns": tables.metric_columns(comp),
        "order_labels": ", then ".join(algo.METRICS[k].label.lower() for k in comp.order),
        "rounds": sorted(rounds.items(), key=lambda kv: -kv[0].number),
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
    for p in _pairings(comp, drafts=False):
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
