"""Archie, the computer opponent: policies on the engine's public API (pure Python).

    from games.ai import choose, LEVELS, Budget
    action = choose(game, seat, "veteran", seed)      # the deciding seat

Every policy has one call, ``policy(game, side, budget, seed) -> action``; the action
is one of ``game.legal_actions()``. Under a ruleset other than Battle Cry, ``choose``
plays the seat with the generic policies (:mod:`.generic`). No policy reads hidden information: all look-ahead
runs on determinized copies (:func:`determinize`). See docs/archie.md.
"""
from .budget import Budget
from .determinize import determinize
from .evaluation import evaluate
from .levels import DEFAULT_LEVEL, LEVELS, POLICIES, Level, choose
from .policies import greedy_policy, random_policy
from .search import ensemble_policy, search_policy

__all__ = ["Budget", "DEFAULT_LEVEL", "LEVELS", "Level", "POLICIES", "choose", "determinize",
           "ensemble_policy", "evaluate", "greedy_policy", "random_policy", "search_policy"]
