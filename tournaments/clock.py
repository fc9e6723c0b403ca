"""The one place the calendar pages, feeds and reminders ask the time.

Tests replace :func:`now` to put the site on a fixed day; nothing a visitor can send moves
it."""
from __future__ import annotations

import datetime as dt

from django.utils import timezone


def now() -> dt.datetime:
    return timezone.now()


def local_today() -> dt.date:
    """Today in the viewer's time zone (their profile's, made current by the middleware),
    else the site's."""
    return timezone.localtime(now()).date()
