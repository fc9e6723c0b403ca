"""How long a person waits for Archie's reply under ``make run``, measured as the page sees it.

Usage:  python bench/archie_turn.py [--turns recruit=3 veteran=2] [--scenario SLUG]
                                    [--seed 1] [--site DIR]

Starts the site exactly as ``make run`` does (``scripts/run``: migrations, the shipped
scenarios, runserver, one Celery worker and beat on the embedded broker and SQLite) in a
throw-away DATA_DIR on a free loopback port, with no DATABASE_URL or REDIS_URL. A member is
made with a session, and one solo match per level (the levels' own think times, not an
iteration budget). The member then plays through the game page over HTTP as the browser
does: the page's own action forms (POST ``act/`` with HX-Request, a weighted random choice
among what the page offers, seeded), and while Archie decides, the page's poll
(``version/?v=N``) at the interval the page itself names in its ``hx-trigger``.

For each reply of Archie (from the post of the person's action that passed the decision
to Archie until the poll brings back a page where the person decides, or the game is over)
it prints: the level, whether it was Archie's turn (the turn number moved on) or an answer
inside the person's turn (a retreat), Archie's decisions in it, the delay, when its first
step appeared on the page, Archie's think time (the sum over its decisions, read from the
worker's log line "Archie decided game G at version V in T s") and the delay less the think
time. Then per level and kind: median and largest delay and overhead. Prints figures only.

``--site DIR``: run another checkout of the site (for a before/after comparison; its
``.venv`` is used). The site is stopped (Ctrl-C to scripts/run, then its process group)
whatever happens.
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
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"

ACTION_RE = re.compile(r'name="action" value="([^"]*)"')
VALS_RE = re.compile(r"hx-vals=\"([^\"]*)\"")
SELECT_RE = re.compile(r'hx-get="(/play/games/\d+/\?sel=[^"]*)"')
VERSION_RE = re.compile(r'data-version="(\d+)"')
TURN_RE = re.compile(r"· turn (\d+)")
POLL_RE = re.compile(r'class="poll"[^>]*hx-trigger="every ([\d.]+)(ms|s)"')
THOUGHT_RE = re.compile(r"Archie decided game (\d+) at version (\d+) in ([\d.]+) s")

SEED = """
import json, django
django.setup()
from django.contrib.auth import get_user_model, SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.conf import settings
from games import services
from games.models import Scenario
slug = {slug!r}
scenario = Scenario.objects.get(slug=slug) if slug else services.first_game_scenario()
user = get_user_model().objects.create_user("bench", email="bench@example.org")
s = SessionStore()
s[SESSION_KEY] = str(user.pk); s[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
s[HASH_SESSION_KEY] = user.get_session_auth_hash(); s.create()
games = {{}}
for level in {levels!r}:
    match = services.start_solo(user, scenario, level)
    games[level] = match.games.get(number=1).pk
print(json.dumps({{"session": s.session_key, "games": games, "scenario": scenario.slug}}))
"""


def weight(action: dict) -> float:
    """Play like a person: mostly order, move and battle before ending a step."""
    return {"end_turn": 0.4, "end_movement": 0.5, "confirm_orders": 0.5, "decline": 1,
            "end_rally": 1}.get(action.get("type"), 3)


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class Page:
    """One member's view of one game page, over HTTP, as the browser's HTMX would fetch it."""

    def __init__(self, port: int, session: str, game: int):
        self.port, self.game = port, game
        self.cookies = {"sessionid": session}
        self.fragment, self.version = "", 0

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, str]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
                   "Host": f"{HOST}:{self.port}", "HX-Request": "true"}
        data = None
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            headers["Origin"] = f"http://{HOST}:{self.port}"
            data = urllib.parse.urlencode(body)
        conn = http.client.HTTPConnection(HOST, self.port, timeout=60)
        try:
            for attempt in range(20):       # runserver restarting its child: a moment
                try:
                    conn.request(method, path, body=data, headers=headers)
                    break
                except ConnectionRefusedError:
                    if attempt == 19:
                        raise
                    conn.close()
                    time.sleep(0.5)
            resp = conn.getresponse()
            text = resp.read().decode()
            for k, v in resp.getheaders():
                if k.lower() == "set-cookie":
                    name, value = v.split(";", 1)[0].split("=", 1)
                    self.cookies[name] = value
            return resp.status, text
        finally:
            conn.close()

    def take(self, text: str) -> None:
        if text:
            self.fragment = text
            m = VERSION_RE.search(text)
            if m:
                self.version = int(m.group(1))

    @property
    def base(self) -> str:
        return f"/play/games/{self.game}/"

    def load(self) -> None:
        status, text = self.request("GET", self.base)
        if status != 200:
            raise SystemExit(f"the game page answered {status}")
        self.take(text)

    def choices(self) -> list:
        acts = [json.loads(html.unescape(a)) for a in ACTION_RE.findall(self.fragment)]
        for vals in VALS_RE.findall(self.fragment):
            try:
                acts.append(json.loads(json.loads(html.unescape(vals))["action"]))
            except (KeyError, ValueError):
                pass
        return acts

    def act(self, action: dict) -> None:
        status, text = self.request("POST", self.base + "act/",
                                    {"action": json.dumps(action), "version": self.version})
        if status != 200 or 'role="alert"' in text:
            raise SystemExit(f"the action {action} was refused ({status})")
        self.take(text)

    def poll_seconds(self) -> float:
        m = POLL_RE.search(self.fragment)
        if not m:
            return 0.0
        value = float(m.group(1))
        return value / 1000 if m.group(2) == "ms" else value

    def poll(self) -> bool:
        """One poll of the page after its interval; True if the page changed."""
        time.sleep(self.poll_seconds())
        status, text = self.request("GET", f"{self.base}version/?v={self.version}")
        if status == 200:
            self.take(text)
            return True
        return False

    @property
    def archie_thinking(self) -> bool:
        return "archie-thinking" in self.fragment or "Archie has not answered" in self.fragment

    @property
    def over(self) -> bool:
        return "The game is over" in self.fragment

    @property
    def turn(self) -> int:
        m = TURN_RE.search(self.fragment)
        return int(m.group(1)) if m else 0


def play(page: Page, level: str, turns: int, rng: random.Random, log_path: pathlib.Path) -> list[dict]:
    """The member plays until Archie has taken ``turns`` turns; one row per reply of Archie."""
    page.load()
    rows: list[dict] = []
    while sum(r["kind"] == "turn" for r in rows) < turns and not page.over:
        if page.archie_thinking:            # Archie opens (the re-match): wait, unmeasured
            while page.archie_thinking:
                page.poll()
            continue
        acts = page.choices()
        for _ in range(6):                  # a step that needs a piece selected first
            if acts:
                break
            selects = SELECT_RE.findall(page.fragment)
            if not selects:
                break
            page.take(page.request("GET", html.unescape(rng.choice(selects)))[1])
            acts = page.choices()
        if not acts:
            raise SystemExit(f"no action offered on the page at version {page.version}")
        action = rng.choices(acts, weights=[weight(a) for a in acts])[0]
        turn, began = page.turn, time.monotonic()
        page.act(action)
        if not page.archie_thinking:
            continue
        start, first = page.version, None
        while page.archie_thinking and not page.over:
            if page.poll() and first is None and page.version > start:
                first = time.monotonic() - began
        delay = time.monotonic() - began
        thoughts = [t for g, v, t in thought_lines(log_path) if g == page.game and start <= v < page.version]
        rows.append({"level": level, "kind": "turn" if page.turn > turn or page.over else "answer",
                     "decisions": page.version - start, "delay": delay,
                     "first": first if first is not None else delay, "think": sum(thoughts),
                     "logged": len(thoughts)})
        r = rows[-1]
        print(f"{level:8} {r['kind']:6} decisions {r['decisions']:3}  on the page after {r['delay']:6.2f} s"
              f" (first step {r['first']:6.2f} s)  think {r['think']:6.2f} s  delay less think "
              f"{r['delay'] - r['think']:5.2f} s", flush=True)
    return rows


def thought_lines(log_path: pathlib.Path) -> list[tuple[int, int, float]]:
    text = log_path.read_text(errors="replace") if log_path.exists() else ""
    return [(int(g), int(v), float(t)) for g, v, t in THOUGHT_RE.findall(text)]


def wait_up(port: int, proc: subprocess.Popen, seconds: float = 300) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("the site stopped while starting")
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=2)
            conn.request("GET", "/", headers={"Host": f"{HOST}:{port}"})
            conn.getresponse().read()
            return
        except OSError:
            time.sleep(0.5)
    raise SystemExit("the site did not start")


def stop(proc: subprocess.Popen) -> None:
    """Ctrl-C to scripts/run (it stops its web server, worker and beat), then its group."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=40)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def summary(rows: list[dict]) -> None:
    print()
    print("level    kind    replies  decisions  delay p50  delay max  less think p50  less think max")
    for level in dict.fromkeys(r["level"] for r in rows):
        for kind in ("turn", "answer"):
            sel = [r for r in rows if r["level"] == level and r["kind"] == kind]
            if not sel:
                continue
            delays = [r["delay"] for r in sel]
            over = [r["delay"] - r["think"] for r in sel]
            print(f"{level:8} {kind:6} {len(sel):8} {statistics.median(r['decisions'] for r in sel):10.1f}"
                  f" {statistics.median(delays):9.2f}s {max(delays):9.2f}s"
                  f" {statistics.median(over):14.2f}s {max(over):14.2f}s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", nargs="+", default=["recruit=3", "veteran=2"],
                        help="LEVEL=N: Archie's turns to measure at each level")
    parser.add_argument("--scenario", default="", help="a shipped scenario (default: the first game's)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--site", default=str(ROOT), help="the checkout to run (default: this one)")
    args = parser.parse_args()
    turns = {k: int(v) for k, v in (t.split("=", 1) for t in args.turns)}
    site = pathlib.Path(args.site).resolve()
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="archie-turn-") as data_dir:
        env = {k: v for k, v in os.environ.items()
               if k not in ("DATABASE_URL", "REDIS_URL", "CELERY_QUEUE", "ARCHIE_ITERATIONS", "DEBUG")}
        env.update({"DATA_DIR": data_dir, "RUN_ADDRESS": f"{HOST}:{port}",
                    "DJANGO_SETTINGS_MODULE": "battlecry_site.settings"})
        log_path = pathlib.Path(data_dir) / "run.log"
        with open(log_path, "w") as log:
            proc = subprocess.Popen([str(site / "scripts" / "run")], cwd=site, env=env, stdout=log,
                                    stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                    start_new_session=True)
        try:
            wait_up(port, proc)
            made = subprocess.run([str(site / ".venv" / "bin" / "python"), "manage.py", "shell", "-c",
                                   SEED.format(slug=args.scenario, levels=list(turns))],
                                  cwd=site, env=env, check=True, capture_output=True, text=True)
            seeded = json.loads(made.stdout.strip().splitlines()[-1])
            print(f"site {site} on port {port}, scenario {seeded['scenario']}, seed {args.seed}", flush=True)
            rng = random.Random(args.seed)
            rows: list[dict] = []
            for level, n in turns.items():
                page = Page(port, seeded["session"], seeded["games"][level])
                rows += play(page, level, n, rng, log_path)
            summary(rows)
        finally:
            stop(proc)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
