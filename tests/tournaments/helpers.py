"""Helpers for the league tests: a club, its members, a competition, finishing web matches."""
from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from games import services as game_services
from tests.play_helpers import make_scenario
from tournaments import services
from tournaments.models import Competition


def make_club(organiser, members=(), name="Gettysburg Gamers", public=False):
    club = services.create_club(organiser, name, public=public)
    for m in members:
        services.join_by_invitation(club, m, club.invite_token)
    return club


def make_players(n, prefix="p"):
    User = get_user_model()
    return [User.objects.create_user(f"{prefix}{i}", email=f"{prefix}{i}@example.org", password="x")
            for i in range(1, n + 1)]


def make_competition(club, organiser, players=(), **terms):
    scenario = terms.pop("scenario", None) or make_scenario()
    defaults = {"name": "Spring league", "scenarios": (scenario,)}
    defaults.update(terms)
    comp = services.create_competition(club, organiser, services.Terms(**defaults))
    for p in players:
        services.add_player(comp, organiser, p)
    return comp


def finish_web_match(match):
    """Play a web match out through the services: in each game the player not to move
    claims it when the mover's time has run out (the clock is moved on by the test)."""
    for number in (1, 2):
        game = match.games.get(number=number)
        game.deadline = timezone.now() - timedelta(minutes=1)
        game.save(update_fields=["deadline"])
        waiting = game.player_of("confederate" if game.deciding == "union" else "union")
        game_services.claim_timeout(game.pk, waiting, game.version)
    match.refresh_from_db()
    return match


__all__ = ["Competition", "finish_web_match", "make_club", "make_competition", "make_players"]
