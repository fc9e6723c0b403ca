"""Server time of the scenario editor: a paint action, and the sight overlay from a hex.

Usage:  python bench/editor.py [--board double] [--scenario gettysburg-double] [--paints 200]
                               [--sights 60] [--seed 7]

A member edits a crowded draft on the double board (26 x 9 hexes; ``--board single`` for one
board) through the editor's HTMX endpoint (Django's test client: the whole middleware stack,
the locked transaction that saves the draft and its history, the checks and the board
redrawn): every hex carries terrain, a third of them a hexside obstacle, with both armies at
the limits of the board's boxes. That is more than any shipped battle, whose maps cover a
little under half their hexes.
Each paint is a click (one hex) or a stroke (2 to 6 hexes) with a random tool. Prints the
median and 95th percentile of the server time per paint request (goal: p95 at most 50 ms),
and of the CPU time the site's process spent on it (the database server's left out).

The sight overlay: the engine's line of sight and reach from each unit's hex of a shipped
battle (``--scenario``, a double-board one by default), timed alone (``games.editor.overlay``)
and as the editor's request (goal: 30 ms), with the request's CPU time in the site's process.

Runs on a throw-away site (bench/harness.py). Prints figures only.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from harness import ROOT, database_name, on_throwaway_site, pct

HX = {"HTTP_HX_REQUEST": "true"}


def crowded(board) -> dict:
    """Terrain on every hex, fences on a third, both armies at the box limits."""
    from games.editor.draft_view import blank_battle

    rng = random.Random(1)
    data = blank_battle("crowded", board)
    kinds = ["woods", "hill", "town", "farm", "field", "orchard", "river", "bridge", "open"]
    hexes = [(h.col, h.row) for h in board.hexes]
    data["terrain"] = [{"hex": {"col": c, "row": r}, "kind": rng.choice(kinds)} for c, r in hexes]
    data["terrain"] += [{"hex": {"col": c, "row": r}, "kind": "fence", "sides": ["NE", "NW"]}
                        for c, r in hexes[::3]]
    rows = {"confederate": [h for h in hexes if h[1] <= 1], "union": [h for h in hexes if h[1] >= 7]}
    for side, places in rows.items():
        army = (["infantry"] * 10 + ["cavalry"] * 3 + ["artillery"] * 3) * board.boxes
        for (c, r), kind in zip(places, army):
            data["units"].append({"hex": {"col": c, "row": r}, "side": side, "kind": kind})
        data["generals"] += [{"hex": {"col": c, "row": r}, "side": side, "name": f"G{i}"}
                             for i, (c, r) in enumerate(places[:3 * board.boxes])]
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="double", help="single or double")
    parser.add_argument("--scenario", default="gettysburg-double", help="a shipped battle for the overlay")
    parser.add_argument("--paints", type=int, default=200)
    parser.add_argument("--sights", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    on_throwaway_site(run, parser.parse_args())


def run(args) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from games.editor.overlay import overlay
    from games.editor.shape import board_of
    from games.models import ScenarioDraft

    rng = random.Random(args.seed)
    user = get_user_model().objects.create_user("editor", email="e@example.org", password="x")
    board = board_of({"board": args.board})
    draft = ScenarioDraft.objects.create(author=user, data=crowded(board))
    size = len(json.dumps(draft.data))
    client = Client()
    client.force_login(user)
    url = f"/editor/{draft.pk}/edit/"
    hexes = [(h.col, h.row) for h in board.hexes]
    tools = [
        lambda: {"tool": "terrain", "terrain_kind": rng.choice(["woods", "hill", "town", "open"])},
        lambda: {"tool": "hexside", "obstacle_kind": rng.choice(["fence", "fieldwork"]),
                 "hexside": rng.choice(["E", "W", "NE", "NW", "SE", "SW"])},
        lambda: {"tool": "unit", "unit_side": rng.choice(["union", "confederate"]), "unit_kind": "infantry"},
        lambda: {"tool": "erase", "layer": "units"},
    ]
    client.post(url, {"tool": "terrain", "terrain_kind": "woods", "col": 0, "row": 0}, **HX)   # warm up
    times, cpu = [], []
    for _ in range(args.paints):
        fields = rng.choice(tools)()
        if rng.random() < 0.5:
            c, r = rng.choice(hexes)
            fields.update(col=str(c), row=str(r))
        else:
            start = rng.randrange(len(hexes) - 6)
            fields["hexes"] = " ".join(f"{c},{r}" for c, r in hexes[start:start + rng.randint(2, 6)])
        t, c = time.perf_counter(), time.process_time()
        response = client.post(url, fields, **HX)
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
        assert response.status_code == 200
    print(f"Database: {database_name()}; {board.name} board ({board.width} x {board.rows}, {board.size} hexes); "
          f"draft of {size // 1024} KB ({len(draft.data['terrain'])} terrain entries, "
          f"{len(draft.data['units'])} units), {args.paints} paint requests")
    print(f"paint request: median {statistics.median(times):.1f} ms, p95 {pct(times, 95):.1f} ms "
          f"(goal: p95 <= 50 ms)")
    print(f"paint request, CPU of the site's process (the database's own work left out, so less "
          f"hostage to other work on the machine): median {statistics.median(cpu):.1f} ms, p95 {pct(cpu, 95):.1f} ms")

    shipped = json.loads((ROOT / "games" / "scenarios" / f"{args.scenario}.json").read_text())
    places = [(u["hex"]["col"], u["hex"]["row"]) for u in shipped["units"]]
    overlay(shipped, *places[0])                                   # warm up the sight lines
    alone, alone_cpu = [], []
    for i in range(args.sights):
        c, r = places[i % len(places)]
        t, p = time.perf_counter(), time.process_time()
        overlay(shipped, c, r)
        alone.append((time.perf_counter() - t) * 1000)
        alone_cpu.append((time.process_time() - p) * 1000)
    sight_draft = ScenarioDraft.objects.create(author=user, data=shipped)
    requests, requests_cpu = [], []
    for i in range(args.sights):
        c, r = places[i % len(places)]
        t, p = time.perf_counter(), time.process_time()
        response = client.post(f"/editor/{sight_draft.pk}/edit/", {"tool": "sight", "col": c, "row": r}, **HX)
        requests.append((time.perf_counter() - t) * 1000)
        requests_cpu.append((time.process_time() - p) * 1000)
        assert response.status_code == 200 and b"in sight" in response.content
    print(f"sight overlay (engine, {args.scenario}, {args.sights} hexes): median {statistics.median(alone):.1f} ms, "
          f"p95 {pct(alone, 95):.1f} ms (goal: <= 30 ms); CPU: median {statistics.median(alone_cpu):.1f} ms, "
          f"p95 {pct(alone_cpu, 95):.1f} ms")
    print(f"sight overlay request (board redrawn with it): median {statistics.median(requests):.1f} ms, "
          f"p95 {pct(requests, 95):.1f} ms; CPU of the site's process: median "
          f"{statistics.median(requests_cpu):.1f} ms, p95 {pct(requests_cpu, 95):.1f} ms")


if __name__ == "__main__":
    main()
