"""Storage per finished game, and page times as the stored games pile up.

Usage:  DATABASE_URL=postgres://... python bench/storage.py [--games 0,2000,10000]
                                                            [--members 250] [--scenario fredericksburg]
                                                            [--min-actions 1000] [--unpacked]

Runs on a throw-away PostgreSQL database ``<name>_storage`` next to DATABASE_URL's (created,
migrated and dropped again; REDIS_URL is ignored: the cache and the broker are local).

A game of ``--scenario`` is played to its end through the services (random legal actions,
seeded; the players manoeuvre with few attacks until 90% of ``--min-actions`` and then fight
to the end, so the game is full-length), and its log is packed as a finished game's is (one
compressed value; ``--unpacked`` keeps the rows).  The finished game is then copied inside the
database (INSERT ... SELECT, so 10,000 games take seconds, not hours) among ``--members``
members, until the stored finished games reach each count of ``--games``.  At each count it
prints:

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
TABLES = ("games_match", "games_game", "games_gameaction", "games_packedlog")


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


WEIGHTS = {"end_turn": 0.4, "end_movement": 0.5, "confirm_orders": 0.5, "decline": 1, "end_rally": 1}
#: Players who manoeuvre: few moves, hardly an attack, generals kept back (random games with
#: these weights on Fredericksburg last 1,100-1,800 actions and end on flags).
MANOEUVRE = {**WEIGHTS, "attack": 0.001, "move_general": 0.0001, "move": 0.3, "end_movement": 3}


def weight(a: dict, weights: dict = WEIGHTS) -> float:
    return weights.get(a["type"], 3)


def play_out(game_id: int, rnd: random.Random, hold_until: int = 0) -> None:
    """Random legal actions to the end of the game; before version ``hold_until`` the
    players manoeuvre (``MANOEUVRE``), so the game lasts at least about that long."""
    from games import services
    from games.models import Game
    while True:
        game = Game.objects.get(pk=game_id)
        if game.is_over or not game.deciding:
            return
        legal = services.load_engine(game).legal_actions()
        weights = MANOEUVRE if game.version < hold_until else WEIGHTS
        action = rnd.choices(legal, weights=[weight(a, weights) for a in legal])[0]
        services.act(game_id, game.player_of(game.deciding), action, game.version)


def full_length_game(lee, grant, scenario, rnd: random.Random, min_actions: int, tries: int = 4):
    """A finished game of at least about ``min_actions`` actions (a full-length game): random
    play, the players manoeuvring until 90% of that, then fighting to the end; a game that
    ends sooner is played again (at most ``tries`` games).  Returns the match and game of
    the longest."""
    from games import services
    best = None
    for _ in range(tries):
        match = services.create_challenge(lee, grant, scenario, side="union")
        services.accept(match.pk, grant)
        game = match.games.get(number=1)
        play_out(game.pk, rnd, hold_until=int(min_actions * 0.9))
        game.refresh_from_db()
        if best is None or game.version > best[1].version:
            best = (match, game)
        if game.version >= min_actions * 0.9:
            break
    return best


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
        sel_g = ", ".join({"match_id": "nm.id"}.get(c, f"g.{c}") for c in cols_g)
        cur.execute("CREATE TEMP TABLE IF NOT EXISTS newg (old bigint, id bigint)")
        cur.execute("TRUNCATE newg")
        cur.execute(f"""INSERT INTO games_game ({", ".join(cols_g)})
            SELECT {sel_g} FROM pairs p JOIN newm nm ON nm.n = p.n, games_game g
            WHERE g.match_id = %s AND g.number = 1""", [template_match_id])
        # each copied game's seats: "union" held by the pair's first member, "confederate" by the second
        cols_s = [f.column for f in _fields("Seat")]
        sel_s = ", ".join({"game_id": "g.id", "player_id": "CASE WHEN s.name = 'union' THEN p.a ELSE p.b END"}
                          .get(c, f"s.{c}") for c in cols_s)
        cur.execute(f"""INSERT INTO games_seat ({", ".join(cols_s)})
            SELECT {sel_s} FROM pairs p JOIN newm nm ON nm.n = p.n JOIN games_game g ON g.match_id = nm.id,
                 games_seat s JOIN games_game t ON t.id = s.game_id
            WHERE t.match_id = %s AND t.number = 1""", [template_match_id])
        sel_a = ", ".join({"game_id": "g.id", "actor_id": "NULL"}.get(c, f"a.{c}") for c in cols_a)
        cur.execute(f"""INSERT INTO games_gameaction ({", ".join(cols_a)})
            SELECT {sel_a} FROM games_game g JOIN newm nm ON nm.id = g.match_id,
                 games_gameaction a JOIN games_game t ON t.id = a.game_id
            WHERE t.match_id = %s AND t.number = 1""", [template_match_id])
        cols_p = [f.column for f in _fields("PackedLog")]
        sel_p = ", ".join({"game_id": "g.id"}.get(c, f"p.{c}") for c in cols_p)
        cur.execute(f"""INSERT INTO games_packedlog ({", ".join(cols_p)})
            SELECT {sel_p} FROM games_game g JOIN newm nm ON nm.id = g.match_id,
                 games_packedlog p JOIN games_game t ON t.id = p.game_id
            WHERE t.match_id = %s AND t.number = 1""", [template_match_id])


def _fields(model: str):
    from django.apps import apps
    m = apps.get_model("games", model)
    return [f for f in m._meta.concrete_fields if not f.primary_key or f.is_relation]


def row_bytes(game_id: int) -> int:
    from django.db import connection
    with connection.cursor() as cur:
        cur.execute("SELECT coalesce(sum(pg_column_size(a.*)), 0) FROM games_gameaction a "
                    "WHERE a.game_id = %s", [game_id])
        return cur.fetchone()[0]


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
    parser.add_argument("--min-actions", type=int, default=1000,
                        help="a finished game of at least about this many actions (full-length)")
    parser.add_argument("--unpacked", action="store_true",
                        help="store the games' logs as action rows, as before they are packed")
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
    finished, game1 = full_length_game(lee, grant, scenario, rnd, args.min_actions)
    print(f"Played a game of {args.scenario} to its end: {game1.version} actions "
          f"in {time.perf_counter() - t:.0f} s")
    rows = row_bytes(game1.pk)
    if args.unpacked:
        print(f"  its log is kept as {game1.version} action rows ({rows / 1024:.1f} KiB of row data "
              "without indexes), not packed (--unpacked)")
    else:
        from games import game_log
        from games.models import PackedLog
        game_log.pack(game1.pk)
        packed = len(PackedLog.objects.get(game=game1).data)
        print(f"  its log packed: {game1.version} action rows ({rows / 1024:.1f} KiB of row data "
              f"without indexes) -> one value of {packed / 1024:.1f} KiB")
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
