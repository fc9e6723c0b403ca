"""The real services: PostgreSQL, Redis and a Celery worker process.

With CI=true they are required (a missing one fails the run); elsewhere the tests skip,
naming the service that is missing. The embedded broker test needs no server and always runs.
"""

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from celery import Celery
from django.db import connection

from tests.support import CI, service_unavailable

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.services


# --- PostgreSQL -----------------------------------------------------------------------------


@pytest.mark.django_db
def test_database_is_postgresql_under_ci():
    if not CI and connection.vendor != "postgresql":
        service_unavailable(
            "PostgreSQL", f"not in use (DATABASE_URL is {os.environ.get('DATABASE_URL') or 'unset'})"
        )
    assert connection.vendor == "postgresql"


@pytest.mark.django_db(transaction=True)
def test_postgresql_locks_rows_for_game_moves(django_user_model):
    """The move protocol relies on SELECT ... FOR UPDATE; check it really runs on PostgreSQL."""
    if connection.vendor != "postgresql":
        service_unavailable(
            "PostgreSQL", f"not in use (DATABASE_URL is {os.environ.get('DATABASE_URL') or 'unset'})"
        )
    from django.db import transaction

    user = django_user_model.objects.create_user("meade")
    with transaction.atomic():
        locked = django_user_model.objects.select_for_update(nowait=True).get(pk=user.pk)
        assert locked.username == "meade"
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        assert cursor.fetchone()[0]


# --- Redis ----------------------------------------------------------------------------------


def test_redis_serves_the_cache_and_the_rate_limit(redis_url, settings):
    import redis
    from django.core.cache import cache

    assert redis.Redis.from_url(redis_url).ping()
    assert settings.CACHES["default"]["BACKEND"] == "battlecry_site.cache.ForgivingRedisCache"
    cache.set("bc-probe", {"flags": 6}, timeout=30)
    assert cache.get("bc-probe") == {"flags": 6}
    assert settings.CELERY_BROKER_URL == redis_url


# --- A real Celery worker -----------------------------------------------------------------


def start_worker(queue: str, env: dict, pool: str = "solo", include: str = "") -> subprocess.Popen:
    """A worker process on its own queue (``pool="prefork"``: one child process that runs
    the tasks, as in production; ``include``: extra task modules to load)."""
    extra = ["--concurrency=1"] if pool == "prefork" else []
    if include:
        extra += ["--include", include]
    return subprocess.Popen(
        [
            sys.executable, "-m", "celery", "-A", "battlecry_site", "worker",
            f"--pool={pool}", "--loglevel=INFO", "-Q", queue, "-n", f"{queue}@%h",
            "--without-gossip", "--without-mingle", "--without-heartbeat", *extra,
        ],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "battlecry_site.settings", **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def stop_worker(worker: subprocess.Popen) -> str:
    worker.terminate()
    try:
        out, _ = worker.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        worker.kill()
        out, _ = worker.communicate()
    return out


def ping_through(app: Celery, queue: str, worker: subprocess.Popen) -> str:
    token = uuid.uuid4().hex
    result = app.send_task("battlecry_site.ping", args=[token], queue=queue)
    try:
        value = result.get(timeout=90)
    except Exception:
        log = stop_worker(worker)
        pytest.fail(f"the worker did not answer; its log:\n{log}")
    assert value == token
    assert result.successful()
    return token


def test_a_worker_process_runs_a_task_sent_through_redis(redis_url, celery_via_broker):
    app = celery_via_broker
    assert app.conf.broker_url == redis_url
    queue = f"test-{uuid.uuid4().hex[:8]}"
    worker = start_worker(queue, {"REDIS_URL": redis_url})
    try:
        ping_through(app, queue, worker)
    finally:
        log = stop_worker(worker)
    assert "redis://" in log
    assert "battlecry_site.ping" in log


def test_a_worker_process_runs_a_task_on_the_embedded_broker(tmp_path):
    """The no-server default that the run command uses: a broker and results on disk."""
    data = tmp_path / "data"
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    queue = f"test-{uuid.uuid4().hex[:8]}"
    worker = subprocess.Popen(
        [
            sys.executable, "-m", "celery", "-A", "battlecry_site", "worker",
            "--pool=solo", "--loglevel=INFO", "-Q", queue,
            "--without-gossip", "--without-mingle", "--without-heartbeat",
        ],
        cwd=ROOT,
        env={**env, "DATA_DIR": str(data), "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "battlecry_site.settings"},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.time() + 60
        while not (data / "celery" / "broker").is_dir() and time.time() < deadline:
            time.sleep(0.2)
        broker = str(data / "celery" / "broker")
        app = Celery(
            "sender",
            broker="filesystem://localhost//",
            backend="file://" + str(data / "celery" / "results"),
            broker_transport_options={
                "data_folder_in": broker,
                "data_folder_out": broker,
                "control_folder": str(data / "celery" / "control"),
            },
        )
        ping_through(app, queue, worker)
    finally:
        log = stop_worker(worker)
    assert "filesystem://" in log
