"""Which anniversary reminders a member is due on a given local day (pure)."""
from __future__ import annotations

import datetime as dt

import pytest

from tournaments.annual.reminders import AHEAD, ON_THE_DAY, reminders_due

D = dt.date


def due(today, days_before):
    return [(d.anniversary.slug, d.date, d.days, d.kind) for d in reminders_due(today, days_before)]


def test_seven_days_ahead_and_on_the_day():
    assert due(D(2027, 9, 10), 7) == [("antietam", D(2027, 9, 17), 7, AHEAD)]
    assert due(D(2027, 9, 17), 7) == [("antietam", D(2027, 9, 17), 0, ON_THE_DAY),
                                      ("chickamauga", D(2027, 9, 20), 3, AHEAD)]
    # Chickamauga (20 September) comes within seven days on the 13th.
    assert due(D(2027, 9, 13), 7) == [("antietam", D(2027, 9, 17), 4, AHEAD),
                                      ("chickamauga", D(2027, 9, 20), 7, AHEAD)]


def test_nothing_due_far_from_any_battle():
    assert due(D(2027, 1, 20), 7) == []
    assert due(D(2027, 9, 9), 7) == []


def test_a_double_date_gives_both_battles():
    assert due(D(2027, 5, 25), 0) == [("new-hope-church", D(2027, 5, 25), 0, ON_THE_DAY),
                                      ("winchester", D(2027, 5, 25), 0, ON_THE_DAY)]


def test_on_the_day_only():
    assert due(D(2027, 9, 16), 0) == []


def test_early_reminders_across_the_new_year():
    assert ("fort-donelson", D(2027, 2, 15), 30, AHEAD) in due(D(2027, 1, 16), 30)
    assert due(D(2026, 12, 30), 30) == [("murfreesboro", D(2026, 12, 31), 1, AHEAD)]
    assert due(D(2027, 1, 15), 30) == []


@pytest.mark.parametrize("days", [-1, 31])
def test_days_before_out_of_range(days):
    with pytest.raises(ValueError):
        reminders_due(D(2027, 1, 1), days)
