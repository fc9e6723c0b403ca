"""The chat of a match: the two players' messages, shown on the game pages.

``GET`` gives the messages fragment (204 when nothing is newer than ``?after=<id>``, so the
page can poll it cheaply); ``POST`` sends a message through ``games.services.post_chat``.
Messages are plain text: the template escapes them.
"""
from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from games import services
from games.models import Match

TEMPLATE = "games/chat.html"
SHOWN = 50


def chat_context(match: Match, user, error: str = "") -> dict:
    recent = list(match.chat.select_related("author__profile").order_by("-created", "-pk")[:SHOWN])
    recent.reverse()
    lines = [{"id": m.pk, "who": _name(m.author), "own": m.author_id == user.pk,
              "when": m.created, "text": m.text} for m in recent]
    return {"chat_match": match, "chat_lines": lines, "chat_error": error,
            "chat_url": reverse("play:chat", args=[match.pk]),
            "chat_last": lines[-1]["id"] if lines else 0}


def _name(user) -> str:
    profile = getattr(user, "profile", None)
    return profile.name if profile else user.get_username()


@require_http_methods(["GET", "POST"])
def match_chat(request, match_id):
    match = get_object_or_404(Match, pk=match_id)
    if not match.is_player(request.user):
        return HttpResponse("Only the two players of this match can read its chat.", status=403,
                            content_type="text/plain")
    error = ""
    if request.method == "POST":
        try:
            services.post_chat(match.pk, request.user, request.POST.get("text", ""))
        except services.ActionRefused as refused:
            error = refused.message
        if not request.htmx:
            if error:
                messages.error(request, error)
            game = match.current_game()
            response = HttpResponse(status=303)
            response["Location"] = (reverse("play:game", args=[game.pk]) if game
                                    else reverse("play:match", args=[match.pk])) + "#chat"
            return response
        response = render(request, f"{TEMPLATE}#chat-body", chat_context(match, request.user, error))
        if not error:
            response["HX-Trigger"] = "chat-sent"
        return response
    after = request.GET.get("after")
    if after and after.isdigit() and not match.chat.filter(pk__gt=int(after)).exists():
        return HttpResponse(status=204)
    return render(request, f"{TEMPLATE}#chat-body", chat_context(match, request.user))
