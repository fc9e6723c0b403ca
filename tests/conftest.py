"""Fixtures shared by every test folder."""

from __future__ import annotations

import os
import uuid

import pytest

from tests.support import service_unavailable, tcp_reachable


@pytest.fixture
def redis_url() -> str:
    url = os.environ.get("REDIS_URL", "")
    if not url:
        service_unavailable("Redis", "REDIS_URL is not set")
    if not tcp_reachable(url, 6379):
        service_unavailable("Redis", f"Redis not reachable at {url}")
    return url


@pytest.fixture(autouse=True)
def _isolated_cache(settings):
    """Each test gets its own cache keys on the configured backend (Redis under CI)."""
    caches = {alias: dict(conf) for alias, conf in settings.CACHES.items()}
    for conf in caches.values():
        conf["KEY_PREFIX"] = f"test-{uuid.uuid4().hex[:12]}"
    settings.CACHES = caches
    # Fast hashing in tests only: the site keeps Django's strong default.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


class PinnedChance:
    """Stands in for the ``secrets`` module of the services in the tests: the same draws on
    every run, from a generator seeded by the test's name."""

    def __init__(self, name: str):
        import hashlib
        import random
        self._rng = random.Random(hashlib.sha256(name.encode()).digest())

    def token_hex(self, nbytes: int = 32) -> str:
        return self._rng.getrandbits(nbytes * 8).to_bytes(nbytes, "big").hex()

    def randbits(self, k: int) -> int:
        return self._rng.getrandbits(k)

    def randbelow(self, n: int) -> int:
        return self._rng.randrange(n)

    def choice(self, seq):
        return self._rng.choice(seq)

    def __getattr__(self, name):               # compare_digest and the rest: the real ones
        import secrets
        return getattr(secrets, name)


@pytest.fixture(autouse=True)
def _pinned_chance(request, monkeypatch):
    """Every deal a test makes (a game's secret seed), a side drawn at random, Archie's
    search seed, a tie's die, a round's pairing seed and a self-play run's seed are drawn
    from a generator seeded by the test's name: a test that plays a game plays the same game
    on every run. (Worker
    processes started by a test draw for real.) A test that needs one particular deal still
    patches ``services.new_seed``."""
    from games import balance, services
    from tournaments import services as competition_services
    chance = PinnedChance(request.node.nodeid)
    monkeypatch.setattr(services, "secrets", chance)
    monkeypatch.setattr(competition_services, "secrets", chance)
    monkeypatch.setattr(balance, "secrets", chance)


@pytest.fixture(autouse=True)
def _tasks_run_inline():
    """In the tests (never in the running site), Celery tasks run in the calling process.

    Tests that need a real worker use ``send_task``, which always goes through the broker.
    """
    from battlecry_site.celery import app

    old = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = old


@pytest.fixture
def password() -> str:
    return "Gettysburg-1863!"


@pytest.fixture
def player(django_user_model, password):
    return django_user_model.objects.create_user("jeb", email="jeb@example.org", password=password)


@pytest.fixture
def celery_via_broker():
    """Undo ``_tasks_run_inline`` for a test that talks to a real worker."""
    from battlecry_site.celery import app

    app.conf.task_always_eager = False
    yield app


# Three club members for the play-by-web tests.
@pytest.fixture
def lee(django_user_model):
    return django_user_model.objects.create_user("lee", email="lee@example.org", password="x")


@pytest.fixture
def grant(django_user_model):
    return django_user_model.objects.create_user("grant", email="grant@example.org", password="x")


@pytest.fixture
def meade(django_user_model):
    return django_user_model.objects.create_user("meade", email="meade@example.org", password="x")
