"""Play-by-web tasks in a real Celery worker process (Redis broker, PostgreSQL database).

Required under CI=true; skipped elsewhere, naming the missing service.
"""
from __future__ import annotations

import uuid

import pytest
from django.db import connection

from games.models import Game, GameAction
from tests.play_helpers import set_state, start_match
from tests.services.test_services import start_worker, stop_worker
from tests.support import service_unavailable

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_worker_ends_a_game_by_nightfall_exactly_once(redis_url, celery_via_broker, django_user_model):
    if connection.vendor != "postgresql":
        service_unavailable("PostgreSQL", "a worker process needs the test database on a server")
    from games import services

    lee = django_user_model.objects.create_user("lee")
    grant = django_user_model.objects.create_user("grant")
    _, game = start_match(lee, grant, options={"nightfall": True}, side="union")
    engine = services.load_engine(game)
    engine.hands["union"] = []
    engine.decisions.pending = [{"do": "nightfall", "side": None}]
    set_state(game, engine)

    s = connection.settings_dict
    database_url = (f"postgres://{s['USER']}:{s['PASSWORD'] or ''}@{s['HOST'] or '127.0.0.1'}:"
                    f"{s['PORT'] or 5432}/{s['NAME']}")
    queue = f"test-{uuid.uuid4().hex[:8]}"
    worker = start_worker(queue, {"REDIS_URL": redis_url, "DATABASE_URL": database_url, "DEBUG": "1"})
    app = celery_via_broker
    results, failure = None, None
    try:
        first = app.send_task("games.nightfall_check", args=[game.pk, game.version], queue=queue)
        again = app.send_task("games.nightfall_check", args=[game.pk, game.version], queue=queue)
        sweep = app.send_task("games.nightfall_sweep", queue=queue)
        results = [first.get(timeout=90), again.get(timeout=90), sweep.get(timeout=90)]
    except Exception as e:  # noqa: BLE001 - reported with the worker's log
        failure = e
    finally:
        log = stop_worker(worker)
    if failure is not None:
        pytest.fail(f"the worker did not answer ({failure!r}); its log:\n{log}")
    assert results == [True, False, 0], log
    game.refresh_from_db()
    assert game.is_over and game.outcome["reason"].startswith("nightfall")
    assert GameAction.objects.filter(game=game, action={"type": "end_by_nightfall"}).count() == 1
    assert Game.objects.get(pk=game.pk).version == game.version


def test_a_task_whose_worker_process_is_killed_runs_again_and_applies_once(
        redis_url, celery_via_broker, django_user_model, tmp_path):
    """The process running a task dies (killed, out of memory): the task goes back to the
    queue, runs again in a fresh process, and the game still ends exactly once."""
    if connection.vendor != "postgresql":
        service_unavailable("PostgreSQL", "a worker process needs the test database on a server")
    import os
    import signal
    import time

    from games import services

    lee = django_user_model.objects.create_user("lee")
    grant = django_user_model.objects.create_user("grant")
    _, game = start_match(lee, grant, options={"nightfall": True}, side="union")
    engine = services.load_engine(game)
    engine.hands["union"] = []
    engine.decisions.pending = [{"do": "nightfall", "side": None}]
    set_state(game, engine)

    s = connection.settings_dict
    database_url = (f"postgres://{s['USER']}:{s['PASSWORD'] or ''}@{s['HOST'] or '127.0.0.1'}:"
                    f"{s['PORT'] or 5432}/{s['NAME']}")
    queue = f"test-{uuid.uuid4().hex[:8]}"
    marker = tmp_path / "first-run-pid"
    worker = start_worker(queue, {"REDIS_URL": redis_url, "DATABASE_URL": database_url, "DEBUG": "1"},
                          pool="prefork", include="tests.services.worker_tasks")
    app = celery_via_broker
    result, failure = None, None
    try:
        sent = app.send_task("tests.nightfall_check_killed_once",
                             args=[game.pk, game.version, str(marker)], queue=queue)
        deadline = time.time() + 90
        while not marker.exists() and time.time() < deadline:
            time.sleep(0.2)
        assert marker.exists(), "the task never started"
        os.kill(int(marker.read_text()), signal.SIGKILL)     # mid-task, nothing committed
        result = sent.get(timeout=90)
    except Exception as e:  # noqa: BLE001 - reported with the worker's log
        failure = e
    finally:
        log = stop_worker(worker)
    if failure is not None:
        pytest.fail(f"the task did not run again ({failure!r}); the worker's log:\n{log}")
    assert result is True, log
    game.refresh_from_db()
    assert game.is_over and game.outcome["reason"].startswith("nightfall")
    assert GameAction.objects.filter(game=game, action={"type": "end_by_nightfall"}).count() == 1
