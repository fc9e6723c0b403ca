"""Hand-built positions of the 1961 game on a small test map (11 squares by 8): a mountain at
D6, a river at E5, water (no square) at K5, and a railroad along row 4 (from the bottom)
with stations at B4, F4 and J4. Squares are written ``(col, row)``, row 0 at the top."""
from __future__ import annotations

import random

from games.engine.mb1961.board import load_scenario
from games.engine.mb1961.ruleset import RULES_1961

W, H = 11, 8
GROUND = ["." * W, "." * W, "...M.......", "....R.....~", "." * W, "." * W, "." * W, "." * W]
STATES = ["S" * W] * 4 + ["N" * W] * 4
STATES[3] = "SSSSSSSSSS "
RAIL = [[c, 4] for c in range(W)]
STATIONS = [{"name": "West", "col": 1, "row": 4}, {"name": "Middle", "col": 5, "row": 4},
            {"name": "East", "col": 9, "row": 4}]


def _setup(rows):
    squares = [[c, r] for r in rows for c in range(W)]
    return {"artillery": squares[:2], "cavalry": squares[2:12], "infantry": squares[12:22]}


MAP_DATA = {
    "format": "mb1961", "slug": "test-map", "name": "Test map", "dates": ["1861-04-12"],
    "width": W, "height": H, "ground": GROUND, "states": STATES,
    "state_names": {"N": "North", "S": "South"}, "stations": STATIONS,
    "railroads": [{"name": "Test line", "squares": RAIL[1:10]}],
    "setup": {"union": _setup([6, 7]), "confederate": _setup([0, 1])},
}
MAP = load_scenario(MAP_DATA)
SHIPPED = RULES_1961.sample_scenarios[0]


def game(seed=1, options=None, scenario=None):
    return RULES_1961.new(scenario or MAP, dict(options or {}), seed)


def position(pieces, side="union", pips=2, phase="move", options=None):
    """A game on the test map with only ``pieces`` (id -> (col, row)), ``side`` to play with
    ``pips`` to spend in ``phase``."""
    g = game(options=options)
    g.where, g.at = {}, {}
    for pid, sq in pieces.items():
        g._put(pid, tuple(sq))
    g.side_index = 0 if side == "confederate" else 1
    g.dice, g.pips, g._phase = [pips], pips, phase
    g.stopped, g.chain, g.moves = set(), None, []
    return g


def sq(c, r):
    return {"col": c, "row": r}


def of(g, kind, piece=None):
    return [a for a in g.legal_actions() if a["type"] == kind and (piece is None or a.get("piece") == piece)]


def targets(g, kind, piece):
    return sorted((a["to"]["col"], a["to"]["row"]) for a in of(g, kind, piece))


def play_random(g, seed, limit=5000):
    rng = random.Random(seed)
    log = []
    for _ in range(limit):
        if g.outcome:
            break
        action = g.sample_action(rng)
        log.append({"action": action, "events": g.apply(action)})
    return log
