"""Scenario balance: how each side of a scenario fares, in the club's finished games and in
Archie's self-play runs asked for on the scenario's balance page. docs/review.md.

Club games count when two members played them to a result on the table: games against
Archie are left out (Archie plays under a handicap, so they measure the player, not the
scenario), and so are games won by a claim for time (nothing happened on the board).
Resignations count: the resigning side judged its position lost. A draw counts half a win
for each side.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from games import outbox
from games.ai.intervals import Interval, mean_interval, wilson
from games.ai.selfplay import DEFAULT_LEVEL, self_play
from games.engine import SIDE_NAMES, SIDES
from games.models import BalanceRun, Game, Scenario
from games.models.balance_run import data_hash

#: Outcomes that say nothing of the scenario.
NOT_COUNTED_REASONS = frozenset({"timeout"})
#: Games a self-play run may ask for, and the default.
MAX_GAMES = 200
DEFAULT_GAMES = 20


class BalanceRefused(Exception):
    """Why a self-play run cannot be started (a user's error, shown as it is)."""


@dataclass(frozen=True)
class SideBalance:
    side: str
    wins: int
    win_rate: Interval
    margin: Interval

    def as_dict(self) -> dict:
        return {"side": self.side, "wins": self.wins, "win_rate": self.win_rate.as_dict(),
                "margin": self.margin.as_dict()}


@dataclass(frozen=True)
class ScenarioBalance:
    scenario: Scenario
    games: int
    draws: int
    sides: list[SideBalance]

    def side(self, name: str) -> SideBalance | None:
        return next((s for s in self.sides if s.side == name), None)

    @property
    def lopsidedness(self) -> float:
        """How far the first side's share is from even (0: even, 0.5: one side always wins)."""
        rate = self.sides[0].win_rate.value if self.sides else None
        return abs(rate - 0.5) if rate is not None else -1.0

    def as_dict(self) -> dict:
        return {"scenario": self.scenario.slug, "games": self.games, "draws": self.draws,
                "sides": [s.as_dict() for s in self.sides]}


def counted_games():
    """The finished games between members that count for balance."""
    return Game.objects.filter(_counted_q())


def scenario_sides(scenario: Scenario) -> list[str]:
    """The scenario's sides in the order the file lists them (the shared sides first)."""
    sides = scenario.data.get("sides") if isinstance(scenario.data, dict) else None
    named = list(sides) if isinstance(sides, dict) else []
    return sorted(named, key=lambda s: (SIDES.index(s) if s in SIDES else len(SIDES), named.index(s)))


def club_balance(scenarios=None) -> dict[int, ScenarioBalance]:
    """Each scenario's balance in the club's games, by scenario id (one query for the games)."""
    scenarios = list(scenarios if scenarios is not None else Scenario.objects.all())
    rows = (counted_games().filter(match__scenario__in=[s.pk for s in scenarios])
            .values_list("match__scenario_id", "outcome"))
    outcomes: dict[int, list[dict]] = {}
    for scenario_id, outcome in rows:
        outcomes.setdefault(scenario_id, []).append(outcome)
    return {s.pk: summarise(s, outcomes.get(s.pk, [])) for s in scenarios}


def summarise(scenario: Scenario, outcomes: list[dict]) -> ScenarioBalance:
    sides = scenario_sides(scenario) or sorted({side for o in outcomes for side in o.get("flags") or {}})
    n = len(outcomes)
    draws = sum(1 for o in outcomes if not o.get("winner"))
    out = []
    for side in sides:
        wins = sum(1 for o in outcomes if o.get("winner") == side)
        margins = [_margin(o, side) for o in outcomes]
        out.append(SideBalance(side, wins, wilson(wins + draws / 2, n), mean_interval(margins)))
    return ScenarioBalance(scenario, n, draws, out)


def _counted_q(prefix: str = "") -> Q:
    """:func:`counted_games` as a condition on games reached through ``prefix``."""
    p = prefix
    return (Q(**{f"{p}finished_at__isnull": False, f"{p}outcome__isnull": False,
                 f"{p}match__archie_level": ""})
            & (Q(**{f"{p}outcome__reason__isnull": True})
               | ~Q(**{f"{p}outcome__reason__in": sorted(NOT_COUNTED_REASONS)})))


def with_counts(scenarios):
    """``scenarios`` (a queryset) annotated with their counted games (``club_games``) and
    each shared side's wins (``club_wins_<side>``), in the same query."""
    games = "matches__games"
    counted = _counted_q("matches__games__")
    return scenarios.annotate(
        club_games=Count(games, filter=counted),
        **{f"club_wins_{side}": Count(games, filter=counted & Q(matches__games__winner_side=side))
           for side in SIDES})


COUNT_FIELDS = ("club_games", *(f"club_wins_{side}" for side in SIDES))


def brief(games: int, *wins: int) -> str:
    """A few words of a scenario's balance in the club's games for the lobby's scenario
    picker ("club: Union 58%, Confederate 42% of 12"); blank before any game. ``wins`` by
    side, in the order of the shared sides; a draw counts half to each side."""
    if not games:
        return ""
    draws = games - sum(wins)
    shares = ", ".join(f"{SIDE_NAMES[side]} {round(100 * (w + draws / 2) / games)}%"
                       for side, w in zip(SIDES, wins))
    return f"club: {shares} of {games}"


def _margin(outcome: dict, side: str) -> int:
    flags = outcome.get("flags") or {}
    return int(flags.get(side, 0)) - max((int(v) for s, v in flags.items() if s != side), default=0)


# -- Archie's self-play -----------------------------------------------------------------------
def start_run(scenario: Scenario, user, *, ruleset: str | None = None, games: int = DEFAULT_GAMES,
              level: str = DEFAULT_LEVEL, options: dict | None = None,
              seed: int | None = None) -> BalanceRun:
    """Queue a self-play run of ``games`` games on the scenario as it is now."""
    from games.ai import LEVELS

    ruleset = ruleset or scenario.preview_ruleset()
    if ruleset not in [r.name for r in scenario.playing_rulesets()]:
        raise BalanceRefused("Those rules do not play this scenario.")
    if level not in LEVELS:
        raise BalanceRefused(f"Archie has no level {level!r}.")
    if not 1 <= games <= MAX_GAMES:
        raise BalanceRefused(f"A run plays from 1 to {MAX_GAMES} games.")
    with transaction.atomic():
        Scenario.objects.select_for_update().get(pk=scenario.pk)
        if scenario.balance_runs.filter(status__in=[BalanceRun.Status.QUEUED,
                                                    BalanceRun.Status.RUNNING]).exists():
            raise BalanceRefused("A run on this scenario is already going: wait for it to end.")
        run = BalanceRun.objects.create(
            scenario=scenario, ruleset=ruleset, options=dict(options or {}), level=level,
            games=games, seed=secrets.randbits(62) if seed is None else seed, data_hash=data_hash(scenario.data),
            requested_by=user)
        outbox.queue("games.balance_run", run.pk)
    return run


def play_run(run_id: int) -> BalanceRun | None:
    """Play a run that is queued, or was being played by a worker that was lost (the task
    comes back to the queue then: it starts again from the first game). A finished or failed
    run is left alone, so a task run again after the end does nothing."""
    if not BalanceRun.objects.filter(
            pk=run_id, status__in=[BalanceRun.Status.QUEUED, BalanceRun.Status.RUNNING]).update(
            status=BalanceRun.Status.RUNNING, done=0):
        return None
    run = BalanceRun.objects.select_related("scenario").get(pk=run_id)

    def progress(done: int, total: int) -> None:
        BalanceRun.objects.filter(pk=run.pk).update(done=done)

    try:
        result = self_play(run.scenario.data, run.ruleset, run.options, run.games, run.seed,
                           progress, level=run.level)
    except Exception:
        BalanceRun.objects.filter(pk=run.pk).update(status=BalanceRun.Status.FAILED,
                                                    finished=timezone.now())
        raise
    BalanceRun.objects.filter(pk=run.pk).update(status=BalanceRun.Status.DONE, done=run.games,
                                                result=result.as_dict(), finished=timezone.now())
    run.refresh_from_db()
    return run


def latest_runs(scenarios) -> dict[int, BalanceRun]:
    """The latest finished run of each scenario, by scenario id (one query)."""
    latest: dict[int, BalanceRun] = {}
    for r in BalanceRun.objects.filter(scenario__in=scenarios,
                                       status=BalanceRun.Status.DONE).order_by("-created"):
        latest.setdefault(r.scenario_id, r)
    return latest
