"""Server time of a replay step deep into a long game.

Usage:  python bench/replay.py [--actions 1000] [--scenario fredericksburg] [--seed 8]

Two members play a game through ``games.services.act`` (random legal actions, seeded, weighted
as in bench/web.py but cautiously: generals stay put and units move less, so that the game
lasts; seed 8 on Fredericksburg gives 1,120 actions) until it has ``--actions`` actions or
ends; the loser resigns if it has not ended.  Then the replay page is stepped through with
Django's test client, one step after another, over the last 100 steps: prints the time of
the first request (nothing kept yet: it replays the whole game once and keeps its segments,
games/replay_states.py), and the median and 95th percentile of the steps after, in wall
time and in this process's CPU time (on a machine shared with other work, wall time
stretches with the load; CPU time much less).
Goal: p95 at most 50 ms at step 1,000 (read, never asserted).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from harness import on_throwaway_site, pct, start_match, weight


PROFILE = "--profile" in sys.argv
if PROFILE:
    sys.argv.remove("--profile")


def cautious(a: dict) -> float:
    """bench/web.py's weights, with generals kept back and fewer moves: long games."""
    if a["type"] == "move_general" or a.get("general"):
        return 0.001
    return {"move": 0.3, "attack": 1}.get(a["type"], weight(a))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--scenario", default="fredericksburg")
    parser.add_argument("--seed", type=int, default=8)
    on_throwaway_site(run, parser.parse_args())


def run(args) -> None:
    from django.core.cache import cache
    from django.test import Client

    from games import services
    from games.models import Game

    users, match = start_match(args.scenario, args.seed)      # the same game every run
    game = match.games.get(number=1)
    players = {"union": users["lee"], "confederate": users["grant"]}
    rnd = random.Random(args.seed)
    while game.version < args.actions and game.deciding and not game.is_over:
        legal = services.load_engine(game).legal_actions()
        action = rnd.choices(legal, weights=[cautious(a) for a in legal])[0]
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
    times, cpu = [], []
    for step in range(first_step + 1, last + 1):
        t, c = time.perf_counter(), time.process_time()
        r = client.get(f"{url}?step={step}", HTTP_HX_REQUEST="true")
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
        assert r.status_code == 200
    print(f"Replay of a {args.scenario} game of {last} actions (turn {game.turn}):")
    print(f"  first request (step {first_step}, nothing kept yet: builds the segments): {cold:.1f} ms")
    print(f"  next {len(times)} steps, one after another: median {statistics.median(times):.1f} ms, "
          f"p95 {pct(times, 95):.1f} ms, max {max(times):.1f} ms")
    print(f"  CPU time of this process per step (what a loaded machine inflates least): "
          f"median {statistics.median(cpu):.1f} ms, p95 {pct(cpu, 95):.1f} ms")


if __name__ == "__main__":
    main()
