"""Policies that exist for the bench only, by name, for bench/ai_ladder.py: the site cannot
select them (they are not in ``games.ai``'s levels or policies). Each has the policies' call,
``policy(game, side, budget, seed) -> action``, and plays a Battle Cry side."""
from __future__ import annotations

import pathlib

from games.ai.search import search_policy
from games.ai.weights import read_table, trying

from bench.clairvoyant import clairvoyant_ensemble, clairvoyant_search

#: Weights tables the tuner wrote and that are not (or not yet) in force
#: (bench/tune_evaluation.py; in force once copied into games/ai/fitted/).
CANDIDATES = pathlib.Path(__file__).resolve().parent / "weights"


def tuned_search(game, side, budget, seed):
    """The veteran's search with the tuner's candidate weights for the game's ruleset."""
    table = read_table(CANDIDATES / f"{game.ruleset}.json")
    with trying({game.ruleset: table}):
        return search_policy(game, side, budget, seed)


BENCH_POLICIES = {
    "clairvoyant": clairvoyant_search,             # the veteran's search, seeing the other hand
    "clairvoyant-general": clairvoyant_ensemble,   # the general's three trees, seeing it
    "tuned": tuned_search,                         # the veteran's search, candidate weights
}
#: ``--iterations`` multiplied for a bench policy that grows several trees, as for the general
BENCH_TREES = {"clairvoyant-general": 3}
