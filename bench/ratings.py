"""Speed of the ratings, and what the scenario-and-side pseudo-players do to prediction.

Usage:  python bench/ratings.py [--members 1000] [--results 10000] [--rate 50] [--seed 1]

1. Prediction (no database): a synthetic club history (bench/ratings_history.py; there is
   no real club history on this machine, so the figures say what the method does when the
   sides are unequal by the generator's amount, not what a real club's games would show)
   is rated in order twice, with and without the scenario-and-side pseudo-players.  Each
   game of the second half is predicted with the ratings before it (so it is held out of
   the ratings that predict it); the log-loss and the share of games whose winner had the
   better prediction are printed for both.
2. Rating a result (on a throw-away test database): ``--rate`` league results at the table,
   each recorded through ratings.services.record: the queries of each (the same for
   every one: O(1)) and the median and slowest time.
3. A club of ``--members`` members: their ratings, then the leaderboard (reading.leaderboard
   and the page) with its time and queries.
4. The rebuild of ``--results`` stored results (two games each): its time.
5. ``manage.py ratings_compare --skip 0.5`` on those stored results: part 1's measure, read
   back from the database as a club's own history would be.

Prints figures only; nothing here is a timed test.
"""
from __future__ import annotations

import argparse
import os
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ratings_history import club_history  # noqa: E402
from ratings.method.compare import Observed, compare  # noqa: E402


def _observed(g) -> Observed:
    """A synthetic game as the site stores one: sides in name order (confederate, union)."""
    return Observed(players=((g.confederate,), (g.union,)), sides=("confederate", "union"),
                    scenario=g.scenario, winner=1 if g.union_won else 0)


def prediction(seed: int, matches: int = 3000) -> None:
    history = [_observed(g) for pair in club_history(matches=matches, seed=seed) for g in pair]
    half = len(history) // 2
    print(f"1. Prediction on a synthetic history: {len(history)} games ({matches} matches, 60 members, "
          f"24 scenarios, Archie's 3 levels), the last {len(history) - half} predicted before being rated "
          f"(ratings.method.compare, as manage.py ratings_compare --skip 0.5 measures stored results)")
    started = time.process_time()
    plain, sided = compare(history, half)
    for label, q in (("plain (players only)", plain), ("with scenario-and-side pseudo-players", sided)):
        print(f"   {label:42s} log-loss {q.log_loss:.4f}   winner predicted {100 * q.predicted:.1f}%")
    print(f"   ({time.process_time() - started:.1f} s CPU for both)")


def on_site(args) -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection, transaction
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from games.engine import DEFAULT_RULESET, SIDES
    from ratings import reading, services
    from ratings.models import Pool, RatedResult
    from ratings.sources import Source
    from tournaments.models import Club, Membership

    User = get_user_model()
    User.objects.bulk_create([User(username=f"m{i:04d}", email=f"m{i}@example.org")
                              for i in range(args.members)])
    ids = list(User.objects.order_by("pk").values_list("pk", flat=True))
    club = Club.objects.create(name="Bench club", slug="bench-club", public=True)
    Membership.objects.bulk_create([Membership(club=club, user_id=i) for i in ids])
    history = [g for pair in club_history(members=len(ids), matches=args.results, seed=args.seed) for g in pair]
    subject = {f"member:{n}": f"member:{ids[n - 1]}" for n in range(1, len(ids) + 1)}

    def games_of(g1, g2):
        out = []
        for number, g in ((1, g1), (2, g2)):
            out.append({"number": number, "scenario": g.scenario, "rated": True, "why": "",
                        "teams": {SIDES[0]: [subject.get(g.union, g.union)],
                                  SIDES[1]: [subject.get(g.confederate, g.confederate)]},
                        "winner": SIDES[0] if g.union_won else SIDES[1]})
        return out

    pairs = list(zip(history[::2], history[1::2]))
    now = timezone.now()
    # 2. rating results one by one through the service
    times, cpus, queries = [], [], []
    for k, (g1, g2) in enumerate(pairs[:args.rate]):
        source = Source(key=f"bench:{k}", ruleset=DEFAULT_RULESET, mode="duel", played=now,
                        games=games_of(g1, g2))
        with CaptureQueriesContext(connection) as q:
            t, cpu = time.perf_counter(), time.process_time()
            services.record(source)
            times.append(time.perf_counter() - t)
            cpus.append(time.process_time() - cpu)
        queries.append(len(q.captured_queries))
    print(f"2. Rating a result (2 games, 4 subjects each): {len(times)} results, queries per result "
          f"{sorted(set(queries))} (the first also creates the pool), median {1000 * statistics.median(times):.1f} ms "
          f"({1000 * statistics.median(cpus):.1f} ms CPU of this process), slowest {1000 * max(times):.1f} ms "
          f"(load average {os.getloadavg()[0]:.1f})")
    # 4. the rebuild of the stored results
    pool = Pool.objects.get(ruleset=DEFAULT_RULESET, mode="duel")
    with transaction.atomic():
        start = pool.last_seq
        RatedResult.objects.bulk_create([
            RatedResult(key=f"bench:{k}", pool=pool, seq=k + 1, played=now, games=games_of(g1, g2))
            for k, (g1, g2) in enumerate(pairs) if k >= start], batch_size=2000)
        pool.last_seq = len(pairs)
        pool.save()
    t, cpu = time.perf_counter(), time.process_time()
    written = services.rebuild([pool])
    print(f"4. Rebuild of {len(pairs)} results ({2 * len(pairs)} games, {written} rating changes): "
          f"{time.perf_counter() - t:.1f} s ({time.process_time() - cpu:.1f} s CPU of this process; "
          f"load average {os.getloadavg()[0]:.1f})")
    # 3. the leaderboard of the club (every member rated by the rebuild above)
    rated = pool.ratings.filter(kind="member").count()
    times = []
    for _ in range(20):
        with CaptureQueriesContext(connection) as q:
            t = time.perf_counter()
            board = reading.leaderboard(club, DEFAULT_RULESET, months=6)
            listed = board.count()
            rows = reading.ranked(board[:50])
            times.append(time.perf_counter() - t)
    print(f"3. Leaderboard of a club of {len(ids)} members ({rated} rated, {listed} listed, the first "
          f"{len(rows)} read): {len(q.captured_queries)} queries, median {1000 * statistics.median(times):.1f} ms")
    client = Client()
    times, cpus = [], []
    for _ in range(20):
        with CaptureQueriesContext(connection) as q:
            t, cpu = time.perf_counter(), time.process_time()
            response = client.get(f"/ratings/clubs/{club.slug}/?months=6")
            times.append(time.perf_counter() - t)
            cpus.append(time.process_time() - cpu)
        assert response.status_code == 200
    print(f"   the page (a visitor; a page of 50): {len(q.captured_queries)} queries, median "
          f"{1000 * statistics.median(times):.1f} ms ({1000 * statistics.median(cpus):.1f} ms CPU of this "
          f"process; load average {os.getloadavg()[0]:.1f})")
    # 5. the comparison of the two models on these stored results, as a club would run it
    from io import StringIO

    from django.core.management import call_command
    out, t, cpu = StringIO(), time.perf_counter(), time.process_time()
    call_command("ratings_compare", "--skip", "0.5", stdout=out)
    print(f"5. manage.py ratings_compare --skip 0.5 on the {len(pairs)} stored results above "
          f"({len(ids)} members; {time.perf_counter() - t:.1f} s, {time.process_time() - cpu:.1f} s CPU):")
    print("   " + out.getvalue().strip().replace("\n", "\n   "))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=1000)
    parser.add_argument("--results", type=int, default=10000)
    parser.add_argument("--rate", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-prediction", action="store_true")
    args = parser.parse_args()
    if not args.skip_prediction:
        prediction(args.seed)
    from bench.harness import on_throwaway_site
    on_throwaway_site(on_site, args)


if __name__ == "__main__":
    main()
