"""Which anniversary reminders a member is due, without the ORM.

A member who opted in gets two e-mails for each battle: an early one ``days_before`` days
ahead, and one on the day. Both are worked out from the member's own local date, so a run
of the periodic task that was missed is caught up later: the early reminder stays due
until the day before the battle, the one on the day all that day. The caller keeps one row
per member, battle, year and kind so that each goes out once.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from .anniversaries import ANNIVERSARIES, Anniversary, days_to

AHEAD = "ahead"
ON_THE_DAY = "on_the_day"
KINDS = (AHEAD, ON_THE_DAY)

#: The most days ahead a member may ask to be told.
MAX_DAYS_BEFORE = 30


@dataclass(frozen=True, slots=True)
class Due:
    anniversary: Anniversary
    date: dt.date       # this year's anniversary (the year of the reminder's row)
    days: int           # days from the member's today to it (0 on the day)
    kind: str           # AHEAD or ON_THE_DAY


def reminders_due(today: dt.date, days_before: int) -> list[Due]:
    """The reminders due on the member's local ``today``, soonest battle first.

    ``days_before`` 0 asks for the reminder on the day only.
    """
    if not 0 <= days_before <= MAX_DAYS_BEFORE:
        raise ValueError(f"days before must be 0 to {MAX_DAYS_BEFORE}, not {days_before}")
    due = []
    for a in ANNIVERSARIES:
        when, days = days_to(a, today)
        if days == 0:
            due.append(Due(a, when, 0, ON_THE_DAY))
        elif days <= days_before:
            due.append(Due(a, when, days, AHEAD))
    due.sort(key=lambda d: (d.date, d.anniversary.number))
    return due
