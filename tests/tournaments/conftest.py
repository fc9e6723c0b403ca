"""Fixtures of the calendar tests."""
from __future__ import annotations

import datetime as dt

import pytest

from tournaments import clock


@pytest.fixture
def frozen(monkeypatch):
    """Put the calendar's clock (tournaments.clock.now) at a given UTC time:
    ``frozen(2026, 9, 17, 12)``."""
    def freeze(*args):
        moment = dt.datetime(*args, tzinfo=dt.timezone.utc)
        monkeypatch.setattr(clock, "now", lambda: moment)
        return moment
    return freeze
