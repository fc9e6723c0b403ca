"""Archie's review of a finished game (templates/games/review.html): the win-chance graph,
the marked turns and Archie's plan at each, its progress while it is made, and the form
that asks for it. A game in progress has no review page: 404, as for its replay."""
from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_http_methods

from games import reviews
from games.chance_graph import chance_graph
from games.engine import SIDE_NAMES
from games.models import Game

TEMPLATE = "games/review.html"


def _finished(game_id) -> Game:
    game = get_object_or_404(Game.objects.select_related("match__scenario"), pk=game_id)
    if not game.is_over:
        raise Http404("Archie reviews a game once it is over.")
    return game


def marked_turns(result: dict) -> list[dict]:
    """The marked turns with their words: who played, what the choice lost, Archie's plan."""
    marked = set(result.get("marked") or [])
    out = []
    for t in result.get("turns") or []:
        if t["turn"] in marked:
            out.append({**t, "side_name": SIDE_NAMES.get(t["side"], t["side"]),
                        "best_percent": round(100 * (t["best"] or 0)),
                        "chosen_percent": round(100 * (t["chosen"] or 0)),
                        "loss_points": round(100 * t["loss"]),
                        "plan_words": t.get("plan_words") or []})
    return out


def context(game: Game) -> dict:
    review = reviews.review_of(game)
    replay = reverse("play:replay", args=[game.pk])
    ctx = {"game": game, "review": review, "replay_url": replay,
           "budget": reviews.seconds_per_turn()}
    if review is not None and review.result:
        ctx["graph"] = mark_safe(chance_graph(review.result, replay))
        ctx["marked"] = marked_turns(review.result)
        ctx["sides"] = [SIDE_NAMES.get(s, s) for s in review.result.get("sides", [])]
    return ctx


@require_http_methods(["GET", "POST"])
def game_review(request, game_id):
    """GET: the review (its progress while it is made; the form asking for it when none
    is). POST (members): ask for it; a second request gets the stored one."""
    game = _finished(game_id)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        _review, made = reviews.request_review(game, request.user)
        if not made:
            messages.info(request, "Archie has already reviewed this game.")
        if request.htmx:
            return render(request, f"{TEMPLATE}#review", context(game))
        return redirect("play:review", game_id=game.pk)
    ctx = context(game)
    if request.htmx:
        return render(request, f"{TEMPLATE}#review", ctx)
    return render(request, TEMPLATE, ctx)
