"""Archie's turns in a real Celery worker process (Redis broker, PostgreSQL database).

Required under CI=true; skipped elsewhere, naming the missing service.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.db import connection

from games import services
from games.models import Game, GameAction
from tests.play_helpers import make_scenario
from tests.services.test_services import stop_worker
from tests.support import service_unavailable

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]


def skirmish() -> dict:
    """A small open field: two infantry units and a general a side, close enough to fight."""
    def unit(side, col, row):
        return {"side": side, "kind": "infantry", "hex": {"col": col, "row": row}}
    return {
        "format": 1, "slug": "archie-skirmish", "name": "Archie skirmish", "dates": ["1862-06-01"],
        "sides": {"union": {"position": "bottom", "cards": 3, "flags": 4},
                  "confederate": {"position": "top", "cards": 3, "flags": 4}},
        "first_side": "union", "terrain": [],
        "units": [unit("union", 10, 6), unit("union", 14, 6),
                  unit("confederate", 10, 2), unit("confederate", 14, 2)],
        "generals": [{"side": "union", "hex": {"col": 12, "row": 8}},
                     {"side": "confederate", "hex": {"col": 12, "row": 0}}],
    }


def database_url() -> str:
    if connection.vendor != "postgresql":
        service_unavailable("PostgreSQL", "a worker process needs the test database on a server")
    s = connection.settings_dict
    return (f"postgres://{s['USER']}:{s['PASSWORD'] or ''}@{s['HOST'] or '127.0.0.1'}:"
            f"{s['PORT'] or 5432}/{s['NAME']}")


def start_worker(queue: str, env: dict, pool: str = "solo", include: str = "") -> subprocess.Popen:
    extra = ["--include", include] if include else []
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "battlecry_site", "worker", f"--pool={pool}",
         "--concurrency=1", "--loglevel=INFO", "-Q", queue, "-n", f"{queue}@%h",
         "--without-gossip", "--without-mingle", "--without-heartbeat", *extra],
        cwd=ROOT, env={**os.environ, "DJANGO_SETTINGS_MODULE": "battlecry_site.settings", **env},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


@pytest.fixture
def archie_queue(redis_url, celery_via_broker):
    """Every games task goes to a queue of this test's own."""
    app = celery_via_broker
    queue = f"test-archie-{uuid.uuid4().hex[:8]}"
    old = app.conf.task_routes
    reroute(app, {"games.*": {"queue": queue}})
    yield app, queue
    reroute(app, old)


def reroute(app, routes) -> None:
    """Set the task routes, dropping the router Celery built from the earlier ones."""
    app.conf.task_routes = routes
    app.amqp.flush_routes()
    app.amqp.__dict__.pop("router", None)


def worker_env(iterations: int, queue: str) -> dict:
    """The worker sends the tasks it queues (Archie's next step) to the test's queue too."""
    return {"REDIS_URL": os.environ["REDIS_URL"], "DATABASE_URL": database_url(), "DEBUG": "1",
            "ARCHIE_ITERATIONS": str(iterations), "CELERY_QUEUE": queue}


PASS = ("play_card", "confirm_orders", "end_movement", "end_turn")


def passing(legal: list) -> dict:
    return min(legal, key=lambda a: PASS.index(a["type"]) if a["type"] in PASS else 9)


def pass_the_turn(game, person):
    """The person plays a card and ends the turn without fighting."""
    game.refresh_from_db()
    side = game.side_of(person)
    while game.deciding == side:
        action = passing(services.load_engine(game).legal_actions())
        services.act(game.pk, person, action, game.version)
        game.refresh_from_db()


def seed_where_archie_must_choose(data: dict) -> int:
    """A seed under which Archie's first card, after the person passes, offers a choice (so
    its first decision is a search, not a forced step)."""
    from games.engine import Game as EngineGame, load_scenario
    sc = load_scenario(data)
    for seed in range(1, 1000):
        g = EngineGame.new(sc, options={"archie": "confederate"}, seed=seed)
        while g.active_side == "union":
            g.apply(passing(g.legal_actions()))
        if g.phase == "play_card" and len(g.legal_actions()) >= 2:
            return seed
    raise AssertionError("no such seed")


def wait_for_archie(game, archie_side, seconds=240) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        game.refresh_from_db()
        if game.is_over or (game.deciding and game.deciding != archie_side):
            return
        time.sleep(0.2)
    raise TimeoutError(f"Archie did not finish its turn (game at version {game.version}, "
                       f"{game.deciding} to {game.phase})")


def turn_log(game, side, turn_start_version):
    return list(GameAction.objects.filter(game=game, side=side, index__gt=turn_start_version)
                .order_by("index"))


def test_a_worker_plays_archies_turn_and_duplicates_apply_nothing(archie_queue, lee):
    app, queue = archie_queue
    worker = start_worker(queue, worker_env(40, queue))
    failure = None
    try:
        match = services.start_solo(lee, make_scenario(skirmish()), "veteran")
        game = match.games.get(number=1)
        pass_the_turn(game, lee)
        start = game.version                      # Archie's turn begins here
        # the task is delivered twice at once (a duplicate in the broker): one run plays the
        # whole turn, the other finds it played
        at_once = app.send_task("games.archie_move", args=[game.pk, start], queue=queue)
        wait_for_archie(game, "confederate")
        assert at_once.get(timeout=90) in (True, False)
        steps = turn_log(game, "confederate", start)
        assert len(steps) >= 2 and steps[0].action["type"] == "play_card"
        assert sum(1 for s in steps if s.action["type"] == "play_card") == 1
        assert all(s.actor.username == "archie" for s in steps)
        assert list(game.actions.values_list("index", flat=True)) == list(range(1, game.version + 1))
        # the turn's task sent again twice (a duplicate, a retry): nothing changes
        version = game.version
        again = [app.send_task("games.archie_move", args=[game.pk, start], queue=queue)
                 for _ in range(2)]
        assert [r.get(timeout=90) for r in again] == [False, False]
        game.refresh_from_db()
        assert game.version == version and game.actions.count() == version
    except Exception as e:  # noqa: BLE001 - reported with the worker's log
        failure = e
    finally:
        log = stop_worker(worker)
    if failure is not None:
        pytest.fail(f"{failure!r}; the worker's log:\n{log[-6000:]}")


def children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(x) for x in path.read_text().split()] if path.exists() else []


def test_a_worker_killed_mid_turn_keeps_what_was_applied_and_the_requeued_task_plays_on(
        archie_queue, lee, monkeypatch, tmp_path):
    """The process playing Archie's turn is killed (-9) during the search of its second
    decision: the first stays applied, nothing of the second is written, the message goes
    back to the queue (late acknowledgement, reject on a lost worker) and its next run plays
    the rest of the turn from there, applying no decision twice. The second search holds once
    it has begun (tests/services/archie_held.py), so the kill always lands mid-turn."""
    app, queue = archie_queue
    marker = tmp_path / "searching-pid"
    seed = seed_where_archie_must_choose(skirmish())
    monkeypatch.setattr(services, "new_seed", lambda: "0" * 32)
    monkeypatch.setattr(services, "engine_seed", lambda secret: seed)      # a deal where Archie must choose
    worker = start_worker(queue, {**worker_env(200, queue), "ARCHIE_HELD_MARKER": str(marker),
                                  "ARCHIE_HELD_AT": "2"},
                          pool="prefork", include="tests.services.archie_held")
    failure = None
    try:
        match = services.start_solo(lee, make_scenario(skirmish()), "general")
        game = match.games.get(number=1)
        pass_the_turn(game, lee)
        start = game.version
        deadline = time.monotonic() + 120
        while not marker.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert marker.exists(), "Archie's second search never began"
        searching = int(marker.read_text())
        assert searching != worker.pid and searching in children(worker.pid)
        game.refresh_from_db()
        assert game.version == start + 1 and services.archie_to_decide(game)   # the first applied
        first = turn_log(game, "confederate", start)[0]
        os.kill(searching, signal.SIGKILL)        # mid-turn: the second decision is not written
        game.refresh_from_db()
        assert game.version == start + 1
        wait_for_archie(game, "confederate", seconds=600)
        steps = turn_log(game, "confederate", start)
        assert (steps[0].pk, steps[0].action) == (first.pk, first.action)       # kept, not redone
        assert len(steps) >= 2 and sum(1 for s in steps if s.action["type"] == "play_card") == 1
        assert list(game.actions.values_list("index", flat=True)) == list(range(1, game.version + 1))
        assert Game.objects.get(pk=game.pk).version == game.version
        assert game.is_over or game.deciding == "union"                          # the game goes on
    except Exception as e:  # noqa: BLE001 - reported with the worker's log
        failure = e
    finally:
        log = stop_worker(worker)
    if failure is not None:
        pytest.fail(f"{failure!r}; the worker's log:\n{log[-6000:]}")
    assert "WorkerLostError" in log or "SIGKILL" in log or "signal 9" in log, log[-3000:]
