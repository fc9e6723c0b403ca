"""Where a campaign battle stands in its campaign, for the match and game pages.

A campaign battle is a single-game match; the campaign keeps it as its ``campaign_battle``
(the games app reads that link and imports nothing of the campaigns app)."""
from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist


def campaign_place(match) -> dict | None:
    """``{"number", "count", "name", "url"}``: "battle 2 of 4 in <name>", or None when the
    match is not a campaign battle."""
    if not match.single_game:
        return None
    try:
        battle = match.campaign_battle
    except ObjectDoesNotExist:
        return None
    campaign = battle.campaign
    return {"number": battle.number, "count": campaign.battles.count(), "name": campaign.name,
            "url": campaign.get_absolute_url()}
