"""Speed of an Annual Games competition page (standings and the progress grid).

Usage:  python bench/annual.py [--members 40] [--matches 300] [--seed 1] [--requests 10]

A club of ``--members`` and its Annual Games are built through the services on a throw-away
test database; ``--matches`` matches at the table are entered (random battles, opponents
and days of the year, some off their window) and confirmed.  The competition page is then
fetched ``--requests`` times with Django's test client; the median and 95th percentile
server time, the process's CPU time (the test client serves in this process: on a busy
machine wall-clock figures are inflated), the number of database queries and the page's
size are printed, with the load average.

Prints figures only; nothing here is a timed test.
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import pathlib
import random
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.pairing import pct, setup_django  # noqa: E402


def build(members: int, matches: int, seed: int):
    from django.contrib.auth import get_user_model

    from tournaments import annual_services, clock, services
    from tournaments.annual.anniversaries import ANNIVERSARIES

    clock.now = lambda: dt.datetime(2026, 12, 31, 12, tzinfo=dt.timezone.utc)
    rng = random.Random(seed)
    User = get_user_model()
    users = [User.objects.create_user(f"m{i}", email=f"m{i}@example.org", password="x")
             for i in range(members)]
    club = services.create_club(users[0], "Bench Club")
    for u in users[1:]:
        services.join_by_invitation(club, u, club.invite_token)
    comp = annual_services.create_annual_games(club, users[0], annual_services.AnnualTerms(year=2026))
    for _ in range(matches):
        a = rng.choice(ANNIVERSARIES)
        home, away = rng.sample(users, 2)
        day = a.in_year(2026) + dt.timedelta(days=rng.randrange(-10, 11))
        day = min(max(day, dt.date(2026, 1, 1)), dt.date(2026, 12, 31))
        try:
            p = annual_services.arrange_match(comp, home, a.number, away, where="table", played_on=day)
        except services.Refused:
            continue                                    # a match of theirs under way: skip
        w1, w2 = rng.choice(["home", "away"]), rng.choice(["home", "away"])
        f = [rng.randrange(0, 6) for _ in range(2)]
        scores = services.GameScores(w1, 6 if w1 == "home" else f[0], 6 if w1 == "away" else f[0],
                                     w2, 6 if w2 == "home" else f[1], 6 if w2 == "away" else f[1])
        services.report_result(p, home, scores)
        services.confirm_result(p, away)
    return comp, users


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--members", type=int, default=40)
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--requests", type=int, default=10)
    args = parser.parse_args()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as data_dir:
        setup_django(data_dir)
        from django.db import connection
        from django.test import Client

        from tournaments.models import Pairing

        t0 = time.perf_counter()
        comp, users = build(args.members, args.matches, args.seed)
        entered = Pairing.objects.filter(round__competition=comp).count()
        print(f"built {args.members} members and {entered} confirmed matches in {time.perf_counter() - t0:.1f} s")
        client = Client()
        client.force_login(users[1])
        url = f"/leagues/{comp.pk}/"
        queries = []
        with connection.execute_wrapper(lambda execute, sql, *a: queries.append(sql) or execute(sql, *a)):
            response = client.get(url)
        assert response.status_code == 200
        from tournaments import annual_tables
        t, c = time.perf_counter(), time.process_time()
        for _ in range(args.requests):
            annual_tables.year_table(comp)
        print(f"standings and grid worked out (no page): {(time.perf_counter() - t) / args.requests * 1000:.0f} ms, "
              f"CPU {(time.process_time() - c) / args.requests * 1000:.0f} ms")
        times, cpu = [], []
        for _ in range(args.requests):
            t, c = time.perf_counter(), time.process_time()
            assert client.get(url).status_code == 200
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
        print(f"competition page ({len(response.content) // 1024} KB, {len(queries)} queries): "
              f"median {statistics.median(times) * 1000:.0f} ms, p95 {pct(times, 95) * 1000:.0f} ms "
              f"server time over {args.requests} requests; CPU time median "
              f"{statistics.median(cpu) * 1000:.0f} ms")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
