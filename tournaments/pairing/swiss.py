"""Swiss pairing by maximum-weight matching (networkx, Edmonds' blossom algorithm).

Every possible match is an edge whose weight says how good it is; the matching of greatest
total weight among those that pair everybody is the round.  The weights are built in tiers
so that a lower tier can never outweigh a higher one, which makes the priorities exact:

1. nobody gets a second bye while a player without one can take it;
2. no rematch when a pairing without one exists;
3. the bye goes to the lowest-ranked player who may have it;
4. scores as close as possible (the sum of squared score differences is least);
5. among pairings equal on all of the above, a seeded random choice.

All weights are integers, so the matching is exact (no float tolerance), and the result
depends only on the input and the seed.
"""
from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

import networkx as nx

from .errors import PairingError
from .standings import Bye, MatchResult, Standing
from .types import Pair, Round

_BYE = ("bye",)  # the node that stands for "sits out"; a tuple no caller uses as an id
_JITTER = 8  # small: a wide spread of weights slows the matching down


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player as the Swiss pairing sees them before a round.

    ``score`` is what players are grouped by (match points by default); ``opponents`` are
    everyone already met; ``homes`` counts matches played as home (Union in game 1).
    """

    id: Hashable
    score: int = 0
    opponents: frozenset = field(default_factory=frozenset)
    had_bye: bool = False
    homes: int = 0


def pair_swiss(entrants: Sequence[Entrant], *, seed: int = 0) -> Round:
    """Pair one Swiss round.  ``entrants`` are in ranking order, best first.

    Contract (the tiers in the module docstring): every entrant is in exactly one pair or is
    the one bye; the bye exists only for an odd count; no player gets a second bye while
    another may take it; no rematch while a rematch-free pairing exists; the same input and
    seed give the same round.  Raises :class:`PairingError` for fewer than two entrants or
    an id listed twice.
    """
    entrants = list(entrants)
    n = len(entrants)
    if n < 2:
        raise PairingError("A Swiss round needs at least two players.")
    ids = [e.id for e in entrants]
    if len(set(ids)) != n:
        raise PairingError("A player is listed twice.")

    plan = _Plan(entrants, seed)
    # First only matches between players near each other in the ranking (fast); the whole
    # graph only when that answer breaks one of tiers 1-3 (a rematch, a second bye, or a
    # bye above the lowest-ranked player who may have it) and so may not be the best.
    window = max(_MIN_WINDOW, 2 * max(len(e.opponents) for e in entrants) + 4)
    result = plan.solve(window) if window < n - 1 else None
    if result is None or not plan.clean(result):
        result = plan.solve(n)
    pairs, bye = result
    pairs.sort(key=lambda p: min(plan.rank[p.home], plan.rank[p.away]))
    return Round(tuple(pairs), bye)


_MIN_WINDOW = 12


class _Plan:
    """The weights of one round's pairing and the matching over a window of the ranking."""

    def __init__(self, entrants: list[Entrant], seed: int):
        self.entrants = entrants
        n = self.n = len(entrants)
        self.rank = {e.id: i for i, e in enumerate(entrants)}
        rng = random.Random(seed)
        self.keys = [rng.randrange(1, 1 << 30) for _ in range(n)]
        self.bye_jitter = [rng.randrange(_JITTER) for _ in range(n)]
        self.scores = [int(e.score) for e in entrants]
        spread = max(self.scores) - min(self.scores)
        pairs_in_round = n // 2 + 1
        # tier sizes: each is larger than the most the tiers below can add up to in one round
        self.tier_score = _JITTER * pairs_in_round
        self.tier_bye = self.tier_score * (spread * spread * pairs_in_round + 1)
        self.tier_rematch = self.tier_bye * (n + 1)
        self.tier_second_bye = self.tier_rematch * (pairs_in_round + 1)
        self.top = self.tier_second_bye * (n + 1)
        self.anyone_free = any(not e.had_bye for e in entrants)
        eligible = [i for i, e in enumerate(entrants) if not e.had_bye or not self.anyone_free]
        self.lowest_eligible = entrants[max(eligible)].id if n % 2 else None

    def rematch(self, i: int, j: int) -> bool:
        ei, ej = self.entrants[i], self.entrants[j]
        return ej.id in ei.opponents or ei.id in ej.opponents

    def solve(self, window: int):
        """(pairs, bye) of the best matching using only matches within ``window`` places
        of the ranking, or None if that leaves somebody unpaired."""
        n, top = self.n, self.top
        graph = nx.Graph()
        graph.add_nodes_from(range(n))
        for i in range(n):
            for j in range(i + 1, min(n, i + window + 1)):
                diff = self.scores[i] - self.scores[j]
                cost = diff * diff * self.tier_score + (self.keys[i] * self.keys[j] >> 11) % _JITTER
                if self.rematch(i, j):
                    cost += self.tier_rematch
                graph.add_edge(i, j, weight=top - cost)
        if n % 2:
            for i, e in enumerate(self.entrants):
                cost = (n - 1 - i) * self.tier_bye + self.bye_jitter[i]
                if e.had_bye:
                    if self.anyone_free:
                        continue
                    cost += self.tier_second_bye
                graph.add_edge(i, _BYE, weight=top - cost)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        pairs, bye, covered = [], None, 0
        for a, b in matching:
            if a is _BYE or b is _BYE:
                bye = self.entrants[b if a is _BYE else a].id
                covered += 1
                continue
            pairs.append(_oriented(self.entrants, a, b))
            covered += 2
        if covered != n:
            return None
        return pairs, bye

    def clean(self, result) -> bool:
        """No rematch, and the bye (if any) with the lowest-ranked player who may have it."""
        pairs, bye = result
        if any(self.rematch(self.rank[p.home], self.rank[p.away]) for p in pairs):
            return False
        return bye == self.lowest_eligible


def _oriented(entrants: list[Entrant], i: int, j: int) -> Pair:
    """The player who was home less often is home; on a tie, the higher ranked."""
    a, b = sorted((i, j))
    ea, eb = entrants[a], entrants[b]
    if eb.homes < ea.homes:
        return Pair(eb.id, ea.id)
    return Pair(ea.id, eb.id)


def entrants_from(table: Sequence[Standing], results: Iterable[MatchResult], byes: Iterable[Bye],
                  *, score: str = "match_points") -> list[Entrant]:
    """The entrants for the next round, in the order of the standings ``table``, with the
    value of the metric ``score`` as their score, everyone they met and their byes."""
    met: dict = {row.player: set() for row in table}
    homes: dict = {row.player: 0 for row in table}
    for r in results:
        if r.home in met and r.away in met:
            met[r.home].add(r.away)
            met[r.away].add(r.home)
            homes[r.home] += 1
    had_bye = {b.player for b in byes}
    return [Entrant(row.player, int(row.metrics[score]), frozenset(met[row.player]),
                    row.player in had_bye, homes[row.player]) for row in table]
