"""Archie's review of a finished game: pure Python over the engine and Archie's search.

The site replays a finished game and hands over one :class:`TurnRecord` per turn: the state
when the turn began, the seat whose turn it was, the actions that seat took in it, and the
state when it ended. For each turn :func:`review` then

1. searches the turn's first decision from the acting seat's own information (every
   iteration on ``determinize(seat, seed)``: the other side's hand and the decks re-dealt,
   fresh dice), on ``budget``, and reads from the tree the value of Archie's best plan and
   the value of the plan the player chose (followed down the tree through the player's own
   actions while the tree has tried them often enough, up to their first attack: past the
   dice a value owes more to luck than to the choice; where the tree stops short of that,
   the player's own choices of the turn are played on determinized copies, so that their
   later choices are judged too, not the tree's); the difference is what the choice lost;
2. estimates, after the turn, each side's chance from that side's own information (a
   determinized copy for each side, scored by Archie's evaluation or, under a ruleset
   without one, by playouts).

The turns where the choices lost most are marked. Every value is on Archie's 0-to-1 scale
(its evaluation squashed, as the search uses it): an estimate of the chance of winning, not
a measured frequency. See docs/review.md and docs/archie.md.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from games.engine.core import GameState, get_ruleset, side_of_seat

from . import generic
from .budget import Budget
from .evaluation import evaluate
from .levels import has_battlecry_kit
from .policies import apply_fast, finish_turn, quick_choice
from .search import Node, key, squash, tree, value_of

#: Turns marked at most, and the least a choice must lose (on the 0-1 scale) to be marked.
MARKS = 3
MARK_THRESHOLD = 0.02
#: A node of the tree counts for the player's plan, or Archie's, once tried this often.
MIN_VISITS = 8
#: Plays of the player's first choice when the search never tried it often enough.
FORCED_PLAYS = 8
#: Playouts per side behind a chance under a ruleset without Archie's evaluation.
PLAYOUTS = 8

Progress = Callable[[int, int], None]


@dataclass
class TurnRecord:
    number: int
    seat: str                     # the seat whose turn it was
    start: Any                    # GameState when the turn began (before the seat's first decision)
    choices: list[dict]           # that seat's actions in the turn, in order
    end: Any                      # GameState when the turn was over
    step: int = 0                 # the log's step the turn began after (for the replay)


@dataclass
class TurnReview:
    number: int
    seat: str
    side: str
    chances: dict[str, float]     # after the turn: each side's chance, from its own information
    step: int = 0                 # the log's step the turn began after
    best: float | None = None     # Archie's plan, expected
    chosen: float | None = None   # the player's plan, expected
    plan: list[dict] = field(default_factory=list)

    @property
    def loss(self) -> float:
        if self.best is None or self.chosen is None:
            return 0.0
        return max(0.0, self.best - self.chosen)

    def as_dict(self) -> dict:
        return {"turn": self.number, "step": self.step, "seat": self.seat, "side": self.side,
                "chances": self.chances, "best": self.best, "chosen": self.chosen,
                "loss": self.loss, "plan": self.plan}


def side_seats(state: GameState) -> dict[str, str]:
    """The first seat of each side, in the order the game lists them."""
    out: dict[str, str] = {}
    for spec in state.seats:
        out.setdefault(spec.side, spec.name)
    return out


def review(start: GameState, turns: Iterable[TurnRecord], total: int, budget: Budget,
           seed: int, progress: Progress | None = None, judged: Collection[str] | None = None) -> dict:
    """Review a finished game: ``start`` is the state at the deal, ``turns`` its turns
    (``total`` of them, for ``progress(done, total)``); the choices of the seats in ``judged``
    (every seat by default; a solo game's player, not Archie) are weighed against Archie's
    plan, and every turn gets each side's chance."""
    seats = side_seats(start)
    rng = random.Random(seed)
    opening = chances(start, seats, rng.getrandbits(63))
    reviewed: list[TurnReview] = []
    for n, record in enumerate(turns):
        judge = judged is None or record.seat in judged
        reviewed.append(review_turn(record, seats, budget, rng.getrandbits(63), judge))
        if progress is not None:
            progress(n + 1, total)
    ranked = sorted((t for t in reviewed if t.loss >= MARK_THRESHOLD),
                    key=lambda t: (-t.loss, t.number))
    marked = sorted(t.number for t in ranked[:MARKS])
    return {"sides": list(seats), "opening": opening, "marked": marked,
            "turns": [t.as_dict() for t in reviewed]}


def review_turn(record: TurnRecord, seats: dict[str, str], budget: Budget, seed: int,
                judge: bool = True) -> TurnReview:
    """One turn: what the acting seat's choices lost against Archie's best plan, from that
    seat's own information (unless ``judge`` is false), and each side's chance after it."""
    rng = random.Random(seed)
    side = side_of_seat(record.start.seats, record.seat)
    turn = TurnReview(record.number, record.seat, side, chances(record.end, seats, rng.getrandbits(63)),
                      record.step)
    if judge and record.choices and len(record.start.legal_actions()) > 1 and not record.start.outcome:
        if has_battlecry_kit(get_ruleset(record.start.ruleset)):
            _judge_with_tree(turn, record, budget, rng.getrandbits(63))
        else:
            _judge_flat(turn, record, budget, rng.getrandbits(63))
    return turn


def chances(state: GameState, seats: dict[str, str], seed: int) -> dict[str, float]:
    """Each side's chance in ``state``, each from a copy determinized for its own seat."""
    rng = random.Random(seed)
    return {side: round(chance(state, seat, rng.getrandbits(63)), 4)
            for side, seat in seats.items()}


def chance(state: GameState, seat: str, seed: int) -> float:
    side = side_of_seat(state.seats, seat)
    if state.outcome:
        winner = state.outcome.get("winner")
        return 0.5 if winner is None else float(winner == side)
    if has_battlecry_kit(get_ruleset(state.ruleset)):
        copy: Any = state.determinize(seat, seed)        # a Battle Cry game: Archie's evaluation
        return squash(evaluate(copy, side))
    rng = random.Random(seed)
    hook = generic.evaluation_of(state)
    values = [generic.playout(state.determinize(seat, rng.getrandbits(63)), side, rng, hook)
              for _ in range(PLAYOUTS)]
    return sum(values) / len(values)


def _judge_with_tree(turn: TurnReview, record: TurnRecord, budget: Budget, seed: int) -> None:
    side = turn.side
    root = tree(record.start, side, budget, seed)
    if not root.children:
        return
    best_key, best = max(root.children.items(), key=lambda kv: (kv[1].visits, value_of(kv[1])))
    turn.best = round(value_of(best), 4)
    turn.plan = _plan(record.start, side, best_key, best)
    chosen, depth = _followed(root, record.choices)
    if chosen is None or depth < len(_to_first_attack(record.choices)):
        # the tree did not follow the whole of the player's plan: their own choices are
        # played, not the tree's continuation of their first ones
        chosen = _played(record.start, side, record.choices, seed)
    turn.chosen = round(chosen, 4)


def _plan(start: GameState, side: str, first: tuple, node: Node) -> list[dict]:
    """Archie's plan: the actions the tree tried most from the root, while tried often enough,
    up to the first attack (the dice decide what follows)."""
    actions = {key(a): a for a in start.legal_actions()}
    plan = [actions[first]] if first in actions else []
    while plan and plan[-1].get("type") != "attack" and node.children:
        k, child = max(node.children.items(), key=lambda kv: (kv[1].visits, value_of(kv[1])))
        if child.visits < MIN_VISITS or k not in node.names:
            break
        plan.append(node.seen[node.names[k]])
        node = child
    return plan


def _to_first_attack(choices: list[dict]) -> list[dict]:
    """The player's plan as the review weighs it: their choices up to their first attack."""
    for n, action in enumerate(choices):
        if action.get("type") == "attack":
            return choices[:n + 1]
    return choices


def _followed(root: Node, choices: list[dict]) -> tuple[float | None, int]:
    """The value of the player's plan as the tree knows it, and how many of their choices it
    followed: down through their actions while each was tried at least :data:`MIN_VISITS`
    times, to their first attack."""
    node, value, depth = root, None, 0
    for action in choices:
        child = node.children.get(key(action))
        if child is None or child.visits < MIN_VISITS:
            break
        node, value, depth = child, value_of(child), depth + 1
        if action.get("type") == "attack":
            break
    return value, depth


def _played(start: Any, side: str, choices: list[dict], seed: int) -> float:
    """The player's choices of the turn played :data:`FORCED_PLAYS` times on determinized
    copies, each while it is still legal there (past an attack the copy's dice may differ
    from the game's), the other side's decisions in the turn and whatever of the turn is
    left taken by Archie's quick policy, and the position evaluated."""
    rng = random.Random(seed)
    total = 0.0
    for _ in range(FORCED_PLAYS):
        g = start.determinize(side, rng.getrandbits(63))
        pending = list(choices)
        while pending and not g.outcome and g.current.number <= start.turn:
            decider = g.active_side
            assert decider is not None      # a game in progress always has a side to decide
            if decider != side:
                apply_fast(g, quick_choice(g, decider, rng))
                continue
            legal = {key(a): a for a in g.legal_actions()}
            action = legal.get(key(pending.pop(0)))
            if action is None:
                break
            apply_fast(g, action)
        finish_turn(g, rng, start.turn)
        total += squash(evaluate(g, side))
    return total / FORCED_PLAYS


def _judge_flat(turn: TurnReview, record: TurnRecord, budget: Budget, seed: int) -> None:
    """Under a ruleset without Archie's evaluation: the generic flat search's means of the
    first decision's actions (the player's, and the one tried most)."""
    state = record.start
    actions = state.legal_actions()
    visits, totals = generic.search_values(state, record.seat, actions, budget, seed)
    best = max(range(len(actions)), key=lambda i: (visits[i], totals[i] / max(1, visits[i])))
    turn.best = round(totals[best] / max(1, visits[best]), 4)
    turn.plan = [actions[best]]
    first = {generic.action_key(a): i for i, a in enumerate(actions)}.get(
        generic.action_key(record.choices[0]))
    if first is not None and visits[first]:
        turn.chosen = round(totals[first] / visits[first], 4)
