"""Archie under a ruleset it has no evaluation of its own for: policies that need only the
state protocol (``games.engine.core.GameState``).

- **random**: any legal action (the state's ``sample_action``).
- **greedy**: under a ruleset with its own evaluation, the action after which the position
  is best for the seat's side (each played once on a determinized copy); random otherwise.
- **search**: determinized flat Monte Carlo. Each iteration re-deals what the deciding seat
  cannot see (``determinize(seat, seed)``: other hands, deck orders and the random stream),
  plays one of the seat's legal actions chosen by UCB1, then random actions for every seat
  until the game ends, and scores the end for the seat's side: 1 a win, 1/2 a draw, 0 a
  loss. A ruleset may supply ``archie_evaluate(state, side) -> float`` (from -1, lost, to
  +1, won): then a playout stops after :data:`EVALUATED_PLIES` actions and is scored by it,
  instead of running to the end (at most :data:`PLAYOUT_PLIES`), and each root action
  starts with its one-ply value (as ``greedy`` sees it) as one visit, so a budget smaller
  than the number of actions tries the likeliest first and a playout must outweigh the
  evaluation to change the answer. The answer is the action tried most.
- **ensemble**: several such searches on equal shares of the budget, their visits summed.

Every choice is one of ``state.legal_actions()`` and depends only on the seat's view,
``seed`` and the budget (repeatable under an iteration budget).
"""
from __future__ import annotations

import math
import random
from typing import Any, Callable

from games.engine.core import GameState, get_ruleset, side_of_seat

from .budget import Budget

EXPLORE = 0.7          # UCB1 constant, on values from 0 to 1
PLAYOUT_PLIES = 400    # a playout without an evaluation stops here (scored as a draw)
EVALUATED_PLIES = 24   # a playout under the ruleset's own evaluation stops here
TREES = 3

Evaluate = Callable[[Any, str], float]


def evaluation_of(state: GameState) -> Evaluate | None:
    """The ruleset's own evaluation hook, if it supplies one."""
    hook = getattr(get_ruleset(state.ruleset), "archie_evaluate", None)
    return hook if callable(hook) else None


def random_policy(state: GameState, seat: str, budget: Budget | None, seed: int) -> dict:
    """Any legal action, uniformly."""
    return state.sample_action(random.Random(seed))


def one_ply(state: GameState, seat: str, actions: list[dict], evaluate: Evaluate,
            seed: int) -> list[float]:
    """The value for the seat's side of the position after each action (each played once on
    a determinized copy)."""
    side = side_of_seat(state.seats, seat)
    rng = random.Random(seed)
    values = []
    for a in actions:
        g = state.determinize(seat, rng.getrandbits(63))
        g.apply_unchecked(a)
        winner = (g.outcome or {}).get("winner")
        values.append(1.0 if winner == side else float(evaluate(g, side)))
    return values


def greedy_policy(state: GameState, seat: str, budget: Budget | None, seed: int) -> dict:
    """The action whose position after it the ruleset's evaluation likes best for the seat's
    side (ties to the first listed); any action when the ruleset has no evaluation."""
    evaluate = evaluation_of(state)
    actions = state.legal_actions()
    if evaluate is None or len(actions) == 1:
        return random_policy(state, seat, budget, seed)
    values = one_ply(state, seat, actions, evaluate, seed)
    return actions[max(range(len(actions)), key=lambda i: (values[i], -i))]


def _result(state: GameState, side: str) -> float:
    outcome = state.outcome or {}
    winner = outcome.get("winner")
    return 0.5 if winner is None else (1.0 if winner == side else 0.0)


def playout(g: GameState, side: str, rng: random.Random, evaluate: Evaluate | None) -> float:
    """Random actions from ``g`` (which it changes) until the end; its value for ``side``."""
    plies = EVALUATED_PLIES if evaluate else PLAYOUT_PLIES
    for _ in range(plies):
        if g.outcome:
            return _result(g, side)
        g.apply_unchecked(g.sample_action(rng))
    if g.outcome:
        return _result(g, side)
    if evaluate is None:
        return 0.5
    return 0.5 + 0.5 * max(-1.0, min(1.0, float(evaluate(g, side))))


def _flat(state: GameState, seat: str, actions: list[dict], budget: Budget,
          rng: random.Random, evaluate: Evaluate | None,
          prior: list[float] | None = None) -> tuple[list[int], list[float]]:
    """Visits and total values of each root action after a search on ``budget``; ``prior``
    (values from -1 to +1) counts as a first visit of each action."""
    side = side_of_seat(state.seats, seat)
    if prior is None:
        visits = [0] * len(actions)
        totals = [0.0] * len(actions)
    else:
        visits = [1] * len(actions)
        totals = [0.5 + 0.5 * max(-1.0, min(1.0, p)) for p in prior]
    clock = budget.clock()
    while clock.more():
        n = clock.done
        if prior is None and n < len(actions):
            i = n
        else:
            log_n = math.log(n + (len(actions) if prior is not None else 0))
            i = max(range(len(actions)), key=lambda j: totals[j] / visits[j]
                    + EXPLORE * math.sqrt(log_n / visits[j]))
        g = state.determinize(seat, rng.getrandbits(63))
        g.apply_unchecked(actions[i])
        value = playout(g, side, rng, evaluate)
        visits[i] += 1
        totals[i] += value
        clock.done += 1
    return visits, totals


def search_values(state: GameState, seat: str, actions: list[dict], budget: Budget,
                  seed: int) -> tuple[list[int], list[float]]:
    """Visits and total values (0 to 1) of each of ``actions`` after one flat search (read by
    Archie's review of a finished game)."""
    return _flat(state, seat, actions, budget, random.Random(seed), evaluation_of(state))


def action_key(action: dict) -> str:
    """An action's name for comparing two equal actions."""
    return repr(sorted(action.items()))


def _choose(state: GameState, seat: str, budget: Budget, seeds: list[int]) -> dict:
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    evaluate = evaluation_of(state)
    prior = None
    if evaluate is not None:        # the likeliest first: a small budget tries those
        values = one_ply(state, seat, actions, evaluate, seeds[0])
        order = sorted(range(len(actions)), key=lambda i: (-values[i], i))
        actions, prior = [actions[i] for i in order], [values[i] for i in order]
    visits = [0] * len(actions)
    totals = [0.0] * len(actions)
    for seed in seeds:
        v, t = _flat(state, seat, actions, budget, random.Random(seed), evaluate, prior)
        visits = [a + b for a, b in zip(visits, v)]
        totals = [a + b for a, b in zip(totals, t)]
    # most visits, then the best mean, then the first listed
    best = max(range(len(actions)),
               key=lambda i: (visits[i], totals[i] / max(1, visits[i]), -i))
    return actions[best]


def search_policy(state: GameState, seat: str, budget: Budget, seed: int) -> dict:
    """Determinized flat Monte Carlo for the deciding ``seat``."""
    return _choose(state, seat, budget, [seed])


def ensemble_policy(state: GameState, seat: str, budget: Budget, seed: int,
                    trees: int = TREES) -> dict:
    """``trees`` flat searches on equal shares of ``budget``, their visits summed."""
    seeds = [seed] + [(seed + t * 0x9E3779B97F4A7C15) % 2**63 for t in range(1, trees)]
    return _choose(state, seat, budget.share(trees), seeds)


POLICIES: dict[str, Callable] = {
    "random": random_policy,
    "greedy": greedy_policy,
    "search": search_policy,
    "ensemble": ensemble_policy,
}
