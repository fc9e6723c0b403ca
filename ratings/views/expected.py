"""The expected result of a challenge, for the challenge form (refreshed by HTMX as the
opponent, scenario and rules are chosen)."""
from __future__ import annotations

from django.shortcuts import render

from ratings.expectation import for_challenge


def expected(request):
    get = request.GET
    ctx = {"expected": for_challenge(request.user, get.get("c-opponent", ""), get.get("c-scenario", ""),
                                     get.get("c-ruleset", ""))}
    return render(request, "ratings/_expected.html#expected", ctx)
