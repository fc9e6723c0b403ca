"""Server time of playing through the REST API, and the size of a game view.

Usage:  python bench/api.py [--actions 300] [--scenario fredericksburg] [--seed 7]

Two members play a game of a shipped scenario through the API with personal tokens
(DRF's test client: every request goes through the middleware, token authentication,
throttling, the service's locked transaction and the JSON rendering, but no network).
Each action is chosen at random among the legal actions the API lists (seeded, so runs
compare) and sent to ``POST /api/v1/games/{id}/actions/`` with the version it was chosen
at.  Prints the server time of the submit (median and 95th percentile; wall clock, and the
CPU time of the serving thread, which a busy machine does not inflate), of reading the
legal actions, and for a mid-game position the size of ``GET /api/v1/games/{id}/`` (the
requester's view) and of the legal actions, raw and gzipped.

Runs on a throw-away site (bench/harness.py), like bench/web.py.  Prints figures only: the
goals (submit p95 at most 50 ms, a game view at most 10 KB gzipped) are checked by reading
them, never by a timed test.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from harness import database_name, on_throwaway_site, pct, sizes, start_match, weight


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--scenario", default="fredericksburg")
    parser.add_argument("--seed", type=int, default=7)
    on_throwaway_site(run, parser.parse_args())


def run(args) -> None:
    from rest_framework.test import APIClient
    from rest_framework.throttling import SimpleRateThrottle

    from accounts.tokens import create_token

    # The benchmark sends more requests an hour than one member's budget allows.
    SimpleRateThrottle.THROTTLE_RATES = {"token": "1000000/hour", "address": "1000000/hour"}
    users, match = start_match(args.scenario, args.seed)
    clients = {}
    for side, name in (("union", "lee"), ("confederate", "grant")):
        _, secret = create_token(users[name], "bench", "play")
        clients[side] = APIClient()
        clients[side].credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")

    rnd = random.Random(args.seed)
    submit_ms, submit_cpu_ms, legal_ms = [], [], []
    mid = None
    game_id = match.games.get(number=1).pk
    url = f"/api/v1/games/{game_id}/"
    deciding = "union"
    for n in range(args.actions):
        client = clients[deciding]
        t = time.perf_counter()
        legal = client.get(url + "legal-actions/").json()
        legal_ms.append((time.perf_counter() - t) * 1000)
        if not legal["your_turn"]:
            deciding = legal["deciding"]
            if not deciding:
                break
            continue
        action = rnd.choices(legal["actions"], weights=[weight(a) for a in legal["actions"]])[0]
        t, cpu = time.perf_counter(), time.thread_time()
        r = client.post(url + "actions/", {"version": legal["version"], "action": action}, format="json")
        submit_ms.append((time.perf_counter() - t) * 1000)
        submit_cpu_ms.append((time.thread_time() - cpu) * 1000)
        assert r.status_code == 201, r.content[:300]
        body = r.json()
        if not body["deciding"]:
            break
        deciding = body["deciding"]
        if mid is None and n >= args.actions // 2 and body["phase"] == "move":
            mid = deciding

    print(f"Scenario {args.scenario}: {len(submit_ms)} actions played through the API ({database_name()})")
    print(f"  submit an action (POST .../actions/): median {statistics.median(submit_ms):.1f} ms, "
          f"p95 {pct(submit_ms, 95):.1f} ms, max {max(submit_ms):.1f} ms")
    print(f"    of which on the CPU (this thread):  median {statistics.median(submit_cpu_ms):.1f} ms, "
          f"p95 {pct(submit_cpu_ms, 95):.1f} ms (the rest is waiting: disk, database, a busy machine)")
    print(f"  read the legal actions (GET):         median {statistics.median(legal_ms):.1f} ms, "
          f"p95 {pct(legal_ms, 95):.1f} ms")

    side = mid or deciding or "union"
    client = clients[side]
    t = time.perf_counter()
    view = client.get(url).content.decode()
    view_ms = (time.perf_counter() - t) * 1000
    legal = client.get(url + "legal-actions/").content.decode()
    body = json.loads(view)
    print(f"Game view at turn {body['turn']} ({body['phase']}, as the {side} player), {view_ms:.1f} ms:")
    raw, zipped = sizes(view)
    print(f"  GET /api/v1/games/{{id}}/: {raw} bytes raw, {zipped} bytes gzipped ({zipped / 1024:.1f} KB)")
    raw, zipped = sizes(legal)
    print(f"  GET .../legal-actions/:   {raw} bytes raw, {zipped} bytes gzipped ({zipped / 1024:.1f} KB)")


if __name__ == "__main__":
    main()
