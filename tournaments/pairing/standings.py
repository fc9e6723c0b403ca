"""Standings with declared, orderable metrics (after Tabbycat's standings metrics).

Each metric is declared once in :data:`METRICS` with its label and whether more is better.
The organiser orders any of them; players equal on the first are ranked by the second, and
so on.  Players equal on every metric share a rank ("1, 2, 2, 4").

Scoring (docs/decisions.md, "Leagues and tournaments"): a match is two games; the player
who won more of them wins the match (2 match points), equal games won is a drawn match (1
each), fewer is a loss (0).  A bye counts as a match won 2 games to 0 with no flags.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from .errors import PairingError


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The result of one match of a round, from both players' side."""

    round: int
    home: Hashable
    away: Hashable
    games_home: int
    games_away: int
    flags_home: int = 0
    flags_away: int = 0
    figures_home: int = 0
    figures_away: int = 0

    def points(self, player) -> int:
        mine, theirs = (self.games_home, self.games_away) if player == self.home else (
            self.games_away, self.games_home)
        return 2 if mine > theirs else 1 if mine == theirs else 0


@dataclass(frozen=True, slots=True)
class Bye:
    round: int
    player: Hashable


@dataclass(frozen=True, slots=True)
class Metric:
    key: str
    label: str
    higher_is_better: bool = True
    description: str = ""


#: Every metric an organiser can order standings by, in the order they are offered.
METRICS: dict[str, Metric] = {m.key: m for m in (
    Metric("match_points", "Match points", description="2 for a match won, 1 drawn, 0 lost"),
    Metric("games_won", "Games won", description="games won over all matches (a bye counts 2)"),
    Metric("flags_for", "Flags won", description="flags (victory banners) taken over all games"),
    Metric("flags_against", "Flags lost", higher_is_better=False,
           description="flags the opponents took (fewer is better)"),
    Metric("figures", "Figures eliminated", description="enemy figures eliminated over all games"),
    Metric("head_to_head", "Head to head",
           description="match points in the matches between the players still tied"),
    Metric("buchholz", "Buchholz", description="the opponents' match points added up"),
)}

#: WBC practice for Commands & Colors tournaments: games won, then flags.
DEFAULT_ORDER: tuple[str, ...] = ("games_won", "flags_for", "head_to_head")


@dataclass(slots=True)
class Standing:
    """One line of the table: the rank (shared on a full tie) and the value of each metric."""

    player: Hashable
    rank: int = 0
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    metrics: dict = field(default_factory=dict)


def check_order(order: Iterable[str]) -> tuple[str, ...]:
    """The order as a tuple; :class:`PairingError` for an unknown or repeated metric."""
    order = tuple(order)
    unknown = [k for k in order if k not in METRICS]
    if unknown:
        raise PairingError(f"Unknown standings metric: {', '.join(unknown)}.")
    if len(set(order)) != len(order):
        raise PairingError("A standings metric is listed twice.")
    return order


def standings(players: Sequence[Hashable], results: Iterable[MatchResult],
              byes: Iterable[Bye] = (), *, order: Sequence[str] = DEFAULT_ORDER,
              upto_round: int | None = None) -> list[Standing]:
    """The table of ``players`` after ``results`` and ``byes`` (those of rounds up to
    ``upto_round`` when given), best first.

    Contract: every player appears exactly once; a player with no result has all metrics 0
    (head to head included); the table is sorted by ``order``, ties on every metric share
    the rank and keep the order of ``players``.  Results naming a player not in ``players``
    raise :class:`PairingError`.
    """
    order = check_order(order)
    rows = {p: Standing(p) for p in players}
    if len(rows) != len(players):
        raise PairingError("A player is listed twice.")
    totals = {p: defaultdict(int) for p in players}
    opponents: dict = {p: [] for p in players}
    points_between: dict = defaultdict(int)  # (player, opponent) -> match points
    kept = [r for r in results if upto_round is None or r.round <= upto_round]
    for r in kept:
        for me, them, g, f, fa, k in (
                (r.home, r.away, r.games_home, r.flags_home, r.flags_away, r.figures_home),
                (r.away, r.home, r.games_away, r.flags_away, r.flags_home, r.figures_away)):
            if me not in rows:
                raise PairingError(f"A result names {me!r}, who is not in the competition.")
            pts = r.points(me)
            t, row = totals[me], rows[me]
            t["match_points"] += pts
            t["games_won"] += g
            t["flags_for"] += f
            t["flags_against"] += fa
            t["figures"] += k
            row.played += 1
            row.won += pts == 2
            row.drawn += pts == 1
            row.lost += pts == 0
            opponents[me].append(them)
            points_between[me, them] += pts
    for b in byes:
        if upto_round is not None and b.round > upto_round:
            continue
        if b.player not in rows:
            raise PairingError(f"A bye names {b.player!r}, who is not in the competition.")
        t = totals[b.player]
        t["match_points"] += 2
        t["games_won"] += 2
        rows[b.player].byes += 1
    for p in players:
        totals[p]["buchholz"] = sum(totals[o]["match_points"] for o in opponents[p])
        rows[p].metrics = {k: totals[p][k] for k in METRICS if k != "head_to_head"}
        rows[p].metrics["head_to_head"] = 0

    ranked = _rank(list(players), order, totals, points_between)
    for p in players:  # worked out while ranking, within each group still tied
        rows[p].metrics["head_to_head"] = totals[p]["head_to_head"]
    table, previous, rank = [], None, 0
    for position, (p, key) in enumerate(ranked, start=1):
        if key != previous:
            rank, previous = position, key
        rows[p].rank = rank
        table.append(rows[p])
    return table


def _rank(group: list, order: tuple[str, ...], totals, points_between, prefix=()) -> list:
    """``group`` sorted by ``order`` as (player, key) pairs; ``key`` says who is tied."""
    if not order or len(group) < 2:
        return [(p, prefix) for p in group]
    metric, rest = METRICS[order[0]], order[1:]
    if metric.key == "head_to_head":
        members = set(group)
        value = {p: sum(points_between[p, o] for o in members if o != p) for p in group}
        for p in group:
            totals[p]["head_to_head"] = value[p]
    else:
        value = {p: totals[p][metric.key] for p in group}
    sign = -1 if metric.higher_is_better else 1
    out, ordered = [], sorted(group, key=lambda p: sign * value[p])  # stable: keeps ties in order
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and value[ordered[j]] == value[ordered[i]]:
            j += 1
        out += _rank(ordered[i:j], rest, totals, points_between, prefix + (value[ordered[i]],))
        i = j
    return out
