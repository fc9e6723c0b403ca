"""Standings of a competition, worked out from its rows by :mod:`tournaments.pairing`."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from django.core.cache import cache

from tournaments import pairing as algo
from tournaments.models import Competition, Entry, Pairing, Round
from tournaments.models.rounds import result_totals


def inputs(comp: Competition, pairings=None):
    """(player ids, results, byes) of the published rounds, for the pure functions.
    Only results that count (confirmed, decided, played, forfeit) are included."""
    players = list(comp.entries.order_by("seed", "pk").values_list("player_id", flat=True))
    if pairings is None:
        pairings = published_pairings(comp)
    results, byes = [], []
    final = set(Pairing.FINAL)
    for p in pairings:
        number = p["round__number"]
        if p["away_id"] is None:
            byes.append(algo.Bye(number, p["home_id"]))
        elif p["result"] in final and p["forfeit"] != "both":  # a double forfeit: no match
            gh, ga, fh, fa = result_totals(p)
            results.append(algo.MatchResult(number, p["home_id"], p["away_id"], gh, ga, fh, fa,
                                            p["figures_home"], p["figures_away"]))
    return players, results, byes


#: What the standings read of a pairing.
_RESULT_COLUMNS = ("round__number", "home_id", "away_id", *Pairing.RESULT_FIELDS)


def published_pairings(comp: Competition) -> list[dict]:
    """The result fields of the pairings of the published rounds (plain dicts: the
    standings of a big competition read hundreds of them).  A knockout's rounds are not
    part of the standings (docs/rulings.md, K3)."""
    return list(Pairing.objects.filter(round__competition=comp, round__status=Round.Status.PUBLISHED,
                                       round__bracket_size=0)
                .order_by("round__number", "table").values(*_RESULT_COLUMNS))


@dataclass
class Line:
    """A line of the standings table as the pages show it."""

    standing: algo.Standing
    entry: Entry
    values: list = field(default_factory=list)  # the metric columns' values, in order

    @property
    def player(self):
        return self.entry.player


def _digest(*parts) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def _remembered(kind: str, digest: str, compute):
    """``compute()``, kept in the cache under ``digest``, a digest of exactly what it
    depends on (the players, the counted results and byes, the order), so a changed result
    is a new key and nothing is ever stale."""
    key = f"tournaments:{kind}:{digest}"
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, CACHE_SECONDS)
    return value


#: How long worked-out standings stay in the cache (they can never be stale, only evicted).
CACHE_SECONDS = 24 * 60 * 60


def table(comp: Competition, *, pairings=None, worked=None) -> list[Line]:
    """The standings, best first, with each player's entry (name, withdrawn or not).
    ``worked``: the ``inputs(comp, pairings)`` already read, if the caller has them."""
    players, results, byes = worked if worked is not None else inputs(comp, pairings)
    entries = {e.player_id: e for e in comp.entries.select_related("player__profile")}
    rows = _remembered("table", _digest(players, results, byes, comp.order),
                       lambda: algo.standings(players, results, byes, order=comp.order))
    columns = metric_columns(comp)
    return [Line(row, entries[row.player], [row.metrics[c.key] for c in columns]) for row in rows]


def ranks_over_rounds(comp: Competition, pairings=None, worked=None) -> tuple[list[int], dict]:
    """(round numbers, {player id: [rank after each round]}) for the chart of the standings
    (``worked`` as for :func:`table`)."""
    if pairings is None:
        pairings = published_pairings(comp)
    players, results, byes = worked if worked is not None else inputs(comp, pairings)
    rounds = sorted({p["round__number"] for p in pairings})

    by_round: dict = {n: ([], []) for n in rounds}
    for r in results:
        by_round[r.round][0].append(r)
    for b in byes:
        by_round[b.round][1].append(b)
    ranks: dict = {pid: [] for pid in players}
    digest = _digest(players, comp.order)
    for n in rounds:
        # one key per round, chained: a result of the last round leaves the others cached,
        # and each round's results are read into a digest once
        digest = _digest(digest, n, *by_round[n])
        upto = ([r for r in results if r.round <= n], [b for b in byes if b.round <= n])
        after = _remembered("ranks", digest, lambda: {
            row.player: row.rank for row in algo.standings(players, *upto, order=comp.order)})
        for pid in players:
            ranks[pid].append(after[pid])
    return rounds, ranks


def shown_key(comp: Competition, worked, template: str) -> str:
    """A digest of everything the standings section of the competition page shows: the
    counted results and byes, the order, each player's name and whether they withdrew, and
    the template's own text.  The page keeps the rendered section under this key, so a
    request whose key is known skips working out and drawing the table and chart; any
    change to a result, a name or the template is a new key (nothing is ever stale)."""
    who = list(comp.entries.order_by("seed", "pk").values_list(
        "player_id", "status", "player__username", "player__profile__display_name"))
    return _digest(*worked, comp.order, who, _template_stamp(template))


_STAMPS: dict = {}


def _template_stamp(name: str) -> str:
    if name not in _STAMPS:
        from django.template.loader import get_template
        origin = get_template(name).origin
        with open(origin.name, "rb") as f:
            _STAMPS[name] = hashlib.sha256(f.read()).hexdigest()
    return _STAMPS[name]


def metric_columns(comp: Competition) -> list[algo.Metric]:
    """The metrics the table shows: the competition's order first, then match points."""
    keys = list(comp.order) + [k for k in ("match_points",) if k not in comp.order]
    return [algo.METRICS[k] for k in keys]
