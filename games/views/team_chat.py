"""The team chat of a game: each team's own channel, beside the match's chat of all its
players.  Only the team's members read it while the game is played; once it is over both
teams' chats are public, read with the replay.  ``GET`` gives the messages fragment (204 when
nothing is newer than ``?after=<id>``); ``POST`` sends a message through
``games.services.post_team_chat``.  Messages are plain text: the template escapes them."""
from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from games import services
from games.engine import SIDE_NAMES
from games.models import Game
from games.models.seat import seats_prefetch

TEMPLATE = "games/team_chat.html"
SHOWN = 50


def _name(user) -> str:
    profile = getattr(user, "profile", None)
    return profile.name if profile else user.get_username()


def team_chat_context(row: Game, user, error: str = "") -> dict:
    """The team chats ``user`` may read in ``row`` (none: an empty dict)."""
    sides = services.team_chat_readable(row, user)
    if not sides:
        return {}
    own = services.team_of(row, user)
    me = getattr(user, "pk", None)
    channels, last = [], 0
    for side in sides:
        recent = list(row.team_chat.filter(side=side).select_related("author__profile")
                      .order_by("-created", "-pk")[:SHOWN])
        recent.reverse()
        last = max([last, *(m.pk for m in recent)])
        channels.append({"side": side, "side_name": SIDE_NAMES.get(side, side), "own": side == own,
                         "lines": [{"who": _name(m.author), "own": m.author_id == me, "when": m.created,
                                    "text": m.text} for m in recent]})
    return {"team_chat_url": reverse("play:team_chat", args=[row.pk]), "team_channels": channels,
            "team_chat_last": last, "team_chat_error": error,
            "team_chat_writer": bool(own) and not row.is_over, "team_chat_over": row.is_over}


def team_chat_for_page(row: Game, user) -> dict:
    """What a game (or replay) page adds for the team chats: nothing outside team games."""
    return team_chat_context(row, user) if row.match.team else {}


@require_http_methods(["GET", "POST"])
def team_chat(request, game_id):
    row = get_object_or_404(Game.objects.select_related("match").prefetch_related(seats_prefetch()),
                            pk=game_id)
    if request.method == "POST":
        error = ""
        try:
            services.post_team_chat(row.pk, request.user, request.POST.get("text", ""))
        except services.NotAPlayer as refused:
            return HttpResponse(refused.message, status=403, content_type="text/plain")
        except services.ActionRefused as refused:
            error = refused.message
        if not request.htmx:
            if error:
                messages.error(request, error)
            return HttpResponse(status=303, headers={
                "Location": reverse("play:game", args=[row.pk]) + "#team-chat"})
        return render(request, f"{TEMPLATE}#team-chat-body", team_chat_context(row, request.user, error))
    ctx = team_chat_context(row, request.user)
    if not ctx:
        return HttpResponse("Only a team's members read its chat while the game is played.",
                            status=403, content_type="text/plain")
    after = request.GET.get("after")
    if after and after.isdigit() and int(after) >= ctx["team_chat_last"]:
        return HttpResponse(status=204)
    return render(request, f"{TEMPLATE}#team-chat-body", ctx)
