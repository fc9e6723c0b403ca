"""Server time of a replay step deep into a long game.

Usage:  python bench/replay.py [--actions 1000] [--scenario fredericksburg] [--seed 7]

Two members play a game through ``games.services.act`` (random legal actions, weighted as in
bench/web.py, seeded) until it has ``--actions`` actions or ends; the loser resigns if it has
not ended.  Then the replay page is stepped through with Django's test client, one step after
another, over the last 100 steps: prints the time of the first request (no checkpoint saved
yet: it replays the game from the deal) and the median and 95th percentile of the steps after.
Goal: p95 at most 50 ms at step 1,000 (read, never asserted).
"""
from __future__ import annotations

import argparse
import json
import pathlib
import random
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from web import pct, setup_django, weight  # noqa: E402


PROFILE = "--profile" in sys.argv
if PROFILE:
    sys.argv.remove("--profile")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--scenario", default="fredericksburg")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        old_name = setup_django(data_dir)
        try:
            run(args)
        finally:
            from django.db import connection
            connection.creation.destroy_test_db(old_name, verbosity=0)


def run(args) -> None:
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.test import Client

    from games import services
    from games.models import Game, Scenario

    data = json.loads((ROOT / "games" / "scenarios" / f"{args.scenario}.json").read_text())
    scenario = Scenario(data=data)
    scenario.fill_from_data()
    scenario.save()
    services.new_seed = lambda: args.seed          # the same game every run
    users = {n: get_user_model().objects.create_user(n, password="x") for n in ("lee", "grant")}
    match = services.create_challenge(users["lee"], users["grant"], scenario, side="union")
    services.accept(match.pk, users["grant"])
    game = match.games.get(number=1)
    players = {"union": users["lee"], "confederate": users["grant"]}
    rnd = random.Random(args.seed)
    while game.version < args.actions and game.deciding and not game.is_over:
        legal = services.load_engine(game).legal_actions()
        action = rnd.choices(legal, weights=[weight(a) for a in legal])[0]
        services.act(game.pk, players[game.deciding], action, game.version)
        game = Game.objects.get(pk=game.pk)
    if not game.is_over:
        services.resign(game.pk, users["grant"], game.version)
        game = Game.objects.get(pk=game.pk)
    cache.clear()
    client = Client()
    client.force_login(users["lee"])
    url = f"/play/games/{game.pk}/replay/"
    last = game.version
    first_step = max(0, last - 100)
    t = time.perf_counter()
    client.get(f"{url}?step={first_step}", HTTP_HX_REQUEST="true")
    cold = (time.perf_counter() - t) * 1000
    if PROFILE:
        import cProfile
        import pstats
        pr = cProfile.Profile()
        pr.enable()
        for step in range(first_step + 1, first_step + 11):
            client.get(f"{url}?step={step}", HTTP_HX_REQUEST="true")
        pr.disable()
        pstats.Stats(pr).sort_stats("cumulative").print_stats(30)
    times = []
    for step in range(first_step + 1, last + 1):
        t = time.perf_counter()
        r = client.get(f"{url}?step={step}", HTTP_HX_REQUEST="true")
        times.append((time.perf_counter() - t) * 1000)
        assert r.status_code == 200
    print(f"Replay of a {args.scenario} game of {last} actions (turn {game.current.number}):")
    print(f"  first request (step {first_step}, no checkpoint yet): {cold:.1f} ms")
    print(f"  next {len(times)} steps, one after another: median {statistics.median(times):.1f} ms, "
          f"p95 {pct(times, 95):.1f} ms, max {max(times):.1f} ms")


if __name__ == "__main__":
    main()
