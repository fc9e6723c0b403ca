"""Confirmations racing each other rate a result once, and results recorded at the same
moment are rated in the order a rebuild replays.  Needs PostgreSQL's row locks: required
under CI=true, skipped elsewhere with the reason."""
from __future__ import annotations

import os
import threading

import pytest
from django.db import connection

from ratings import receivers, services
from ratings.models import RatedResult, RatingChange
from tests.ratings.helpers import next_round, snapshot, table_league
from tests.support import service_unavailable
from tournaments import services as league
from tournaments.models import Pairing

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
AT_ONCE = 6


def _needs_postgres():
    if connection.vendor != "postgresql":
        service_unavailable("PostgreSQL", "the race needs row locks; DATABASE_URL is "
                            f"{os.environ.get('DATABASE_URL') or 'unset'}")


def _race(calls):
    start = threading.Barrier(len(calls))
    outcomes: list[str] = []
    lock = threading.Lock()

    def run(call):
        try:
            start.wait()
            try:
                call()
                outcome = "done"
            except league.Refused:
                outcome = "refused"
            except Exception as e:  # noqa: BLE001 - reported by the assertion
                outcome = f"error: {e!r}"
            with lock:
                outcomes.append(outcome)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(c,)) for c in calls]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return sorted(outcomes)


def test_confirmations_sent_at_once_rate_the_result_once():
    _needs_postgres()
    club, comp, players = table_league(prefix="race")
    p = next_round(comp, players[0]).pairings.first()
    league.report_result(p, p.home, league.GameScores("home", 6, 2, "away", 3, 6))
    away = p.away
    outcomes = _race([lambda: league.confirm_result(Pairing.objects.get(pk=p.pk), away)] * AT_ONCE)
    assert outcomes == ["done"] + ["refused"] * (AT_ONCE - 1), outcomes
    assert RatedResult.objects.filter(key=f"pairing:{p.pk}").count() == 1
    assert RatingChange.objects.count() == 2 * 4


def test_results_recorded_at_once_are_rated_in_the_order_a_rebuild_replays():
    _needs_postgres()
    club, comp, players = table_league(n=8, prefix="rush")
    organiser = players[0]
    pairings = list(next_round(comp, organiser).pairings.all())
    for p in pairings:
        league.report_result(p, p.home, league.GameScores("home", 6, 2, "home", 6, 3))
    sources_once = [(lambda p=p: league.confirm_result(Pairing.objects.get(pk=p.pk), p.away))
                    for p in pairings]
    # the signal heard again while the confirmations run: nothing, or the same result
    heard_again = [(lambda p=p: receivers.result_settled(Pairing, pairing=Pairing.objects.get(pk=p.pk)))
                   for p in pairings]
    outcomes = _race(sources_once + heard_again)
    assert outcomes == ["done"] * len(outcomes), outcomes
    assert RatedResult.objects.count() == len(pairings)
    assert sorted(RatedResult.objects.values_list("seq", flat=True)) == list(range(1, len(pairings) + 1))
    raced = snapshot()
    services.rebuild()
    assert snapshot() == raced
