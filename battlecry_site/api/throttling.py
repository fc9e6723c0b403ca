"""Throttling: each token (or, for a session, each member) and each client address has its
own budget (``API_RATE_PER_TOKEN``, ``API_RATE_PER_ADDRESS``).  Counts live in the cache
(Redis in production, shared by every web process)."""
from __future__ import annotations

from rest_framework.throttling import SimpleRateThrottle

from accounts.models import ApiToken
from accounts.ratelimit import client_ip


class PerTokenThrottle(SimpleRateThrottle):
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


class PerAddressThrottle(SimpleRateThrottle):
    scope = "address"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": client_ip(request) or "unknown"}
