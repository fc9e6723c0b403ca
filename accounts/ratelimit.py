"""Rate limits kept in the database and counted atomically.

Log-in: LOGIN_FAILURE_LIMIT attempts per username and client address within
LOGIN_FAILURE_WINDOW seconds; an attempt is counted *before* its password is checked (so
a burst of simultaneous guesses gets no more tries than a sequence of them), and a
successful log-in clears the count.  Once the limit is reached the pair is locked out until
the oldest attempt leaves the window.

Password-reset e-mails: PASSWORD_RESET_LIMIT per e-mail address and PASSWORD_RESET_LIMIT
* 3 per client address within PASSWORD_RESET_WINDOW seconds; beyond that no e-mail goes
out (the page says the same either way).

Sign-ups (each sends an e-mail: a welcome, or a note to the member whose address it is):
SIGNUP_LIMIT per e-mail address and SIGNUP_CLIENT_LIMIT per client address within
SIGNUP_WINDOW seconds; beyond that the form says to try again later.

Each limited thing is one :class:`~accounts.models.Throttle` row, locked while it is
counted (``select_for_update``): the count is exact under concurrency, and needs no cache,
so a Redis outage never turns a log-in into an error.
"""

from __future__ import annotations

import hashlib
import math
import time
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from .models import Throttle


def client_ip(request) -> str:
    if settings.USE_X_FORWARDED_FOR:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded:
            return forwarded.split(",")[0].strip()
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def _hashed(kind: str, *parts: str) -> str:
    raw = "|".join(p.strip().lower() for p in parts)
    return f"{kind}:" + hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


# -- the counter ----------------------------------------------------------------------------
def _wait(stamps: list[float], limit: int, window: int, now: float) -> int:
    """Seconds until one more attempt is allowed (0: allowed now)."""
    recent = [t for t in stamps if now - t < window]
    if len(recent) < limit:
        return 0
    return max(1, math.ceil(recent[-limit] + window - now))


def take(key: str, limit: int, window: int) -> int:
    """Count one attempt at ``key`` if the limit allows it (returns 0), else count nothing
    and return the seconds to wait.  Atomic: the key's row is locked while it is counted."""
    now = time.time()
    while True:
        with transaction.atomic():
            Throttle.objects.bulk_create([Throttle(key=key)], ignore_conflicts=True)
            row = Throttle.objects.select_for_update().filter(key=key).first()
            if row is None:
                continue           # pruned between the two statements: insert it again
            stamps = [t for t in row.stamps if now - t < window]
            wait = _wait(stamps, limit, window, now)
            if not wait:
                stamps.append(now)
            row.stamps = stamps
            row.save(update_fields=["stamps", "updated"])
            return wait


def peek(key: str, limit: int, window: int) -> int:
    """Seconds to wait before the next attempt at ``key`` (0: allowed), counting nothing."""
    row = Throttle.objects.filter(key=key).first()
    return _wait(row.stamps, limit, window, time.time()) if row else 0


def clear(key: str) -> None:
    """Forget the attempts at ``key`` (the row stays, so a concurrent ``take`` finds it)."""
    Throttle.objects.filter(key=key).update(stamps=[])


def prune() -> int:
    """Delete the rows whose every attempt has left the longest window; the number deleted."""
    window = max(settings.LOGIN_FAILURE_WINDOW, settings.PASSWORD_RESET_WINDOW, settings.SIGNUP_WINDOW)
    cutoff = timezone.now() - timedelta(seconds=window)
    return Throttle.objects.filter(updated__lt=cutoff).delete()[0]


# -- log-in ---------------------------------------------------------------------------------
def _login_key(request, username: str) -> str:
    return _hashed("login", username, client_ip(request))


def begin_login(request, username: str) -> int:
    """Count a log-in attempt before its password is checked: 0 if it may go ahead, else
    the seconds the pair is locked out for."""
    return take(_login_key(request, username), settings.LOGIN_FAILURE_LIMIT, settings.LOGIN_FAILURE_WINDOW)


def reset(request, username: str) -> None:
    """A successful log-in: forget the pair's attempts."""
    clear(_login_key(request, username))


def seconds_locked(request, username: str) -> int:
    """0 if the username may try to log in from this address now, else seconds to wait."""
    return peek(_login_key(request, username), settings.LOGIN_FAILURE_LIMIT, settings.LOGIN_FAILURE_WINDOW)


def lockout_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return (
        f"Too many failed log-in attempts for this username from your address. "
        f"Please try again in {minutes} minute{'s' if minutes != 1 else ''}, "
        f"or reset your password."
    )


# -- password-reset e-mails -----------------------------------------------------------------
def allow_reset_email(request, email: str) -> bool:
    """Count one password-reset e-mail to ``email`` asked from this client; False once
    either the address or the client has had its share within the window."""
    limit, window = settings.PASSWORD_RESET_LIMIT, settings.PASSWORD_RESET_WINDOW
    if take(_hashed("reset-ip", client_ip(request)), limit * 3, window):
        return False
    return not take(_hashed("reset-email", email), limit, window)


# -- sign-ups -------------------------------------------------------------------------------
def take_signup(request, email: str) -> int:
    """Count one sign-up with ``email`` from this client: 0 if it may go ahead, else the
    seconds to wait (the client's share is counted first, then the address's)."""
    window = settings.SIGNUP_WINDOW
    return (take(_hashed("signup-ip", client_ip(request)), settings.SIGNUP_CLIENT_LIMIT, window)
            or take(_hashed("signup-email", email), settings.SIGNUP_LIMIT, window))


def signup_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return (f"Too many sign-ups with this e-mail address or from your network. "
            f"Please try again in {minutes} minute{'s' if minutes != 1 else ''}.")
