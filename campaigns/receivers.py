"""Receivers of the games app's published events (connected in CampaignsConfig.ready)."""
from __future__ import annotations
from campaigns import services


def match_finished(sender, match, **kwargs) -> None:
    services.battle_finished(match)
