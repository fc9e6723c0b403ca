"""Ten identical submissions at once (a double click, two tabs) make exactly one action.

This needs PostgreSQL, whose row locks (SELECT ... FOR UPDATE) serialise the submissions:
it is required under CI=true and skipped elsewhere with the reason.
"""
from __future__ import annotations

import os
import threading

import pytest
from django.db import connection

from games import services
from games.models import GameAction
from tests.play_helpers import start_match
from tests.support import service_unavailable

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
SUBMISSIONS = 10


def test_ten_concurrent_identical_submissions_make_one_action(django_user_model):
    if connection.vendor != "postgresql":
        service_unavailable("PostgreSQL", "the double-submit test needs row locks; DATABASE_URL is "
                            f"{os.environ.get('DATABASE_URL') or 'unset'}")
    lee = django_user_model.objects.create_user("lee")
    grant = django_user_model.objects.create_user("grant")
    _, game = start_match(lee, grant, side="union")
    engine = services.load_engine(game)
    action = {"type": "play_card", "card": engine.hands["union"][0], "mode": "skirmish"}

    start = threading.Barrier(SUBMISSIONS)
    results: list[str] = []
    lock = threading.Lock()

    def submit():
        try:
            start.wait()
            try:
                services.act(game.pk, lee, action, 0)
                outcome = "applied"
            except services.StaleVersion:
                outcome = "stale"
            except Exception as e:  # noqa: BLE001 - reported below
                outcome = f"error: {e!r}"
            with lock:
                results.append(outcome)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(SUBMISSIONS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert sorted(results) == ["applied"] + ["stale"] * (SUBMISSIONS - 1), results
    game.refresh_from_db()
    assert game.version == 1
    assert GameAction.objects.filter(game=game).count() == 1
