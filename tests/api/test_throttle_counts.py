"""The API's request budget holds under a burst of simultaneous calls, and while Redis is
unreachable (the count then goes to the database)."""
from __future__ import annotations

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from accounts.models import RequestCount
from accounts.tokens import create_token
from tests.api.test_conventions import low_rates
from tests.support import service_unavailable

BURST = 40
LIMIT = 30
#: Nothing listens here: the cache answers as Redis does when it is down.
UNREACHABLE_REDIS = {"default": {"BACKEND": "battlecry_site.cache.ForgivingRedisCache",
                                 "LOCATION": "redis://127.0.0.1:1/0", "KEY_PREFIX": "down",
                                 "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}}


def burst(secret: str) -> list[int]:
    """BURST calls with one token, all released at once; their status codes."""
    start = threading.Barrier(BURST)
    answers: list[int] = []

    def call() -> None:
        try:
            client = APIClient()
            client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
            start.wait()
            answers.append(client.get("/api/v1/me/").status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=call) for _ in range(BURST)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return answers


def needs_postgresql() -> None:
    if connection.vendor != "postgresql":
        service_unavailable("PostgreSQL", "simultaneous API calls need a database server")


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_simultaneous_calls_never_exceed_the_budget_counted_in_redis(monkeypatch, lee, redis_url):
    needs_postgresql()
    low_rates(monkeypatch, token=f"{LIMIT}/hour", address="1000/hour")
    _, secret = create_token(lee, "burst", "read")
    answers = burst(secret)
    assert len(answers) == BURST
    assert answers.count(200) == LIMIT and answers.count(429) == BURST - LIMIT
    assert not RequestCount.objects.exists()             # Redis counted them


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_simultaneous_calls_never_exceed_the_budget_while_redis_is_down(monkeypatch, settings, lee):
    needs_postgresql()
    settings.CACHES = UNREACHABLE_REDIS
    low_rates(monkeypatch, token=f"{LIMIT}/hour", address="1000/hour")
    _, secret = create_token(lee, "burst", "read")
    answers = burst(secret)
    assert len(answers) == BURST
    assert answers.count(200) == LIMIT and answers.count(429) == BURST - LIMIT


@pytest.mark.django_db
def test_the_budget_holds_while_redis_is_down(monkeypatch, settings, lee):
    settings.CACHES = UNREACHABLE_REDIS
    low_rates(monkeypatch, token="3/hour")
    _, secret = create_token(lee, "one", "read")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert [client.get("/api/v1/me/").status_code for _ in range(3)] == [200, 200, 200]
    refused = client.get("/api/v1/me/")
    assert refused.status_code == 429 and refused.json()["code"] == "throttled"
    assert 0 < int(refused["Retry-After"]) <= 3600


@pytest.mark.django_db
def test_counts_of_windows_that_are_over_are_pruned(monkeypatch, settings, lee):
    from accounts.tasks import prune_throttles
    settings.CACHES = UNREACHABLE_REDIS
    low_rates(monkeypatch, token="3/second")
    _, secret = create_token(lee, "one", "read")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    client.get("/api/v1/me/")
    assert RequestCount.objects.exists()
    RequestCount.objects.update(expires="2000-01-01T00:00:00Z")
    prune_throttles()
    assert not RequestCount.objects.exists()
