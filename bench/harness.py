"""What the benchmarks that drive the site in-process share (bench/web.py, bench/api.py,
bench/replay.py): a throw-away site to run on, a match of a shipped scenario between two
members with a pinned deal, the random player's weights, and the figures' arithmetic.

The throw-away site: a test database (SQLite in memory, or a test database next to
DATABASE_URL's) and a temporary DATA_DIR, whose embedded broker takes the queued tasks
(REDIS_URL is ignored, so no real worker ever sees them).  With ``--redis`` on the command
line the cache (and so the broker) is REDIS_URL's, as in production, with no worker: that
Redis database must be the benchmark's own, since it is emptied first (kept pages of an
earlier run, whose game had the same id and deal, would be served instead of drawn).
"""
from __future__ import annotations

import gzip
import json
import os
import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def setup_django(data_dir: str) -> str:
    """Set the site up on a test database and ``data_dir``; returns the real database's name
    (for ``destroy_test_db``)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "battlecry_site.settings")
    os.environ["DATA_DIR"] = data_dir
    redis = "--redis" in sys.argv
    if not redis:
        os.environ.pop("REDIS_URL", None)
    elif not os.environ.get("REDIS_URL"):
        raise SystemExit("--redis needs REDIS_URL (a database of its own: its queue is left unread)")
    os.environ.setdefault("DEBUG", "1")
    import django

    django.setup()
    from django.conf import settings
    from django.test.utils import setup_test_environment

    setup_test_environment()
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.ALLOWED_HOSTS = ["testserver", *settings.ALLOWED_HOSTS]
    if redis:
        from django.core.cache import cache
        cache.clear()
    from django.db import connection

    return connection.creation.create_test_db(verbosity=0, autoclobber=True)


def on_throwaway_site(run, args) -> None:
    """``run(args)`` on a throw-away site, removed afterwards whatever happens."""
    with tempfile.TemporaryDirectory() as data_dir:
        old_name = setup_django(data_dir)
        try:
            run(args)
        finally:
            from django.db import connection
            connection.creation.destroy_test_db(old_name, verbosity=0)


def database_name() -> str:
    return "PostgreSQL" if "postgres" in os.environ.get("DATABASE_URL", "") else "SQLite"


def start_match(scenario: str, seed: int, ruleset: str | None = None, options: dict | None = None):
    """Lee (union) and Grant play ``scenario`` (a shipped file's name, in games/scenarios/ or
    its format's folder there) under ``ruleset`` (the default when None) and ``options``, dealt from ``seed``
    (the same deal every run).  Returns the two members by name and the match."""
    from django.contrib.auth import get_user_model

    from games import services
    from games.models import Scenario

    folder = ROOT / "games" / "scenarios"
    path = folder / f"{scenario}.json"
    if not path.exists():
        path = next(folder.glob(f"*/{scenario}.json"))
    data = json.loads(path.read_text())
    row = Scenario(data=data)
    row.fill_from_data()
    row.save()
    services.new_seed = lambda: f"{seed:032x}"
    users = {n: get_user_model().objects.create_user(n, email=f"{n}@example.org", password="x")
             for n in ("lee", "grant")}
    extra: dict = {"ruleset": ruleset} if ruleset else {}
    if options:
        extra["options"] = options
    match = services.create_challenge(users["lee"], users["grant"], row, side="union", **extra)
    services.accept(match.pk, users["grant"])
    return users, match


#: The rules each team mode is played under.
TEAM_RULES = {"epic": "advanced", "doubles": "advanced", "grand": "standard"}


def start_team_match(scenario: str, seed: int, mode: str):
    """A team game of ``scenario`` in ``mode`` (its rules in TEAM_RULES), dealt from ``seed``:
    a table opened and filled through the services, one member a seat (named after the
    seat), or dealt without a table when the seats are more than a table holds.  Returns the
    members by name and the match."""
    from django.contrib.auth import get_user_model

    from games import services
    from games.models import Scenario

    data = json.loads((ROOT / "games" / "scenarios" / f"{scenario}.json").read_text())
    row = Scenario(data=data)
    row.fill_from_data()
    row.save()
    services.new_seed = lambda: f"{seed:032x}"
    ruleset, options = TEAM_RULES[mode], {"team_mode": mode}
    plan = get_ruleset_plan(row, ruleset, options)
    users = {spec.name: get_user_model().objects.create_user(
        spec.name, email=f"{spec.name}@example.org", password="x") for spec in plan}
    if len(plan) > services.MAX_TABLE_SEATS:
        match = services.start_arranged_team_match(users, row, options=options, ruleset=ruleset)
        return users, match
    match = services.open_table(users[plan[0].name], row, options=options, ruleset=ruleset,
                                seat=plan[0].name)
    for spec in plan[1:]:
        services.take_table_seat(match.pk, users[spec.name], spec.name)
    return users, match


def get_ruleset_plan(row, ruleset: str, options: dict) -> tuple:
    from games.engine import get_ruleset

    return tuple(get_ruleset(ruleset).seat_plan(row.engine_scenario(), dict(options)))


def weight(a: dict) -> float:
    """Play like a person: mostly order, move and battle before ending a step."""
    return {"end_turn": 0.4, "end_movement": 0.5, "confirm_orders": 0.5, "decline": 1,
            "end_rally": 1}.get(a["type"], 3)


def pct(values, p) -> float:
    """The ``p``-th percentile of ``values`` (linear between the two nearest)."""
    values = sorted(values)
    k = (len(values) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def sizes(text: str) -> tuple[int, int]:
    """Bytes of ``text``, raw and gzipped."""
    raw = text.encode()
    return len(raw), len(gzip.compress(raw))
