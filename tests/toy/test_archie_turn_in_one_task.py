"""Archie's task goes on while the deciding seat is any of Archie's: in the toy, where the
person's second seat has no piece and is skipped, Archie's two seats decide one after the
other, and one task plays both."""
from __future__ import annotations

import datetime as dt
import random

import pytest

from games import services, tasks
from games.models import GameAction, Scenario

from .rules import SCENARIO

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick_archie(settings):
    settings.ARCHIE_ITERATIONS = 8


def one_union_seat() -> Scenario:
    """Crossroads with every union piece under union-1: union-2 is skipped each round."""
    pieces = [dict(p, seat="union-1") if p["seat"].startswith("union") else p for p in SCENARIO["pieces"]]
    return Scenario.objects.create(format="toy", slug="crossroads-one-seat", name="Crossroads, one seat",
                                   data=dict(SCENARIO, slug="crossroads-one-seat", pieces=pieces),
                                   date=dt.date(1863, 7, 1), anniversary=701)


def test_one_task_plays_archies_two_seats_in_turn(lee):
    match = services.start_solo(lee, one_union_seat(), "veteran", ruleset="toy", options={"turns": 4})
    game = match.games.get(number=1)
    assert {s.name for s in game.seat_rows() if s.is_archie} == {"confederate-1", "confederate-2"}
    rng = random.Random(3)
    for _round in range(2):
        game.refresh_from_db()
        assert game.deciding == "union-1"
        services.act(game.pk, lee, services.load_engine(game).sample_action(rng), game.version)
        game.refresh_from_db()
        start = game.version
        assert game.deciding == "confederate-1"
        assert tasks.archie_move(game.pk, start) is True          # one task for both seats
        game.refresh_from_db()
        steps = GameAction.objects.filter(game=game, index__gt=start).order_by("index")
        assert {s.actor.username for s in steps} == {"archie"}
        assert [s.events[0]["seat"] for s in steps] == ["confederate-1", "confederate-2"]   # who acted
        assert tasks.archie_move(game.pk, start) is False         # a duplicate: nothing
        if game.is_over:
            break
