"""The site's cache on Redis, which treats an unreachable Redis as an empty cache.

Everything the site caches (the game log per version, the game fragment per viewpoint,
replay checkpoints, league standings) can be worked out again,
so a Redis outage must cost time, never a page: a read answers "not cached", a write is
dropped, and a warning is logged.  Short socket timeouts keep an unreachable host from
holding a request up.
"""
from __future__ import annotations

import logging

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

#: The errors that mean Redis cannot be reached (not a bug in how it is used).
UNREACHABLE = (RedisConnectionError, RedisTimeoutError)


def _warn(operation: str, exc: Exception) -> None:
    log.warning("cache %s skipped: Redis is unreachable (%s)", operation, exc)


class KeptClientRedisCacheClient(RedisCacheClient):
    """Django's Redis cache client, which keeps one ``redis.Redis`` per connection pool
    instead of making one for every cache call (each one builds its table of ~170 reply
    callbacks: about a millisecond of CPU per page).  ``redis.Redis`` on a pool is safe to
    share between threads."""

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        kept = self.__dict__.setdefault("_kept_clients", {})
        client = kept.get(id(pool))
        if client is None or client.connection_pool is not pool:
            client = kept[id(pool)] = self._client(connection_pool=pool)
        return client


class ForgivingRedisCache(RedisCache):
    """Django's Redis cache, answering as an empty cache while Redis is unreachable."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = KeptClientRedisCacheClient

    def get(self, key, default=None, version=None):
        try:
            return super().get(key, default, version)
        except UNREACHABLE as exc:
            _warn("read", exc)
            return default

    def has_key(self, key, version=None):
        try:
            return super().has_key(key, version)
        except UNREACHABLE as exc:
            _warn("read", exc)
            return False

    def get_many(self, keys, version=None):
        try:
            return super().get_many(keys, version)
        except UNREACHABLE as exc:
            _warn("read", exc)
            return {}

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            super().set(key, value, timeout, version)
        except UNREACHABLE as exc:
            _warn("write", exc)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().set_many(data, timeout, version)
        except UNREACHABLE as exc:
            _warn("write", exc)
            return list(data)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().add(key, value, timeout, version)
        except UNREACHABLE as exc:
            _warn("write", exc)
            return False

    def delete(self, key, version=None):
        try:
            return super().delete(key, version)
        except UNREACHABLE as exc:
            _warn("delete", exc)
            return False
