"""Throttling: each token (or, for a session, each member) and each client address has its
own budget (``API_RATE_PER_TOKEN``, ``API_RATE_PER_ADDRESS``), counted in fixed windows of
the rate's period (an hour by default).

Each request is counted atomically before it is let through (accounts/request_counts.py:
Redis ``INCR``, or a database row while Redis is unreachable), so a burst of simultaneous
requests gets no more than the budget, and an outage of Redis does not lift it."""
from __future__ import annotations

import math
import time

from rest_framework.throttling import SimpleRateThrottle

from accounts import request_counts
from accounts.models import ApiToken
from accounts.ratelimit import client_ip


class CountedThrottle(SimpleRateThrottle):
    """DRF's rate throttle, counting in fixed windows with an atomic counter instead of
    reading, extending and writing back a list of times (which lets simultaneous requests
    all through)."""

    def allow_request(self, request, view):
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.now = time.time()
        window = int(self.now // self.duration)
        self.window_ends = (window + 1) * self.duration
        count = request_counts.hit(f"{self.key}:{self.duration}:{window}", self.duration)
        return count <= self.num_requests

    def wait(self):
        return max(1, math.ceil(self.window_ends - self.now))


class PerTokenThrottle(CountedThrottle):
    scope = "token"

    def get_cache_key(self, request, view):
        token = request.auth
        if isinstance(token, ApiToken):
            ident = f"t{token.pk}"
        elif request.user and request.user.is_authenticated:
            ident = f"u{request.user.pk}"
        else:
            return None                 # anonymous: only the address budget applies
        return self.cache_format % {"scope": self.scope, "ident": ident}


class PerAddressThrottle(CountedThrottle):
    scope = "address"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": client_ip(request) or "unknown"}
