"""Counting API requests per client and window, atomically, Redis or no Redis.

Each request adds one to the count of its client's current window and learns the new
count in the same step, so simultaneous requests can never all read "one left": in Redis
an ``INCR`` (with the key's expiry, in one MULTI/EXEC), and while Redis is unreachable (or
on the embedded local run, whose file cache cannot count atomically) one ``UPDATE ... SET
n = n + 1`` on the client's :class:`~accounts.models.RequestCount` row, read back under
that row's lock.  A Redis outage therefore never lifts the limit.
"""
from __future__ import annotations

import hashlib
import logging
from datetime import timedelta

from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from battlecry_site.cache import UNREACHABLE

from .models import RequestCount

log = logging.getLogger(__name__)


def hit(key: str, seconds: int) -> int:
    """Count one request at ``key`` (a client and window, unique to that window) and return
    the window's count, this request included. ``seconds``: how long the window lasts."""
    if len(key) > 150:                        # an address from X-Forwarded-For can be long
        key = "sha256:" + hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()
    cache = caches["default"]
    if isinstance(cache, RedisCache):
        try:
            return _redis_hit(cache, key, seconds)
        except UNREACHABLE as exc:
            log.warning("API request counted in the database: Redis is unreachable (%s)", exc)
    return _database_hit(key, seconds)


def _redis_hit(cache: RedisCache, key: str, seconds: int) -> int:
    redis_key = cache.make_and_validate_key(key)
    client = cache._cache.get_client(redis_key, write=True)
    pipe = client.pipeline(transaction=True)
    pipe.incr(redis_key)
    pipe.expire(redis_key, seconds + 1)
    count, _ = pipe.execute()
    return int(count)


def _database_hit(key: str, seconds: int) -> int:
    expires = timezone.now() + timedelta(seconds=seconds + 1)
    with transaction.atomic():
        RequestCount.objects.bulk_create([RequestCount(key=key, expires=expires)], ignore_conflicts=True)
        rows = RequestCount.objects.filter(key=key)
        rows.update(n=F("n") + 1)             # holds the row's lock until the count is read
        return rows.values_list("n", flat=True).get()


def prune() -> int:
    """Delete the counts of windows that are over; the number deleted."""
    return RequestCount.objects.filter(expires__lt=timezone.now()).delete()[0]
