"""Server time of the play pages, and the size of the board fragment.

Usage:  python bench/web.py [--actions 300] [--scenario fredericksburg] [--seed 7] [--profile FILE]

Two members play a game of a shipped scenario through the pages (Django's test client, so
every request goes through the whole middleware stack, the service's locked transaction
and the rendering, but no network): each action is a POST as HTMX sends it, choosing at
random among the legal actions (seeded, so runs compare).  Prints the server time per
action request (median and 95th percentile), the time of the poll that finds nothing new,
and, for a mid-game position, the size of the board fragment (``?fragment=board``, with a
unit selected and its moves highlighted) and of the whole #game fragment, raw and gzipped.

Runs on a throw-away test database (SQLite in memory, or a test database next to
DATABASE_URL's) and a throw-away DATA_DIR, whose embedded broker takes the queued tasks
(REDIS_URL is ignored, so no real worker ever sees them).  Prints figures only: the goals (p95 at most 50 ms, board at
most 5 KB gzipped) are checked by reading them, never by a timed test.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import pathlib
import random
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup_django(data_dir: str) -> str:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "battlecry_site.settings")
    os.environ["DATA_DIR"] = data_dir
    # The tasks the actions queue go to the throw-away embedded broker, never to a real one
    # (a real worker would look their game ids up in the real database).
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DEBUG", "1")
    import django

    django.setup()
    from django.conf import settings
    from django.test.utils import setup_test_environment

    setup_test_environment()
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.ALLOWED_HOSTS = ["testserver", *settings.ALLOWED_HOSTS]
    from django.db import connection

    return connection.creation.create_test_db(verbosity=0, autoclobber=True)


def pct(values, p) -> float:
    values = sorted(values)
    k = (len(values) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def sizes(text: str) -> tuple[int, int]:
    raw = text.encode()
    return len(raw), len(gzip.compress(raw))


def weight(a: dict) -> float:
    """Play like a person: mostly order, move and battle before ending a step."""
    return {"end_turn": 0.4, "end_movement": 0.5, "confirm_orders": 0.5, "decline": 1,
            "end_rally": 1}.get(a["type"], 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--scenario", default="fredericksburg")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", metavar="FILE",
                        help="write a cProfile of the action requests to FILE (pstats format)")
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
    from django.test import Client

    from games import services
    from games.models import Game, Scenario

    data = json.loads((ROOT / "games" / "scenarios" / f"{args.scenario}.json").read_text())
    scenario = Scenario(data=data)
    scenario.fill_from_data()
    scenario.save()
    services.new_seed = lambda: f"{args.seed:032x}"    # the same deal every run
    users = {n: get_user_model().objects.create_user(n, email=f"{n}@example.org", password="x")
             for n in ("lee", "grant")}
    match = services.create_challenge(users["lee"], users["grant"], scenario, side="union")
    services.accept(match.pk, users["grant"])
    clients = {}                 # by player: in the re-match the sides are swapped
    for user in users.values():
        clients[user.pk] = Client()
        clients[user.pk].force_login(user)

    rnd = random.Random(args.seed)
    act_ms, act_cpu, poll_ms, page_ms = [], [], [], []
    profile = None
    if args.profile:
        import cProfile
        profile = cProfile.Profile()
    mid = None
    game = match.games.get(number=1)
    for n in range(args.actions):
        game = Game.objects.get(pk=game.match.games.order_by("-number").first().pk)
        if game.is_over or not game.deciding:
            break
        engine = services.load_engine(game)
        legal = engine.legal_actions()
        action = rnd.choices(legal, weights=[weight(a) for a in legal])[0]
        client = clients[game.deciding_player_id]
        url = f"/play/games/{game.pk}/"
        t, c = time.perf_counter(), time.process_time()
        if profile:
            profile.enable()
        r = client.post(url + "act/", {"action": json.dumps(action), "version": game.version},
                        HTTP_HX_REQUEST="true")
        if profile:
            profile.disable()
        act_ms.append((time.perf_counter() - t) * 1000)
        act_cpu.append((time.process_time() - c) * 1000)
        assert r.status_code == 200 and b"role=\"alert\"" not in r.content, r.content[:300]
        other = clients[game.player_id_of("union" if game.deciding == "confederate" else "confederate")]
        t = time.perf_counter()
        other.get(url + f"version/?v={game.version + 1}", HTTP_HX_REQUEST="true")
        poll_ms.append((time.perf_counter() - t) * 1000)
        if n % 10 == 0:
            t = time.perf_counter()
            client.get(url)
            page_ms.append((time.perf_counter() - t) * 1000)
        if mid is None and n >= args.actions // 2:
            game.refresh_from_db()
            engine = services.load_engine(game)
            if engine.phase == "move" and game.deciding:
                mid = (game, engine)

    print(f"Scenario {args.scenario}: {len(act_ms)} actions played through the pages "
          f"(database: {'PostgreSQL' if 'postgres' in os.environ.get('DATABASE_URL', '') else 'SQLite'})")
    print(f"  action request (POST, HTMX fragment back): median {statistics.median(act_ms):.1f} ms, "
          f"p95 {pct(act_ms, 95):.1f} ms, max {max(act_ms):.1f} ms")
    print(f"    CPU time of this process (less stretched by a loaded machine; PostgreSQL's own "
          f"work not counted): median {statistics.median(act_cpu):.1f} ms, p95 {pct(act_cpu, 95):.1f} ms")
    print(f"  poll with nothing new (204):               median {statistics.median(poll_ms):.2f} ms, "
          f"p95 {pct(poll_ms, 95):.2f} ms")
    print(f"  whole page (GET):                          median {statistics.median(page_ms):.1f} ms, "
          f"p95 {pct(page_ms, 95):.1f} ms")

    if profile:
        profile.dump_stats(args.profile)
        print(f"  profile of the action requests written to {args.profile}")

    if mid is None:
        game.refresh_from_db()
        mid = (game, services.load_engine(game))
    game, engine = mid
    side = engine.active_side
    client = clients[game.player_id_of(side)]
    movers = [a for a in engine.legal_actions() if a["type"] == "move"]
    sel = ""
    if movers:
        from games.engine.battlecry.hexgrid import HEXES
        h = HEXES[engine.units[movers[0]["unit"]].hex]
        sel = f"&sel={h.col},{h.row}"
    board = client.get(f"/play/games/{game.pk}/?fragment=board{sel}").content.decode()
    fragment = client.get(f"/play/games/{game.pk}/?x=1{sel}", HTTP_HX_REQUEST="true").content.decode()
    raw, zipped = sizes(board)
    print(f"Mid-game position (turn {engine.turn}, {engine.phase}, a unit selected):")
    print(f"  board fragment: {raw} bytes raw, {zipped} bytes gzipped ({zipped / 1024:.1f} KB)")
    raw, zipped = sizes(fragment)
    print(f"  whole #game fragment (board, hand, choices, log): {raw} bytes raw, {zipped} bytes gzipped")


if __name__ == "__main__":
    main()
