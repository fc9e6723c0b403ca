"""Receivers of the games app's published events (connected in TournamentsConfig.ready)."""
from __future__ import annotations


def match_finished(sender, match, **kwargs) -> None:
    from tournaments import services
    services.record_web_result(match)
