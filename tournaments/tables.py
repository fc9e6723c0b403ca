"""Standings of a competition, worked out from its rows by :mod:`tournaments.pairing`."""
from __future__ import annotations

from dataclasses import dataclass, field

from tournaments import pairing as algo
from tournaments.models import Competition, Entry, Pairing, Round


def inputs(comp: Competition, pairings=None):
    """(player ids, results, byes) of the published rounds, for the pure functions.
    Only results that count (confirmed, decided, played, forfeit) are included."""
    players = list(comp.entries.order_by("seed", "pk").values_list("player_id", flat=True))
    if pairings is None:
        pairings = _published_pairings(comp)
    results, byes = [], []
    for p in pairings:
        number = p.round.number
        if p.is_bye:
            byes.append(algo.Bye(number, p.home_id))
        elif p.counts:
            results.append(algo.MatchResult(
                number, p.home_id, p.away_id, p.games_home, p.games_away, p.flags_home,
                p.flags_away, p.figures_home, p.figures_away))
    return players, results, byes


def _published_pairings(comp: Competition) -> list[Pairing]:
    return list(Pairing.objects.filter(round__competition=comp, round__status=Round.Status.PUBLISHED)
                .select_related("round").order_by("round__number", "table"))


@dataclass
class Line:
    """A line of the standings table as the pages show it."""

    standing: algo.Standing
    entry: Entry
    values: list = field(default_factory=list)  # the metric columns' values, in order

    @property
    def player(self):
        return self.entry.player


def table(comp: Competition, *, upto_round: int | None = None, pairings=None) -> list[Line]:
    """The standings, best first, with each player's entry (name, withdrawn or not)."""
    players, results, byes = inputs(comp, pairings)
    entries = {e.player_id: e for e in comp.entries.select_related("player__profile")}
    rows = algo.standings(players, results, byes, order=comp.order, upto_round=upto_round)
    columns = metric_columns(comp)
    return [Line(row, entries[row.player], [row.metrics[c.key] for c in columns]) for row in rows]


def ranks_over_rounds(comp: Competition, pairings=None) -> tuple[list[int], dict]:
    """(round numbers, {player id: [rank after each round]}) for the chart of the standings."""
    if pairings is None:
        pairings = _published_pairings(comp)
    players, results, byes = inputs(comp, pairings)
    rounds = sorted({p.round.number for p in pairings})
    ranks: dict = {pid: [] for pid in players}
    for n in rounds:
        for row in algo.standings(players, results, byes, order=comp.order, upto_round=n):
            ranks[row.player].append(row.rank)
    return rounds, ranks


def metric_columns(comp: Competition) -> list[algo.Metric]:
    """The metrics the table shows: the competition's order first, then match points."""
    keys = list(comp.order) + [k for k in ("match_points",) if k not in comp.order]
    return [algo.METRICS[k] for k in keys]
