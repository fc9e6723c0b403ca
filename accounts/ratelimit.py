"""Login rate limit: LOGIN_FAILURE_LIMIT failures per username and client address within
LOGIN_FAILURE_WINDOW seconds lock that pair out until the oldest failure leaves the window.

The failures are kept in the cache (Redis in production), so every web process shares them.
"""

from __future__ import annotations

import hashlib
import math
import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache


def client_ip(request) -> str:
    if settings.USE_X_FORWARDED_FOR:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded:
            return forwarded.split(",")[0].strip()
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def username_from(credentials: dict) -> str:
    field = get_user_model().USERNAME_FIELD
    return str(credentials.get(field) or credentials.get("username") or "")


def _key(request, username: str) -> str:
    raw = f"{username.strip().lower()}|{client_ip(request)}"
    return "login-failures:" + hashlib.sha256(raw.encode()).hexdigest()


def _recent(request, username: str, now: float) -> list[float]:
    stamps = cache.get(_key(request, username)) or []
    return [t for t in stamps if now - t < settings.LOGIN_FAILURE_WINDOW]


def record_failure(request, username: str) -> None:
    now = time.time()
    stamps = _recent(request, username, now)
    if len(stamps) >= settings.LOGIN_FAILURE_LIMIT:
        return  # already locked out: refused attempts do not extend the lock
    stamps.append(now)
    cache.set(_key(request, username), stamps, timeout=settings.LOGIN_FAILURE_WINDOW)


def reset(request, username: str) -> None:
    cache.delete(_key(request, username))


def seconds_locked(request, username: str) -> int:
    """0 if the username may try to log in from this address now, else seconds to wait."""
    now = time.time()
    stamps = _recent(request, username, now)
    if len(stamps) < settings.LOGIN_FAILURE_LIMIT:
        return 0
    return max(1, math.ceil(stamps[-settings.LOGIN_FAILURE_LIMIT] + settings.LOGIN_FAILURE_WINDOW - now))


def lockout_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return (
        f"Too many failed log-in attempts for this username from your address. "
        f"Please try again in {minutes} minute{'s' if minutes != 1 else ''}, "
        f"or reset your password."
    )
