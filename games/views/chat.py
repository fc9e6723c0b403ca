"""The chat of a match: the two players' messages, shown on the game pages.

``GET`` gives the messages fragment (204 when nothing is newer than ``?after=<id>``, so the
page can poll it cheaply); ``POST`` sends a message through ``games.services.post_chat``.
Messages are plain text: the template escapes them.

Spectators (anyone who is not one of the two players) read the chat, without a box to write
in, only while both players let them (``share``: each player's consent, given or taken
back through ``games.services.share_chat``); otherwise they get no message at all.
"""
from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from games import services
from games.chat_unread import mark_read
from games.models import Match
from games.models.chat import chat_is_public

TEMPLATE = "games/chat.html"
SHOWN = 50


def chat_context(match: Match, user, error: str = "") -> dict:
    """The chat as ``user`` may see it: a player's, with the box and the sharing choice,
    or a spectator's, read-only (call only when ``may_read``)."""
    player = match.is_player(user)
    recent = list(match.chat.select_related("author__profile").order_by("-created", "-pk")[:SHOWN])
    recent.reverse()
    lines = [{"id": m.pk, "who": _name(m.author), "own": player and m.author_id == user.pk,
              "when": m.created, "text": m.text} for m in recent]
    shared = set(match.chat_shares.values_list("player_id", flat=True))
    return {"chat_match": match, "chat_lines": lines, "chat_error": error,
            "chat_url": reverse("play:chat", args=[match.pk]),
            "chat_share_url": reverse("play:chat_share", args=[match.pk]),
            "chat_last": lines[-1]["id"] if lines else 0, "chat_player": player,
            "chat_public": (chat_is_public(match) if match.team
                            else {match.challenger_id, match.opponent_id} <= shared),
            "chat_you_share": player and user.pk in shared,
            "chat_other_shares": player and bool(shared - {user.pk})}


def may_read(match: Match, user) -> bool:
    return match.is_player(user) or chat_is_public(match)


def chat_for_page(match: Match, user) -> dict:
    """What a game page adds for its chat: nothing for a viewer who may not read it."""
    return chat_context(match, user) if may_read(match, user) else {}


def _name(user) -> str:
    profile = getattr(user, "profile", None)
    return profile.name if profile else user.get_username()


def _back(match: Match) -> HttpResponse:
    """Back to the match's game page (its chat), after a form sent without JavaScript."""
    game = match.current_game()
    response = HttpResponse(status=303)
    response["Location"] = (reverse("play:game", args=[game.pk]) if game
                            else reverse("play:match", args=[match.pk])) + "#chat"
    return response


@require_http_methods(["GET", "POST"])
def match_chat(request, match_id):
    match = get_object_or_404(Match, pk=match_id)
    if request.method == "POST":
        if not match.is_player(request.user):
            return HttpResponse("Only the two players of this match can write in its chat.",
                                status=403, content_type="text/plain")
        error = ""
        try:
            services.post_chat(match.pk, request.user, request.POST.get("text", ""))
        except services.ActionRefused as refused:
            error = refused.message
        if not request.htmx:
            if error:
                messages.error(request, error)
            return _back(match)
        ctx = chat_context(match, request.user, error)
        mark_read(match, request.user, ctx["chat_last"])
        response = render(request, f"{TEMPLATE}#chat-body", ctx)
        if not error:
            response["HX-Trigger"] = "chat-sent"
        return response
    if not may_read(match, request.user):
        if request.htmx:        # a spectator's page polling a chat that is no longer shared
            return render(request, f"{TEMPLATE}#chat-body", {"chat_closed": True})
        return HttpResponse("Only the two players of this match can read its chat, unless both "
                            "let spectators read it.", status=403, content_type="text/plain")
    after = request.GET.get("after")
    if after and after.isdigit() and not match.chat.filter(pk__gt=int(after)).exists():
        return HttpResponse(status=204)
    ctx = chat_context(match, request.user)
    mark_read(match, request.user, ctx["chat_last"])      # the new lines are on the page now
    return render(request, f"{TEMPLATE}#chat-body", ctx)


@require_POST
def match_chat_share(request, match_id):
    """A player lets spectators read the chat (``share=yes``) or stops letting them."""
    match = get_object_or_404(Match, pk=match_id)
    try:
        services.share_chat(match.pk, request.user, request.POST.get("share") == "yes")
    except services.NotAPlayer as refused:
        return HttpResponse(refused.message, status=403, content_type="text/plain")
    if not request.htmx:
        return _back(match)
    return render(request, f"{TEMPLATE}#chat", chat_context(match, request.user))
