"""A club's leaderboard for one pool (a ruleset, played one a side or as a team game),
filtered by recent activity."""
from __future__ import annotations

from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render

from games.engine import DEFAULT_RULESET
from games.forms_play import ruleset_choices
from ratings import reading
from ratings.method import PROVISIONAL_GAMES
from ratings.models.pool import DUEL, MODES
from tournaments.views.common import club_or_404

MONTHS = (1, 3, 6, 12)
PER_PAGE = 50


def leaderboard(request, slug):
    club = club_or_404(slug)
    if not club.can_read(request.user):
        raise Http404("No such club.")
    choices = ruleset_choices()
    names = [name for name, _ in choices]
    ruleset = request.GET.get("ruleset") or DEFAULT_RULESET
    if ruleset not in names:
        ruleset = DEFAULT_RULESET
    try:
        months = int(request.GET.get("months") or 0)
    except ValueError:
        months = 0
    months = months if months in MONTHS else 0
    mode = request.GET.get("mode") or DUEL
    mode = mode if mode in MODES else DUEL
    provisional = request.GET.get("provisional") == "1"
    page = Paginator(reading.leaderboard(club, ruleset, mode, months=months or None, provisional=provisional),
                     PER_PAGE).get_page(request.GET.get("page"))
    query = {"ruleset": ruleset, "mode": "" if mode == DUEL else mode, "months": months or "",
             "provisional": "1" if provisional else ""}
    ctx = {"club": club, "rows": reading.ranked(page, page.start_index() - 1 if page.object_list else 0),
           "page": page, "query": urlencode({k: v for k, v in query.items() if v}),
           "ruleset": ruleset, "rulesets": choices, "mode": mode, "modes": list(MODES.items()), "months": months, "month_choices": MONTHS,
           "provisional": provisional, "provisional_games": PROVISIONAL_GAMES}
    if request.htmx:
        return render(request, "ratings/leaderboard.html#board", ctx)
    return render(request, "ratings/leaderboard.html", ctx)
