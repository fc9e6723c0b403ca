"""Server time of the play pages, and the size of the board fragment.

Usage:  python bench/web.py [--actions 300] [--scenario fredericksburg] [--seed 7] [--profile VERSION]
                           [--redis] [--ruleset NAME] [--team-mode epic|doubles|grand]
                           [--options PRESET | name,name,...]

(``--ruleset 1961 --scenario mb1961-theatres-of-the-war``: the 1961 game on its map; the
mid-game board is then measured with a piece selected through the page's own links.)

Two members play a game of a shipped scenario through the pages (Django's test client, so
every request goes through the whole middleware stack, the service's locked transaction
and the rendering, but no network): each action is a POST as HTMX sends it, choosing at
random among the legal actions (seeded, so runs compare).  Prints the server time per
action request (median and 95th percentile), the time of the poll that finds nothing new,
and, for a mid-game position, the size of the board fragment (``?fragment=board``, with a
unit selected and its moves highlighted) and of the whole #game fragment, raw and gzipped.

``--team-mode MODE`` plays a team game instead (``--team-mode epic --scenario
gettysburg-double-epic``: the 8-seat Epic game on the double board, the battle laid out with
three generals a side for it): a team table opened and filled through the services by one
member a seat, each decision posted by the member holding the deciding seat from his own
page, the poll made by a member of the other side.  A battle whose seats are more than a
table holds (Epic on ``gettysburg-double``, 14 seats) is dealt without a table.

Runs on a throw-away site (bench/harness.py: a test database and DATA_DIR; with --redis,
REDIS_URL's cache, emptied first).  Prints figures only: the goals (p95 at most 50 ms, board
at most 5 KB gzipped) are checked by reading them, never by a timed test.

``--options``: the game is played under a preset of the ruleset (``barber_full``) or the
yes/no options named; run it once with and once without to compare the CPU per action
request (the house rules' goal: within 10% of the figure without options).

``--profile V``: from game version V on, every other action request is timed with the
engine's public API wrapped (its CPU per request and the engine's share of it, no profiler),
and the others are profiled (cProfile on CPU time) to list the functions with the most time
of their own.
"""
from __future__ import annotations

import argparse
import cProfile
import json
import os
import pathlib
import random
import statistics
import sys
import time
from urllib.parse import urlencode

from harness import database_name, on_throwaway_site, pct, sizes, start_match, start_team_match, weight


FORM = "application/x-www-form-urlencoded"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--scenario", default="fredericksburg")
    parser.add_argument("--ruleset", default=None, help="the rules (default: the default ruleset)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--redis", action="store_true",
                        help="cache in REDIS_URL's Redis as deployed (else the file cache of DATA_DIR)")
    parser.add_argument("--team-mode", choices=("epic", "doubles", "grand"), default=None,
                        help="a team game, one member a seat (Epic and Doubles under the "
                             "default rules, Grand Battle Cry under the standard ones)")
    parser.add_argument("--options", default=None,
                        help="a preset of the ruleset (barber_full) or yes/no options, comma-separated")
    parser.add_argument("--profile", type=int, default=None, metavar="VERSION",
                        help="profile the action requests from this game version on: CPU per "
                             "request and where it goes")
    on_throwaway_site(run, parser.parse_args())


def chosen_options(ruleset: str | None, text: str | None) -> dict | None:
    """``--options``: a preset's options when it names one, else the yes/no options named."""
    if not text:
        return None
    from games.engine import DEFAULT_RULESET, preset_named
    preset = preset_named(ruleset or DEFAULT_RULESET, text)
    return dict(preset.options) if preset is not None else dict.fromkeys(text.split(","), True)


def run(args) -> None:
    from django.test import Client

    from games import services
    from games.models import Game

    options = chosen_options(args.ruleset, args.options)
    if args.team_mode:
        users, match = start_team_match(args.scenario, args.seed, args.team_mode)
    else:
        users, match = start_match(args.scenario, args.seed, args.ruleset, options)
    clients = {}                      # by member: the re-match swaps the sides
    for name in users:
        clients[name] = Client()
        clients[name].force_login(users[name])

    rnd = random.Random(args.seed)
    act_ms, poll_ms, page_ms, act_cpu = [], [], [], []
    act_site, poll_site = [], []              # CPU inside the site's handler (no test client)
    site = SiteClock()
    late_cpu, late_engine = [], []            # from --profile's version on, timed without the profiler
    profiler = cProfile.Profile(time.process_time) if args.profile is not None else None
    clock = EngineClock()
    parts, part_ms = {}, {}
    if args.profile is not None:
        clock.install()
        parts = install_parts()
        part_ms = {label: [] for label in parts}
    mid = None
    game = match.games.get(number=1)
    for n in range(args.actions):
        game = Game.objects.get(pk=game.match.games.order_by("-number").first().pk)
        if game.is_over or not game.deciding:
            break
        engine = services.load_engine(game)
        legal = engine.legal_actions()
        action = rnd.choices(legal, weights=[weight(a) for a in legal])[0]
        client = clients[game.deciding_player.username]
        url = f"/play/games/{game.pk}/"
        late = args.profile is not None and game.version >= args.profile
        profiling = late and n % 2 == 1               # every other late request is profiled
        clock.on, clock.seconds = late and not profiling, 0.0
        for c_ in parts.values():
            c_.on, c_.seconds = clock.on, 0.0
        if profiling:
            profiler.enable()
        t, c = time.perf_counter(), time.process_time()
        r = client.post(url + "act/", urlencode({"action": json.dumps(action), "version": game.version}),
                        content_type=FORM, HTTP_HX_REQUEST="true")     # as htmx posts a form
        act_ms.append((time.perf_counter() - t) * 1000)
        cpu = (time.process_time() - c) * 1000
        if profiling:
            profiler.disable()
        else:
            act_cpu.append(cpu)
            act_site.append(site.last_ms)
            if late:
                late_cpu.append(cpu)
                late_engine.append(clock.seconds * 1000)
                for label, c_ in parts.items():
                    part_ms[label].append(c_.seconds * 1000)
        clock.on = False
        for c_ in parts.values():
            c_.on = False
        assert r.status_code == 200 and b"role=\"alert\"" not in r.content, r.content.decode()[r.content.decode().find("role=\"alert\"") - 300:][:800]
        other = clients[game.player_of(opponent_of(game)).username]
        t = time.perf_counter()
        other.get(url + f"version/?v={game.version + 1}", HTTP_HX_REQUEST="true")
        poll_ms.append((time.perf_counter() - t) * 1000)
        poll_site.append(site.last_ms)
        if n % 10 == 0:
            t = time.perf_counter()
            client.get(url)
            page_ms.append((time.perf_counter() - t) * 1000)
        if mid is None and n >= args.actions // 2:
            game.refresh_from_db()
            engine = services.load_engine(game)
            if engine.phase == "move" and game.deciding:
                mid = (game, engine)

    if options:
        print(f"Options: {', '.join(sorted(options))}")
    seats = f", {args.team_mode} with {len(game.seat_rows())} seats" if args.team_mode else ""
    print(f"Scenario {args.scenario}{seats}: {len(act_ms)} actions played through the pages "
          f"(database: {database_name()}, "
          f"cache: {'Redis' if args.redis else 'files'})")
    print(f"  action request (POST, HTMX fragment back): median {statistics.median(act_ms):.1f} ms, "
          f"p95 {pct(act_ms, 95):.1f} ms, max {max(act_ms):.1f} ms")
    print(f"  poll with nothing new (204):               median {statistics.median(poll_ms):.2f} ms, "
          f"p95 {pct(poll_ms, 95):.2f} ms")
    print(f"  whole page (GET):                          median {statistics.median(page_ms):.1f} ms, "
          f"p95 {pct(page_ms, 95):.1f} ms")

    print(f"  CPU of this process per action request (the test client's own work included): "
          f"median {statistics.median(act_cpu):.1f} ms, mean {statistics.mean(act_cpu):.1f} ms, "
          f"p95 {pct(act_cpu, 95):.1f} ms over {len(act_cpu)}")
    print(f"    of which in the site's request handler (from the WSGI call to the response): "
          f"median {statistics.median(act_site):.1f} ms, mean {statistics.mean(act_site):.1f} ms, "
          f"p95 {pct(act_site, 95):.1f} ms")
    print(f"  CPU of the site's request handler per poll with nothing new: "
          f"median {statistics.median(poll_site):.2f} ms, p95 {pct(poll_site, 95):.2f} ms")
    if late_cpu:
        report_profile(profiler, late_cpu, late_engine, args.profile, game.version)
        for label, ms in part_ms.items():
            print(f"  CPU median {statistics.median(ms):5.1f} ms, mean {statistics.mean(ms):5.1f} ms  {label}")

    if mid is None:
        game.refresh_from_db()
        mid = (game, services.load_engine(game))
    game, engine = mid
    client = clients[(game.deciding_player or game.player_of(engine.active_side)).username]
    movers = [a for a in engine.legal_actions() if a["type"] == "move" and "unit" in a]
    sel = ""
    if not movers:                  # another game's board: the first piece the page offers
        import re
        first = re.search(r"\?sel=(\d+,\d+)", client.get(f"/play/games/{game.pk}/", HTTP_HX_REQUEST="true")
                          .content.decode())
        sel = f"&sel={first[1]}" if first else ""
    if movers:
        h = engine.board.hexes[engine.units[movers[0]["unit"]].hex]
        sel = f"&sel={h.col},{h.row}"
    board = client.get(f"/play/games/{game.pk}/?fragment=board{sel}").content.decode()
    fragment = client.get(f"/play/games/{game.pk}/?x=1{sel}", HTTP_HX_REQUEST="true").content.decode()
    raw, zipped = sizes(board)
    print(f"Mid-game position (turn {engine.turn}, {engine.phase}, a unit selected):")
    print(f"  board fragment: {raw} bytes raw, {zipped} bytes gzipped ({zipped / 1024:.1f} KB)")
    raw, zipped = sizes(fragment)
    print(f"  whole #game fragment (board, hand, choices, log): {raw} bytes raw, {zipped} bytes gzipped")


def opponent_of(game) -> str:
    """A side other than the deciding seat's: its member's poll finds nothing new."""
    side = game.deciding_seat.side
    return next(s.side for s in game.seat_rows() if s.side != side)


class SiteClock:
    """CPU time of the last request inside the site's WSGI handler: what a server spends on
    it, without the test client's own work (encoding the form, keeping the response)."""

    def __init__(self):
        from django.test.client import ClientHandler

        self.last_ms = 0.0
        handle = ClientHandler.__call__
        clock = self

        def timed(handler, environ):
            t = time.process_time()
            try:
                return handle(handler, environ)
            finally:
                clock.last_ms = (time.process_time() - t) * 1000
        ClientHandler.__call__ = timed


class EngineClock:
    """CPU time spent inside the engine's public API (every method of ``games.engine.Game``
    and of the rulesets' game states, the rulesets' scenario loaders, and the module
    functions the site calls), outermost calls only, measured without a
    profiler by wrapping them."""

    def __init__(self):
        self.seconds = 0.0
        self.depth = 0
        self.on = False

    def wrap(self, fn):
        clock = self

        def timed(*args, **kwargs):
            if not clock.on or clock.depth:
                return fn(*args, **kwargs)
            clock.depth += 1
            t = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                clock.seconds += time.process_time() - t
                clock.depth -= 1
        return timed

    def install(self) -> None:
        import inspect

        import games.engine as engine
        from games.engine.battlecry.standard.game import StandardGame
        # the facade, and the state class of each ruleset (the outermost call is counted once)
        for target in (engine.Game, engine.AdvancedGame, StandardGame):
            members = {}
            for cls in reversed(target.__mro__[:-1]):          # its own methods and its bases'
                members.update(vars(cls))
            for name, member in members.items():
                if name.startswith("__") or not callable(getattr(target, name, None)):
                    continue
                if isinstance(member, classmethod):
                    setattr(target, name, classmethod(self.wrap(member.__func__)))
                elif isinstance(member, staticmethod):
                    setattr(target, name, staticmethod(self.wrap(member.__func__)))
                elif inspect.isfunction(member):
                    setattr(target, name, self.wrap(member))
        for rules in engine.rulesets().values():               # the scenario loaders
            rules.load_scenario = self.wrap(rules.load_scenario)
        for module in ("games.services", "games.views.play", "games.views.play_log",
                       "games.views.play_history", "games.presentation.victory", "games.board_svg"):
            mod = sys.modules.get(module) or __import__(module, fromlist=["x"])
            for name in ("load_scenario", "view_event", "chance_of", "card_of"):
                if hasattr(mod, name):
                    setattr(mod, name, self.wrap(getattr(mod, name)))


#: Parts of an action request timed on their own (inclusive: the context holds the board,
#: the log and the engine's view; the transaction holds the engine's apply).
PARTS = (("the transaction (services.act: lock, engine, writes)", "games.services", "act"),
         ("  of which the locked read of the game", "games.services", "_locked_game"),
         ("  of which the engine loaded from the state", "games.services", "load_engine"),
         ("  of which the writes (log row, game row, follow-ups)", "games.services", "_record"),
         ("the page's context (game_context)", "games.views.play", "game_context"),
         ("  of which the board SVG (draw_board)", "games.views.play", "draw_board"),
         ("  of which the log (history)", "games.views.play", "history"),
         ("the fragment's template (render_to_string)", "games.views.play", "render_to_string"))


def install_parts() -> dict:
    clocks = {}
    for label, module, name in PARTS:
        clock = clocks[label] = EngineClock()
        mod = __import__(module, fromlist=["x"])
        setattr(mod, name, clock.wrap(getattr(mod, name)))
    return clocks


def report_profile(profiler, cpu: list, engine_cpu: list, since: int, version: int) -> None:
    """CPU per profiled action request: the engine's share (timed without the profiler) and
    the functions with the most time of their own (with the profiler's overhead)."""
    import pstats
    n = len(cpu)
    print(f"Action requests from version {since} on: {n} timed (up to version {version}); "
          f"CPU per request median {statistics.median(cpu):.1f} ms, of which inside the engine "
          f"median {statistics.median(engine_cpu):.1f} ms "
          f"({sum(engine_cpu) / max(sum(cpu), 1e-9) * 100:.0f}% of the CPU in all)")
    if profiler is None:
        return
    stats = pstats.Stats(profiler)
    rows = [(tt, f"{'/'.join(pathlib.Path(f[0]).parts[-2:])}:{f[1]} {f[2]}", nc)
            for f, (cc, nc, tt, ct, callers) in stats.stats.items()]
    if os.environ.get("BENCH_CUMULATIVE"):
        stats.sort_stats("cumulative").print_stats(os.environ["BENCH_CUMULATIVE"], 40)
    if os.environ.get("BENCH_CALLEES"):
        stats.sort_stats("cumulative").print_callees(os.environ["BENCH_CALLEES"])
    print("  top functions by own time (profiled separately, with the profiler's overhead):")
    for tt, where, calls in sorted(rows, reverse=True)[:15]:
        print(f"    {tt * 1000 / n:6.2f} ms/request  {calls / n:7.1f} calls  {where}")


if __name__ == "__main__":
    main()
