"""Receivers of the games and tournaments apps' signals (connected in RatingsConfig.ready):
each records the result that just became final, inside the transaction that made it so."""
from __future__ import annotations

from ratings import services, sources
from tournaments.models import Pairing


def match_finished(sender, match, **kwargs) -> None:
    """A match played on the site ended.  A league match is left to ``result_settled``:
    its pairing holds the result that counts (an organiser's decision may stand)."""
    if Pairing.objects.filter(match_id=match.pk).exists():
        return
    services.record(sources.from_match(match))


def result_settled(sender, pairing, **kwargs) -> None:
    """A league or tournament result counts now, or was corrected."""
    source = sources.from_pairing(pairing)
    if source is not None:
        services.record(source)
