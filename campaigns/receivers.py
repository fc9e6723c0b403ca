"""Receivers of the games app's published events (connected in CampaignsConfig.ready)."""
from __future__ import annotations


def match_finished(sender, match, **kwargs) -> None:
    from campaigns import services
    services.battle_finished(match)
