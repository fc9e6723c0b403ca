"""Helpers of the team-game tests: four members at a toy team table."""
from __future__ import annotations

import random

from games import services
from games.models import Scenario

from .pages import TOY_FILE


def toy_scenario() -> Scenario:
    """The toy's scenario as a catalogue row (as the import page would make it)."""
    row = Scenario.objects.filter(slug=TOY_FILE["slug"]).first()
    if row is None:
        row = Scenario(data=TOY_FILE, format="toy")
        row.fill_from_data()
        row.save()
    return row


def four_members(django_user_model, lee, grant, meade) -> dict:
    """lee and meade for union-1 and union-2, grant and a fourth member for the confederates."""
    hood = django_user_model.objects.create_user("hood", email="hood@example.org", password="x")
    return {"union-1": lee, "confederate-1": grant, "union-2": meade, "confederate-2": hood}


def seated_table(members: dict, options=None):
    """A toy team table opened by the holder of union-1, each seat taken by its member:
    the match, its game 1 started."""
    host = members["union-1"]
    match = services.open_table(host, toy_scenario(), ruleset="toy", seat="union-1",
                                options=options or {"turns": 4})
    for seat, member in members.items():
        if seat != "union-1" and member is not None:
            services.take_table_seat(match.pk, member, seat)
    match.refresh_from_db()
    return match


def play_random_steps(game, steps: int, seed: int) -> None:
    """``steps`` random legal actions by the members deciding (through the services)."""
    rng = random.Random(seed)
    for _ in range(steps):
        game.refresh_from_db()
        if game.is_over:
            return
        engine = services.load_engine(game)
        services.act(game.pk, game.deciding_player, rng.choice(engine.legal_actions()), game.version)
