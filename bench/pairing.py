"""Speed of the Swiss pairing and of a big competition's standings page.

Usage:  python bench/pairing.py [--players 200] [--rounds 7] [--seed 1] [--requests 20]

1. Pure pairing (tournaments.pairing, no database): a Swiss of ``--players`` is played for
   ``--rounds`` rounds with seeded random results; the time of each round's pairing is
   printed, and the slowest.  Goal: at most 1 s for a 200-player round.
2. The standings page: the same size of competition is built through tournaments.services
   on a throw-away test database (results entered by the organiser), then the competition
   page (standings table, chart and the latest round's pairings) is fetched with Django's
   test client: the first request (standings worked out) and then ``--requests`` more (the
   drawn standings section comes from the cache, keyed by a digest of what it shows); the
   median and 95th percentile server time are printed, the queries of one request, and the
   time of the standings table alone.  Goal: at most 100 ms.  The machine's load average is printed too: on a
   busy machine wall-clock figures are inflated, so the process's CPU time is printed
   beside them (the test client serves the request in this process).

Prints figures only; nothing here is a timed test.
"""
from __future__ import annotations

import argparse
import os
import pathlib
import random
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tournaments import pairing as algo  # noqa: E402


def random_scores(rng: random.Random, home, away):
    """A plausible match: each game won by one side, the winner with 6 flags."""
    g1, g2 = rng.choice("ha"), rng.choice("ha")
    f = [rng.randrange(0, 6) for _ in range(2)]
    return (g1, 6 if g1 == "h" else f[0], f[0] if g1 == "h" else 6,
            g2, 6 if g2 == "h" else f[1], f[1] if g2 == "h" else 6)


def pure_swiss(players: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    ids = list(range(players))
    results, byes, times, cpu = [], [], [], []
    for n in range(1, rounds + 1):
        table = algo.standings(ids, results, byes)
        entrants = algo.entrants_from(table, results, byes, score="games_won")
        t = time.perf_counter()
        c = time.process_time()
        rnd = algo.pair_swiss(entrants, seed=seed * 100 + n)
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        if rnd.bye is not None:
            byes.append(algo.Bye(n, rnd.bye))
        for p in rnd.pairs:
            g1, f1h, f1a, g2, f2h, f2a = random_scores(rng, p.home, p.away)
            gh = (g1 == "h") + (g2 == "h")
            results.append(algo.MatchResult(n, p.home, p.away, gh, 2 - gh, f1h + f2h, f1a + f2a))
        print(f"round {n}: paired {players} players in {times[-1] * 1000:.0f} ms ({cpu[-1] * 1000:.0f} ms CPU)")
    met = [frozenset((r.home, r.away)) for r in results]
    print(f"Swiss pairing, {players} players: slowest round {max(times) * 1000:.0f} ms, "
          f"mean {statistics.mean(times) * 1000:.0f} ms; slowest in CPU time {max(cpu) * 1000:.0f} ms; "
          f"rematches: {len(met) - len(set(met))}")


def setup_django(data_dir: str) -> str:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "battlecry_site.settings")
    os.environ["DATA_DIR"] = data_dir
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DEBUG", "1")
    import django

    django.setup()
    from django.conf import settings
    from django.test.utils import setup_test_environment

    setup_test_environment()
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.ALLOWED_HOSTS = ["testserver", *settings.ALLOWED_HOSTS]
    settings.DEBUG = False
    from django.db import connection

    return connection.creation.create_test_db(verbosity=0, autoclobber=True)


def pct(values, p) -> float:
    values = sorted(values)
    k = (len(values) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def standings_page(players: int, rounds: int, seed: int, requests: int) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from games.engine.battlecry.sample import sample_scenario
    from games.models import Scenario
    from tournaments import services, tables

    rng = random.Random(seed)
    User = get_user_model()
    organiser = User.objects.create_user("organiser", password="x")
    users = [User.objects.create_user(f"player{i:03}", password="x") for i in range(players)]
    sc = Scenario(data=sample_scenario())
    sc.fill_from_data()
    sc.save()
    club = services.create_club(organiser, "Bench club")
    for u in users:
        services.join_by_invitation(club, u, club.invite_token)
    comp = services.create_competition(club, organiser, services.Terms(
        name="Bench Swiss", kind="tournament", swiss_rounds=rounds, scenarios=(sc,), mode="table"))
    for u in users:
        services.add_player(comp, organiser, u)
    t0 = time.perf_counter()
    for _ in range(rounds):
        rnd = services.publish_round(services.draft_round(comp, organiser, seed=rng.randrange(1 << 30)), organiser)
        for p in rnd.pairings.exclude(away__isnull=True):
            g1, f1h, f1a, g2, f2h, f2a = random_scores(rng, p.home_id, p.away_id)
            w = {"h": "home", "a": "away"}
            services.set_result(p, organiser, services.GameScores(w[g1], f1h, f1a, w[g2], f2h, f2a))
    print(f"built {players} players x {rounds} rounds through the services in {time.perf_counter() - t0:.1f} s")

    client = Client()
    client.force_login(users[0])
    url = f"/leagues/{comp.pk}/"
    t = time.perf_counter()
    assert client.get(url).status_code == 200
    print(f"competition page, first request (standings worked out, nothing cached): "
          f"{(time.perf_counter() - t) * 1000:.0f} ms")
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    print(f"competition page: {len(queries.captured_queries)} queries per request")
    page_times, page_cpu, table_times = [], [], []
    for _ in range(requests):
        t, c = time.perf_counter(), time.process_time()
        response = client.get(url)
        page_times.append(time.perf_counter() - t)
        page_cpu.append(time.process_time() - c)
        assert response.status_code == 200
        t = time.perf_counter()
        tables.table(comp)
        table_times.append(time.perf_counter() - t)
    print(f"competition page ({len(response.content) // 1024} KB, standings + chart + {rounds} rounds): "
          f"median {statistics.median(page_times) * 1000:.0f} ms, p95 {pct(page_times, 95) * 1000:.0f} ms "
          f"server time over {requests} requests; CPU time median {statistics.median(page_cpu) * 1000:.0f} ms, "
          f"p95 {pct(page_cpu, 95) * 1000:.0f} ms")
    print(f"standings table alone: median {statistics.median(table_times) * 1000:.0f} ms")


def load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--requests", type=int, default=20)
    args = parser.parse_args()
    print(f"load average before: {load()} ({os.cpu_count()} CPUs)")
    pure_swiss(args.players, args.rounds, args.seed)
    with tempfile.TemporaryDirectory() as data_dir:
        setup_django(data_dir)
        standings_page(args.players, args.rounds, args.seed, args.requests)
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
