"""The club's own rated games, read back from the stored results in the order they were
played, for measuring the method on them (``manage.py ratings_compare``)."""
from __future__ import annotations

from ratings.method.compare import Observed
from ratings.models import Pool, RatedResult


def observed_games(pool: Pool) -> list[Observed]:
    """Each rated game of ``pool``'s stored results, by date played (then the order they
    were rated in), each result's games in their order."""
    out = []
    results = (RatedResult.objects.filter(pool=pool).order_by("played", "seq")
               .values_list("games", flat=True))
    for games in results.iterator(chunk_size=2000):
        for g in sorted(games, key=lambda g: int(g["number"])):
            if not g.get("rated"):
                continue
            sides = sorted(g["teams"])
            winner = sides.index(g["winner"]) if g.get("winner") in sides else None
            out.append(Observed(players=(tuple(g["teams"][sides[0]]), tuple(g["teams"][sides[1]])),
                                sides=(sides[0], sides[1]), scenario=g.get("scenario") or "",
                                winner=winner))
    return out
