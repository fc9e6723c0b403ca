"""A new member's first steps: the welcome page, and the guided first game against Archie
it offers (one click: a small battle, Archie at its easiest, a hint for each step)."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games import services

from .play import see_other


@login_required
def welcome(request):
    """Where sign-up lands: the guided first game, and the other ways in."""
    return render(request, "games/welcome.html", {
        "scenario": services.first_game_scenario(), "level": services.GUIDED_LEVEL,
    })


@require_POST
def first_game(request):
    """Start the guided first game and open it."""
    if not request.user.is_authenticated:
        return see_other(f"{reverse('login')}?next={reverse('welcome')}")
    try:
        match = services.start_guided(request.user)
    except services.ActionRefused as refused:
        messages.error(request, refused.message)
        return see_other(reverse("welcome"))
    messages.success(request, "Your first game against Archie is on: you move first. "
                              "Follow the hint above the board.")
    return see_other(match.current_game().get_absolute_url())
