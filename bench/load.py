"""Load on the play pages: N simulated members play over real HTTP against gunicorn.

Usage:  python bench/load.py [--players 10] [--duration 60] [--think 0-200]
                             [--workers 3] [--port 8765] [--max-requests 200000] [--late [VERSION]]

Loopback only and bounded: the server is started here on 127.0.0.1, every request goes
there, and the run stops after ``--duration`` seconds or ``--max-requests`` requests,
whichever comes first.  The server is started as the README deploys it (``gunicorn
battlecry_site.wsgi --workers 3``, DEBUG off, collected static files), on a throw-away
database: with DATABASE_URL (PostgreSQL) a database ``<name>_load`` next to it, created,
migrated and dropped again; without it, SQLite in a temporary DATA_DIR.  With REDIS_URL,
its cache and broker are used and one Celery worker is started too (as in production).

The players come in pairs; each pair plays a match of ``--scenario``.  Each player does
what the page does: the whole page once, then, while the opponent decides, the poll
``version/?v=N`` every 3 seconds (204 while nothing is new, else the fresh #game
fragment); on their own turn, after a think time drawn from ``--think`` (milliseconds),
a click: select a piece (GET ``?sel=``) or one of the page's own action forms (POST
``act/``, HTMX fragment back), chosen at random among what the page offers.

``--teams N`` adds N team games beside the pairs' matches, taken in turn from TEAM_GAMES
(Epic on single-board battles with three generals a side, Grand Battle Cry on the double
board under the standard rules, Doubles on both boards: 8, 8, 4, 8, 8, 4, 8 seats, so 6 games
seat 40 members and 7 seat 48): a team table per game, opened and filled through the site's
services by one member a seat, each member playing their own seat as above (acting when
their page offers them choices); their requests are counted apart (``team-page``,
``team-poll``, ``team-select``, ``team-action``).

``--late`` (the late-game variant): one game is played to version 900 (or the version given)
before the run, and every pair's game starts as a copy of it, log included, so the run
measures versions 900 to about 1,000 instead of the opening.

Prints requests a second, p50/p95/p99 per kind of request, errors, and the CPU the
server spent per request: gunicorn's processes and the PostgreSQL backends of the
throw-away database (read from /proc, so Linux only).  Prints figures only.
"""
from __future__ import annotations

import argparse
import html
import http.client
import json
import os
import pathlib
import random
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import defaultdict

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PYTHON = str(ROOT / ".venv" / "bin" / "python")
GUNICORN = str(ROOT / ".venv" / "bin" / "gunicorn")
CELERY = str(ROOT / ".venv" / "bin" / "celery")
HOST = "127.0.0.1"
POLL_SECONDS = 3
TICKS = os.sysconf("SC_CLK_TCK")

ACTION_RE = re.compile(r'name="action" value="([^"]*)"')
VALS_RE = re.compile(r"hx-vals=\"([^\"]*)\"")
SELECT_RE = re.compile(r'hx-get="(/play/games/\d+/\?sel=[^"]*)"')
VERSION_RE = re.compile(r'data-version="(\d+)"')


def pct(values, p) -> float:
    values = sorted(values)
    if not values:
        return float("nan")
    k = (len(values) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def weight(action: dict) -> float:
    """Play like a person: mostly order, move and battle before ending a step."""
    return {"end_turn": 0.4, "end_movement": 0.5, "confirm_orders": 0.5, "decline": 1,
            "end_rally": 1}.get(action.get("type"), 3)


# -- the server ------------------------------------------------------------------------------------
def server_env(data_dir: str) -> dict:
    """The environment of the throw-away site (a database of its own)."""
    env = dict(os.environ)
    env.update({"DATA_DIR": data_dir, "DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(40),
                "ALLOWED_HOSTS": HOST, "SECURE_SSL_REDIRECT": "0", "SESSION_COOKIE_SECURE": "0",
                "CSRF_COOKIE_SECURE": "0", "STATIC_ROOT": os.path.join(data_dir, "static"),
                "LOG_LEVEL": "WARNING", "DJANGO_SETTINGS_MODULE": "battlecry_site.settings"})
    url = env.get("DATABASE_URL", "")
    if url:
        parts = urllib.parse.urlsplit(url)
        env["DATABASE_URL"] = urllib.parse.urlunsplit(parts._replace(path=parts.path + "_load"))
    return env


def pg_admin(env: dict, sql: str) -> None:
    import psycopg
    parts = urllib.parse.urlsplit(env["DATABASE_URL"])
    admin = urllib.parse.urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql)


def db_name(env: dict) -> str:
    return urllib.parse.urlsplit(env.get("DATABASE_URL", "")).path.lstrip("/")


def prepare(env: dict) -> None:
    if env.get("DATABASE_URL"):
        pg_admin(env, f'DROP DATABASE IF EXISTS "{db_name(env)}" WITH (FORCE)')
        pg_admin(env, f'CREATE DATABASE "{db_name(env)}"')
    for cmd in (["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"],
                ["load_scenarios"]):
        subprocess.run([PYTHON, "manage.py", *cmd], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL)


#: The team games of ``--teams``, in turn: (team mode, shipped scenario).
TEAM_GAMES = (("epic", "antietam"), ("grand", "gettysburg-double"), ("doubles", "shiloh-double"),
              ("epic", "chickamauga"), ("grand", "chickamauga-double"), ("doubles", "antietam"),
              ("epic", "murfreesboro"))
#: The rules each team mode is played under.
TEAM_RULES = {"epic": "advanced", "doubles": "advanced", "grand": "standard"}


def seed_teams(env: dict, teams: int) -> list[dict]:
    """Members, their sessions and a started team game for each of ``teams`` team tables
    (TEAM_GAMES in turn), the tables opened and filled through the site's services (in a
    child process)."""
    games = [TEAM_GAMES[t % len(TEAM_GAMES)] for t in range(teams)]
    script = f"""
import json, django
django.setup()
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.auth import SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY
from games import services
from games.models import Scenario
RULES = {TEAM_RULES!r}
out = []
for t, (mode, slug) in enumerate({games!r}):
    scenario = Scenario.objects.get(slug=slug)
    ruleset, options = RULES[mode], {{"team_mode": mode}}
    plan = services.team_seat_plan(scenario, ruleset, options)
    members = []
    for spec in plan:
        u = get_user_model().objects.create_user(f"team{{t}}-{{spec.name}}", email=f"t{{t}}{{spec.name}}@example.org")
        s = SessionStore()
        s[SESSION_KEY] = str(u.pk); s[BACKEND_SESSION_KEY] = "accounts.backends.RateLimitedModelBackend"
        s[HASH_SESSION_KEY] = u.get_session_auth_hash(); s.create()
        members.append((spec.name, u, s.session_key))
    match = services.open_table(members[0][1], scenario, options=options, ruleset=ruleset,
                                seat=members[0][0])
    for seat, u, _ in members[1:]:
        services.take_table_seat(match.pk, u, seat)
    game = match.games.get(number=1)
    for seat, u, key in members:
        out.append({{"user": u.username, "session": key, "game": game.pk, "version": game.version,
                    "team": f"{{mode}} {{slug}}"}})
print(json.dumps(out))
"""
    done = subprocess.run([PYTHON, "-c", script], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def seed_players(env: dict, players: int, scenario: str, late: int = 0) -> list[dict]:
    """Members, their sessions and a started match per pair (made in a child process with
    the site's own services, so the bench process never imports Django).  With ``late``,
    one game is played to that version first (random legal actions, the players manoeuvring
    with few attacks so that it lasts) and every pair's game starts as a copy of it: its state
    and its whole log, with the pair as its players."""
    script = f"""
import json, random, django
django.setup()
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.auth import SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY
from games import services
from games.models import Scenario
scenario = Scenario.objects.get(slug={scenario!r})
out = []
users = []
for n in range({players}):
    u = get_user_model().objects.create_user(f"load{{n}}", email=f"load{{n}}@example.org")
    s = SessionStore()
    s[SESSION_KEY] = str(u.pk); s[BACKEND_SESSION_KEY] = "accounts.backends.RateLimitedModelBackend"
    s[HASH_SESSION_KEY] = u.get_session_auth_hash(); s.create()
    users.append((u, s.session_key))
from games.models import Game, GameAction
LATE = {late}
# players who manoeuvre (few moves, hardly an attack, generals kept back), so the game lasts
MANOEUVRE = {{"end_turn": 0.4, "end_movement": 3, "confirm_orders": 0.5, "decline": 1, "end_rally": 1,
             "attack": 0.001, "move_general": 0.0001, "move": 0.3}}
template = None
if LATE:
    (ua, _), (ub, _) = users[0], users[1]
    match = services.create_challenge(ua, ub, scenario, side="union")
    services.accept(match.pk, ub)
    template = match.games.get(number=1)
    rnd = random.Random(7)
    while template.version < LATE and template.deciding and not template.is_over:
        legal = services.load_engine(template).legal_actions()
        weights = [MANOEUVRE.get(x["type"], 3) for x in legal]
        services.act(template.pk, template.player_of(template.deciding), rnd.choices(legal, weights)[0],
                     template.version)
        template.refresh_from_db()
    log = list(template.actions.order_by("index"))
COPIED = ("state", "setup_events", "version", "phase", "deciding", "turn", "deadline",
          "secret_seed", "seed", "seed_hash", "ruleset")
for a in range(0, len(users) - 1, 2):
    (ua, ka), (ub, kb) = users[a], users[a + 1]
    if template is not None and a == 0:
        game = template
    else:
        match = services.create_challenge(ua, ub, scenario, side="union")
        services.accept(match.pk, ub)
        game = match.games.get(number=1)
        if template is not None:
            for f in COPIED:
                setattr(game, f, getattr(template, f))
            game.save()
            actor = {{template.player_id_of("union"): ua.pk, template.player_id_of("confederate"): ub.pk}}
            GameAction.objects.bulk_create([
                GameAction(game=game, index=e.index, side=e.side, actor_id=actor.get(e.actor_id),
                           action=e.action, events=e.events, created=e.created) for e in log])
    out.append({{"user": ua.username, "session": ka, "game": game.pk, "version": game.version}})
    out.append({{"user": ub.username, "session": kb, "game": game.pk, "version": game.version}})
print(json.dumps(out))
"""
    done = subprocess.run([PYTHON, "-c", script], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def children(pid: int) -> list[int]:
    try:
        text = pathlib.Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def cpu_ticks(pid: int) -> int:
    try:
        fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return -1
    return int(fields[11]) + int(fields[12])          # utime + stime


def pg_backends(name: str) -> list[int]:
    """PostgreSQL backends connected to database ``name`` (by their process title)."""
    found = []
    if not name:
        return found
    for d in pathlib.Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                title = (d / "cmdline").read_bytes().decode(errors="replace")
            except OSError:
                continue
            if title.startswith("postgres: ") and f" {name} " in title:
                found.append(int(d.name))
    return found


class CpuMeter(threading.Thread):
    """Samples the CPU time of gunicorn (master and workers) and of the database's backends;
    a process that ends keeps the last figure read."""

    def __init__(self, gunicorn_pid: int, database: str):
        super().__init__(daemon=True)
        self.gunicorn_pid, self.database = gunicorn_pid, database
        self.seen = {"gunicorn": {}, "postgres": {}}
        self.start_ticks = None
        self.running = True

    def sample(self) -> dict:
        for pid in [self.gunicorn_pid, *children(self.gunicorn_pid)]:
            t = cpu_ticks(pid)
            if t >= 0:
                self.seen["gunicorn"][pid] = t
        for pid in pg_backends(self.database):
            t = cpu_ticks(pid)
            if t >= 0:
                self.seen["postgres"][pid] = t
        return {k: sum(v.values()) for k, v in self.seen.items()}

    def run(self) -> None:
        while self.running:
            self.sample()
            time.sleep(0.25)

    def mark(self) -> dict:
        return dict(self.sample())


def machine_busy() -> tuple[int, int]:
    fields = [int(x) for x in pathlib.Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]
    return sum(fields) - idle, sum(fields)


# -- the players -----------------------------------------------------------------------------------
class Stats:
    """Times per kind of request; those begun before ``counted_from`` (the warm-up, while every
    member opens the page at once) are made but left out of the figures."""

    def __init__(self, counted_from: float = 0.0):
        self.lock = threading.Lock()
        self.ms = defaultdict(list)
        self.errors = defaultdict(int)
        self.reasons = defaultdict(int)
        self.count = 0
        self.counted_from = counted_from
        self.warming = 0

    def why(self, kind: str, reason: str) -> None:
        with self.lock:
            self.reasons[(kind, reason)] += 1

    def also(self, kind: str, ms: float, began: float) -> None:
        """A time counted again under another kind (not a request of its own)."""
        with self.lock:
            if began >= self.counted_from:
                self.ms[kind].append(ms)

    def add(self, kind: str, ms: float, ok: bool, began: float) -> None:
        with self.lock:
            self.count += 1
            if began < self.counted_from:
                self.warming += 1
                return
            self.ms[kind].append(ms)
            if not ok:
                self.errors[kind] += 1


class Player(threading.Thread):
    def __init__(self, seat: dict, port: int, stats: Stats, stop_at: float, think: tuple,
                 max_requests: int, rnd: random.Random):
        super().__init__(daemon=True)
        self.seat, self.port, self.stats = seat, port, stats
        self.stop_at, self.think, self.max_requests, self.rnd = stop_at, think, max_requests, rnd
        self.cookies = {"sessionid": seat["session"]}
        self.game = seat["game"]
        self.version = 0
        self.fragment = ""

    def done(self) -> bool:
        return time.monotonic() >= self.stop_at or self.stats.count >= self.max_requests

    def request(self, kind: str, method: str, path: str, body: dict | None = None,
                htmx: bool = True) -> tuple[int, str]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
                   "Host": HOST}
        if htmx:
            headers["HX-Request"] = "true"
        data = None
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            data = urllib.parse.urlencode(body)
        conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
        began = time.monotonic()
        t = time.perf_counter()
        try:
            conn.request(method, path, body=data, headers=headers)
            resp = conn.getresponse()
            text = resp.read().decode()
            status = resp.status
            for k, v in resp.getheaders():
                if k.lower() == "set-cookie":
                    name, value = v.split(";", 1)[0].split("=", 1)
                    self.cookies[name] = value
        except OSError:
            status, text = 599, ""
        finally:
            conn.close()
        ms = (time.perf_counter() - t) * 1000
        ok = status in (200, 204, 303) and 'role="alert"' not in text
        if self.seat.get("team"):
            kind = f"team-{kind}"
            if kind == "team-action":           # per mode too, not counted twice
                self.stats.also(f"  {self.seat['team'].split()[0]}", ms, began)
        self.stats.add(kind, ms, ok, began)
        if not ok:
            m = re.search(r'role="alert">([^<]*)', text)
            self.stats.why(kind, f"{status} {m.group(1).strip() if m else text[:80]!r}")
        return status, text

    def take(self, text: str) -> None:
        if text:
            self.fragment = text
            m = VERSION_RE.search(text)
            if m:
                self.version = int(m.group(1))

    def choices(self) -> list:
        acts = [json.loads(html.unescape(a)) for a in ACTION_RE.findall(self.fragment)]
        for vals in VALS_RE.findall(self.fragment):
            acts.append(json.loads(json.loads(html.unescape(vals))["action"]))
        return acts

    def run(self) -> None:
        base = f"/play/games/{self.game}/"
        status, text = self.request("page", "GET", base, htmx=False)
        self.take(text)
        selected = False
        while not self.done():
            acts = self.choices()
            if not acts:
                self.sleep(POLL_SECONDS)
                status, text = self.request("poll", "GET", f"{base}version/?v={self.version}")
                if status == 200:
                    self.take(text)
                    if "game-over" in text or self.next_game(text):
                        continue
                continue
            self.sleep(self.rnd.uniform(*self.think) / 1000)
            selects = SELECT_RE.findall(self.fragment) if not selected else []
            if selects and self.rnd.random() < 0.5:
                status, text = self.request("select", "GET", html.unescape(self.rnd.choice(selects)))
                self.take(text)
                selected = True
                continue
            selected = False
            action = self.rnd.choices(acts, weights=[weight(a) for a in acts])[0]
            status, text = self.request("action", "POST", f"{base}act/",
                                        {"action": json.dumps(action), "version": self.version})
            self.take(text)

    def next_game(self, text: str) -> bool:
        m = re.search(r'href="/play/games/(\d+)/"[^>]*>[^<]*re-match', text, re.I)
        if m and int(m.group(1)) != self.game:
            self.game = int(m.group(1))
            return True
        return False

    def sleep(self, seconds: float) -> None:
        time.sleep(max(0.0, min(seconds, self.stop_at - time.monotonic())))


# -- main ------------------------------------------------------------------------------------------
def wait_up(port: int, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=2)
            conn.request("GET", "/", headers={"Host": HOST})
            conn.getresponse().read()
            return
        except OSError:
            time.sleep(0.3)
    raise SystemExit("the server did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--duration", type=float, default=60, help="seconds (at most 900)")
    parser.add_argument("--think", default="0-200", help="think time range, ms")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--scenario", default="fredericksburg")
    parser.add_argument("--max-requests", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--warmup", type=float, default=10,
                        help="seconds at the start whose requests are made but not counted "
                             "(every member opens the page at once then); 0 counts them all")
    parser.add_argument("--teams", type=int, default=0,
                        help="team games beside the pairs' matches, one member per seat")
    parser.add_argument("--late", type=int, nargs="?", const=900, default=0, metavar="VERSION",
                        help="late-game variant: every game starts at this version (default 900) "
                             "with its whole log, instead of at the deal")
    args = parser.parse_args()
    duration = min(args.duration, 900)
    think = tuple(float(x) for x in args.think.split("-"))
    players = max(2, args.players - args.players % 2)

    data_dir = tempfile.mkdtemp(prefix="bc-load-")
    env = server_env(data_dir)
    procs = []
    try:
        prepare(env)
        t = time.monotonic()
        seats = seed_players(env, players, args.scenario, args.late)
        if args.teams:
            seats += seed_teams(env, args.teams)
        if args.late:
            print(f"Late-game variant: the games start at version {seats[0]['version']} "
                  f"(prepared in {time.monotonic() - t:.0f} s)", flush=True)
        gunicorn = subprocess.Popen(
            [GUNICORN, "battlecry_site.wsgi",
             "--bind", f"{HOST}:{args.port}",
             "--workers", str(args.workers), "--log-level", "warning"], cwd=ROOT, env=env)
        procs.append(gunicorn)
        if env.get("REDIS_URL"):
            procs.append(subprocess.Popen([CELERY, "-A", "battlecry_site", "worker", "-c", "1",
                                           "--loglevel=WARNING"], cwd=ROOT, env=env,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_up(args.port, time.monotonic() + 60)
        meter = CpuMeter(gunicorn.pid, db_name(env))
        meter.start()
        rnd = random.Random(args.seed)
        cpu0, busy0 = {**meter.mark(), "players": time.process_time() * TICKS}, machine_busy()
        t0 = time.monotonic()
        stats = Stats(counted_from=t0 + min(args.warmup, duration / 2))
        stop_at = t0 + duration
        threads = [Player(seat, args.port, stats, stop_at, think, args.max_requests,
                          random.Random(rnd.random())) for seat in seats]
        for th in threads:
            th.start()
        for th in threads:
            th.join(timeout=duration + 60)
        elapsed = time.monotonic() - t0
        cpu1, busy1 = {**meter.mark(), "players": time.process_time() * TICKS}, machine_busy()
        meter.running = False
        report(args, players, stats, elapsed, cpu0, cpu1, busy0, busy1, env,
               sum(1 for seat in seats if seat.get("team")))
        seen = [th.version for th in threads if th.version]
        if seen:
            print(f"  game versions at the end: {min(seen)} to {max(seen)}")
    finally:
        for p in reversed(procs):
            p.send_signal(signal.SIGTERM)
        for p in procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
        if env.get("DATABASE_URL"):
            pg_admin(env, f'DROP DATABASE IF EXISTS "{db_name(env)}" WITH (FORCE)')
        shutil.rmtree(data_dir, ignore_errors=True)


def report(args, players, stats, elapsed, cpu0, cpu1, busy0, busy1, env, team_members=0) -> None:
    total = sum(len(v) for k, v in stats.ms.items() if not k.startswith("  "))
    errors = sum(stats.errors.values())
    db = "PostgreSQL" if env.get("DATABASE_URL") else "SQLite"
    teams = f" and {args.teams} team games ({team_members} members)" if args.teams else ""
    print(f"{players} players in pairs{teams}, {elapsed:.0f} s, think {args.think} ms, gunicorn {args.workers} "
          f"workers, {db}, {'Redis + 1 Celery worker' if env.get('REDIS_URL') else 'embedded broker'}")
    made = stats.count                      # the warm-up's requests too: the CPU covers them
    print(f"  {made} requests, {made / elapsed:.1f} requests/s; {total} counted (not those begun "
          f"in the first {args.warmup:g} s), {errors} errors")
    print(f"  {'kind':<12}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'errors':>8}")
    kinds = ("page", "poll", "select", "action")
    modes = tuple(k for k in sorted(stats.ms) if k.startswith("  "))     # team actions per mode
    for kind in kinds + tuple(f"team-{k}" for k in kinds if args.teams) + modes:
        ms = stats.ms.get(kind, [])
        print(f"  {kind:<12}{len(ms):>7}{pct(ms, 50):>9.1f}{pct(ms, 95):>9.1f}{pct(ms, 99):>9.1f}"
              f"{stats.errors.get(kind, 0):>8}")
    for (kind, reason), n in sorted(stats.reasons.items(), key=lambda x: -x[1])[:5]:
        print(f"  {n} x {kind}: {reason}")
    if made:
        per = {k: (cpu1[k] - cpu0[k]) * 1000 / TICKS / made for k in cpu1}
        busy = (busy1[0] - busy0[0]) / max(1, busy1[1] - busy0[1]) * 100
        print(f"  CPU per request: gunicorn {per['gunicorn']:.1f} ms, PostgreSQL "
              f"{per['postgres']:.1f} ms; machine {busy:.0f}% busy")
        ticks = busy1[1] - busy0[1]          # every core's ticks over the run
        share = {k: (cpu1[k] - cpu0[k]) / max(1, ticks) * 100 for k in cpu1}
        print(f"  share of the machine: gunicorn {share['gunicorn']:.0f}%, PostgreSQL "
              f"{share['postgres']:.0f}%, the simulated players (this process) {share['players']:.0f}% "
              f"({per['players']:.1f} ms per request), everything else "
              f"{max(0.0, busy - sum(share.values())):.0f}%")


if __name__ == "__main__":
    main()
