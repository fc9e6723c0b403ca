"""The header's count of what waits for the member, kept up to date by the game page's HTMX
answers: the page says the count it shows (the ``X-Turn-Count`` header, sent by
static/js/play.js), and an answer that changes it carries the new count as an out-of-band
swap of ``#turn-count``."""
from __future__ import annotations

from django.http import HttpResponse
from django.template.loader import render_to_string

from games.context_processors import waiting_count

HEADER = "X-Turn-Count"


def with_turn_count(request, response: HttpResponse) -> HttpResponse:
    """``response`` with the header count swapped in, when it differs from the page's."""
    shown = request.headers.get(HEADER)
    user = getattr(request, "user", None)
    if shown is None or not request.htmx or user is None or not user.is_authenticated:
        return response
    count = waiting_count(user)
    if shown.strip() != str(count):
        response.content += render_to_string("base.html#turn-count",
                                             {"your_turn_count": count, "oob": True}).encode()
    return response
