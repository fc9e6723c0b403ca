"""Results finished before the ratings existed, recorded oldest first."""
from __future__ import annotations

from games.models import Match
from ratings import services, sources
from ratings.models import RatedResult
from tournaments.models import Pairing


def record_missing() -> int:
    """Record every finished match outside a league and every settled league result that
    has no stored result, in the order they finished; returns how many."""
    known = set(RatedResult.objects.values_list("key", flat=True))
    found = []
    league_matches = set(Pairing.objects.exclude(match=None).values_list("match_id", flat=True))
    for m in Match.objects.filter(status=Match.Status.FINISHED).select_related("scenario"):
        if m.pk not in league_matches and f"match:{m.pk}" not in known:
            found.append(sources.from_match(m))
    for p in (Pairing.objects.filter(result__in=Pairing.FINAL).exclude(away=None)
              .select_related("round__competition", "round__scenario", "scenario", "match")):
        if f"pairing:{p.pk}" not in known:
            source = sources.from_pairing(p)
            if source is not None:
                found.append(source)
    found.sort(key=lambda s: (s.played, s.key))
    for source in found:
        services.record(source)
    return len(found)
