"""Receivers of the games app's published events (connected in TournamentsConfig.ready)."""
from __future__ import annotations
from tournaments import services


def match_finished(sender, match, **kwargs) -> None:
    services.record_web_result(match)
