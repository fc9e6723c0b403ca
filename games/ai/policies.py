"""The simple policies: random and greedy. Every policy has the same call:

    policy(game, side, budget, seed) -> action

``game`` is the real game; a policy only ever plays actions on determinized copies
(:mod:`.determinize`), so it cannot see the other hand, deck orders or future dice.
The returned action is one of ``game.legal_actions()``.
"""
from __future__ import annotations

import random

from games.engine import AdvancedGame as Game

from .budget import Budget
from .determinize import determinize
from .evaluation import evaluate
from .heuristics import score, scores

#: how many actions the greedy policy plays out, best quick scores first
GREEDY_WIDTH = 24
#: plays of a card choice (to the end of the turn) and of an attack, averaged
CARD_SAMPLES = 2
ATTACK_SAMPLES = 3


def random_policy(game: Game, side: str, budget: Budget | None, seed: int) -> dict:
    """Any legal action, uniformly (the engine's ``sample_action``)."""
    return game.sample_action(random.Random(seed))


def quick_choice(game: Game, side: str, rng: random.Random, actions: list | None = None,
                 noise: float = 0.2) -> dict:
    """The action with the best quick score, ties and near-ties broken at random."""
    actions = actions if actions is not None else game.legal_actions()
    if len(actions) == 1:
        return actions[0]
    best, best_value = actions[0], None
    for a, value in zip(actions, scores(game, actions, side)):
        value += noise * rng.random()
        if best_value is None or value > best_value:        # the first of equals, as max()
            best, best_value = a, value
    return best


def finish_turn(g: Game, rng: random.Random, turn: int | None = None, limit: int = 200) -> None:
    """Play the quick policy for both sides until turn number ``turn`` (by default the one in
    progress) is over; a turn already over is left alone, not followed by the next one."""
    turn = g.current.number if turn is None else turn
    for _ in range(limit):
        if g.outcome or g.current.number > turn:
            return
        decider = g.active_side
        assert decider is not None          # a game in progress always has a side to decide
        apply_fast(g, quick_choice(g, decider, rng))


def apply_fast(g: Game, action: dict) -> None:
    """Apply an action of ``g.legal_actions()`` on a search copy: unchecked, no events."""
    g.apply_unchecked(action)


def greedy_policy(game: Game, side: str, budget: Budget | None, seed: int) -> dict:
    """The best immediate outcome: each candidate is played on a determinized copy and the
    position after it is evaluated; a card is played out to the end of the turn."""
    actions = game.legal_actions()
    if len(actions) == 1:
        return actions[0]
    rng = random.Random(seed)
    kind = game.phase
    if kind in ("order", "rally"):
        return quick_choice(game, side, rng, actions, noise=0.01)
    turn = game.current.number
    ranked = sorted(actions, key=lambda a: -score(game, a, side))[:GREEDY_WIDTH]
    best, best_value = ranked[0], None
    for a in ranked:
        samples = (CARD_SAMPLES if a["type"] == "play_card"
                   else ATTACK_SAMPLES if a["type"] == "attack" else 1)
        total = 0.0
        for _ in range(samples):
            g = determinize(game, side, rng.getrandbits(63))
            apply_fast(g, a)
            if a["type"] == "play_card":
                finish_turn(g, rng, turn)
            total += evaluate(g, side)
        value = total / samples + 0.01 * rng.random()
        if best_value is None or value > best_value:
            best, best_value = a, value
    return best
