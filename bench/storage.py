"""Storage per finished game, and page times as the stored games pile up.

Usage:  DATABASE_URL=postgres://... python bench/storage.py [--games 0,2000,10000]
                                                            [--members 250] [--scenario fredericksburg]

Runs on a throw-away PostgreSQL database ``<name>_storage`` next to DATABASE_URL's (created,
migrated and dropped again; REDIS_URL is ignored: the cache and the broker are local).

One match of ``--scenario`` is played to its end through the services (random legal
actions, seeded).  Its finished game is then copied inside the database (INSERT ... SELECT,
so 10,000 games take seconds, not hours) among ``--members`` members, until the stored
finished games reach each count of ``--games``.  At each count it prints:

- the bytes per finished game, including indexes and TOAST: the growth of the games'
  tables (matches, games, actions) divided by the games added;
- the server time (median of 20, Django's test client: the whole middleware stack and
  rendering, no network) and the query count of the lobby of a member with a long
  history, the page of a game being played, the poll with nothing new, the match page,
  the replay of a finished game, a scenario page and a member's profile page.

Prints figures only.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import random
import statistics
import sys
import tempfile
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TABLES = ("games_match", "games_game", "games_gameaction")


def setup(data_dir: str) -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        raise SystemExit("bench/storage.py measures PostgreSQL: set DATABASE_URL=postgres://...")
    parts = urllib.parse.urlsplit(url)
    name = parts.path.lstrip("/") + "_storage"
    import psycopg
    admin = urllib.parse.urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    os.environ["DATABASE_URL"] = urllib.parse.urlunsplit(parts._replace(path="/" + name))
    os.environ.pop("REDIS_URL", None)
    os.environ["DATA_DIR"] = data_dir
    os.environ["DEBUG"] = "1"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "battlecry_site.settings")
    import django
    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.ALLOWED_HOSTS = ["testserver"]
    call_command("migrate", verbosity=0)
    call_command("load_scenarios", stdout=open(os.devnull, "w"))
    return admin, name


def drop(admin: str, name: str) -> None:
    from django.db import connections
    connections.close_all()
    import psycopg
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def table_bytes() -> int:
    from django.db import connection
    with connection.cursor() as cur:
        cur.execute("SELECT " + " + ".join(f"pg_total_relation_size('{t}')" for t in TABLES))
        return cur.fetchone()[0]


def weight(a: dict) -> float:
    return {"end_turn": 0.4, "end_movement": 0.5, "confirm_orders": 0.5, "decline": 1,
            "end_rally": 1}.get(a["type"], 3)


def play_out(game_id: int, users: dict, rnd: random.Random) -> None:
    from games import services
    from games.models import Game
    while True:
        game = Game.objects.get(pk=game_id)
        if game.is_over or not game.deciding:
            return
        legal = services.load_engine(game).legal_actions()
        action = rnd.choices(legal, weights=[weight(a) for a in legal])[0]
        services.act(game_id, game.player_of(game.deciding), action, game.version)


def copy_games(template_match_id: int, count: int, member_ids: list[int], rnd: random.Random) -> None:
    """Add ``count`` finished one-game matches, copies of the template's game 1, between
    random pairs of members (one INSERT ... SELECT per table)."""
    from django.db import connection
    pairs = []
    for _ in range(count):
        a, b = rnd.sample(member_ids, 2)
        pairs.append((a, b))
    with connection.cursor() as cur:
        cur.execute("CREATE TEMP TABLE IF NOT EXISTS pairs (n int, a bigint, b bigint)")
        cur.execute("TRUNCATE pairs")
        with cur.copy("COPY pairs (n, a, b) FROM STDIN") as copy:
            for n, (a, b) in enumerate(pairs):
                copy.write_row((n, a, b))
        cols_m = [f.column for f in _fields("Match")]
        cols_g = [f.column for f in _fields("Game")]
        cols_a = [f.column for f in _fields("GameAction")]
        cur.execute("CREATE TEMP TABLE IF NOT EXISTS newm (n int, id bigint)")
        cur.execute("TRUNCATE newm")
        sel_m = ", ".join({"challenger_id": "p.a", "opponent_id": "p.b", "winner_id": "p.a"}.get(c, f"m.{c}")
                          for c in cols_m)
        cur.execute(f"""WITH ins AS (
            INSERT INTO games_match ({", ".join(cols_m)})
            SELECT {sel_m} FROM pairs p, games_match m WHERE m.id = %s ORDER BY p.n
            RETURNING id) INSERT INTO newm SELECT row_number() OVER (ORDER BY id) - 1, id FROM ins""",
                    [template_match_id])
        sel_g = ", ".join({"match_id": "nm.id", "union_player_id": "p.a",
                           "confederate_player_id": "p.b"}.get(c, f"g.{c}") for c in cols_g)
        cur.execute("CREATE TEMP TABLE IF NOT EXISTS newg (old bigint, id bigint)")
        cur.execute("TRUNCATE newg")
        cur.execute(f"""INSERT INTO games_game ({", ".join(cols_g)})
            SELECT {sel_g} FROM pairs p JOIN newm nm ON nm.n = p.n, games_game g
            WHERE g.match_id = %s AND g.number = 1""", [template_match_id])
        sel_a = ", ".join({"game_id": "g.id", "actor_id": "NULL"}.get(c, f"a.{c}") for c in cols_a)
        cur.execute(f"""INSERT INTO games_gameaction ({", ".join(cols_a)})
            SELECT {sel_a} FROM games_game g JOIN newm nm ON nm.id = g.match_id,
                 games_gameaction a JOIN games_game t ON t.id = a.game_id
            WHERE t.match_id = %s AND t.number = 1""", [template_match_id])


def _fields(model: str):
    from django.apps import apps
    m = apps.get_model("games", model)
    return [f for f in m._meta.concrete_fields if not f.primary_key]


def timed(client, url: str, htmx: bool = False, n: int = 20) -> tuple[float, int]:
    from django.db import connection
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    client.get(url, **headers)
    times = []
    queries = []

    def count(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        r = client.get(url, **headers)
    assert r.status_code in (200, 204), (url, r.status_code)
    for _ in range(n):
        t = time.perf_counter()
        client.get(url, **headers)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), len(queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="0,2000,10000")
    parser.add_argument("--members", type=int, default=250)
    parser.add_argument("--scenario", default="fredericksburg")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    counts = sorted(int(x) for x in args.games.split(","))
    with tempfile.TemporaryDirectory() as data_dir:
        admin, name = setup(data_dir)
        try:
            run(args, counts)
        finally:
            drop(admin, name)


def run(args, counts: list[int]) -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client

    from games import services
    from games.models import Game, Scenario

    rnd = random.Random(args.seed)
    User = get_user_model()
    members = [User.objects.create_user(f"member{n}", email=f"m{n}@example.org")
               for n in range(args.members)]
    lee, grant = members[0], members[1]
    scenario = Scenario.objects.get(slug=args.scenario)

    t = time.perf_counter()
    finished = services.create_challenge(lee, grant, scenario, side="union")
    services.accept(finished.pk, grant)
    game1 = finished.games.get(number=1)
    play_out(game1.pk, {}, rnd)
    game1.refresh_from_db()
    print(f"Played one game of {args.scenario} to its end: {game1.version} actions "
          f"in {time.perf_counter() - t:.0f} s")
    live = services.create_challenge(lee, grant, scenario, side="union")
    services.accept(live.pk, grant)
    live_game = live.games.get(number=1)
    for _ in range(60):                       # a game in progress with some history
        g = Game.objects.get(pk=live_game.pk)
        if g.is_over or not g.deciding:
            break
        legal = services.load_engine(g).legal_actions()
        services.act(g.pk, g.player_of(g.deciding), rnd.choices(legal, weights=[weight(a) for a in legal])[0],
                     g.version)
    live_game.refresh_from_db()

    client = Client()
    client.force_login(lee)
    pages = [
        ("lobby", "/play/", False),
        ("game page", f"/play/games/{live_game.pk}/", False),
        ("poll, nothing new", f"/play/games/{live_game.pk}/version/?v={live_game.version}", True),
        ("match page", f"/play/matches/{finished.pk}/", False),
        ("replay (last step)", f"/play/games/{game1.pk}/replay/", False),
        ("scenario page", f"/scenarios/{args.scenario}/", False),
        ("profile page", "/accounts/profile/", False),
    ]
    stored = 1
    member_ids = [m.pk for m in members]
    for count in counts:
        if count > stored:
            before = table_bytes()
            t = time.perf_counter()
            copy_games(finished.pk, count - stored, member_ids, rnd)
            with connection.cursor() as cur:
                cur.execute("ANALYZE " + ", ".join(TABLES))
            grown = table_bytes() - before
            print(f"\n{count} finished games stored (copied {count - stored} in "
                  f"{time.perf_counter() - t:.0f} s): {grown / (count - stored) / 1024:.1f} KiB "
                  f"per finished game of {game1.version} actions "
                  f"({grown / (count - stored) / max(1, game1.version):.0f} bytes per action), "
                  f"tables now {table_bytes() / 2**20:.0f} MiB")
            stored = count
        else:
            print(f"\n{stored} finished game(s) stored: tables {table_bytes() / 2**20:.1f} MiB, "
                  f"{table_bytes() / 1024:.0f} KiB in all")
        for label, url, htmx in pages:
            try:
                ms, queries = timed(client, url, htmx)
            except AssertionError as e:
                print(f"  {label:<22} failed: {e}")
                continue
            print(f"  {label:<22} {ms:7.1f} ms  {queries:3d} queries")


if __name__ == "__main__":
    main()
