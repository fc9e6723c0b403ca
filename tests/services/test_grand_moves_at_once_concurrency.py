"""Two members act at the same moment on different seats of Grand Battle Cry's move step
(ruling G11): both actions are applied, one after the other, none lost, the versions
consecutive, each recorded as its own seat's.

This needs PostgreSQL, whose row locks (SELECT ... FOR UPDATE) serialise the two: it is
required under CI=true and skipped elsewhere with the reason.
"""
from __future__ import annotations

import os
import threading

import pytest
from django.db import connection

from games import services
from games.models import Game
from tests.grand_moving import grand_game_moving_at_once, grand_members, moves_of
from tests.support import service_unavailable

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_two_members_moving_at_the_same_moment_are_both_applied(django_user_model, monkeypatch):
    if connection.vendor != "postgresql":
        service_unavailable("PostgreSQL", "the simultaneous-moves test needs row locks; "
                            f"DATABASE_URL is {os.environ.get('DATABASE_URL') or 'unset'}")
    members = grand_members(django_user_model)
    game = grand_game_moving_at_once(members, monkeypatch)
    first, second = game.deciding_seats[:2]
    drawn = game.version
    actions = {seat: next(a for a in moves_of(game, seat) if a["type"] == "move")
               for seat in (first, second)}
    start = threading.Barrier(2)
    results: dict[str, str] = {}
    lock = threading.Lock()

    def submit(seat):
        try:
            start.wait()
            try:
                services.act(game.pk, members[seat], actions[seat], drawn)
                outcome = "applied"
            except Exception as e:  # noqa: BLE001 - reported below
                outcome = f"error: {e!r}"
            with lock:
                results[seat] = outcome
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(seat,)) for seat in (first, second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert results == {first: "applied", second: "applied"}, results
    game = Game.objects.get(pk=game.pk)
    assert game.version == drawn + 2
    steps = list(game.actions.filter(index__gt=drawn).order_by("index"))
    assert [a.index for a in steps] == [drawn + 1, drawn + 2]
    assert {a.seat: a.action for a in steps} == actions
    # the state holds both moves: each unit stands where its Field General sent it
    engine = services.load_engine(game)
    for action in actions.values():
        to = engine.hex_of(action["to"])
        assert engine.pieces.unit_at[to] == action["unit"]
