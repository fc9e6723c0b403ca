"""``{{ deadline|time_left }}``: the time remaining before a deadline, in words
("3 days 4 hours left"), counted from now."""
from __future__ import annotations

import datetime as dt

from django import template
from django.utils import timezone

register = template.Library()


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def time_left_words(deadline: dt.datetime | None, now: dt.datetime | None = None) -> str:
    """"3 days 4 hours left", "5 hours 10 minutes left", "12 minutes left", "less than a
    minute left", or "time is up" once the deadline has passed; "" without a deadline."""
    if deadline is None:
        return ""
    seconds = int((deadline - (now or timezone.now())).total_seconds())
    if seconds <= 0:
        return "time is up"
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        parts = [_n(days, "day")] + ([_n(hours, "hour")] if hours else [])
    elif hours:
        parts = [_n(hours, "hour")] + ([_n(minutes, "minute")] if minutes else [])
    elif minutes:
        parts = [_n(minutes, "minute")]
    else:
        return "less than a minute left"
    return " ".join(parts) + " left"


@register.filter
def time_left(deadline) -> str:
    return time_left_words(deadline)
