"""Archie's search: single-observer information-set Monte Carlo tree search (Cowling,
Powley and Whitehouse 2012) over the decisions of one turn, with an evaluation at the
turn's end. See docs/archie.md.

One tree is grown for the decision at hand. Each iteration
1. draws a determinization (a copy with the hidden cards re-dealt and a fresh random stream),
2. walks down the tree choosing among the actions legal in that copy (UCB1 over the
   children seen available, with progressive widening in the order of the quick scores),
3. adds one node, finishes the turn with the quick policy for both sides,
4. evaluates the position for Archie and backs the value up.

Orders are plans, not sequences: while a card's orders are given, the tree offers the units
of one section in one sequence only (:func:`plans_only`), so each set of units is one path
and its visits are not split among its permutations. A unit on a section boundary, whose
order spends the quota of whichever of its sections has more left, keeps every sequence.
The answer is the root action visited most. With an iteration budget and a seed the
search is repeatable.

:func:`ensemble_policy` grows several such trees apart, each on an equal share of the
budget and its own seed, and answers the root action visited most over all of them (root
parallelization: Chaslot, Winands and van den Herik, "Parallel Monte-Carlo Tree Search",
2008). It is how a larger budget is spent: one tree grown three times as long plays the
rest of its turns by the tree's exploring choices instead of the quick policy, and measured
weaker (docs/archie.md). Its trees also look at the enemy's reply: when the decision is in
the searching side's own turn, each iteration plays the enemy's next turn after it with the
quick policy, on the same determinized copy (the enemy's hand as that copy dealt it), and
judges the position there (:func:`play_reply`).
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable

from games.engine import AdvancedGame as Game

from .budget import Budget
from .determinize import determinize
from .evaluation import evaluate
from .heuristics import scores
from .policies import apply_fast, finish_turn, quick_choice

EXPLORE = 0.6          # UCB1 constant, on values scaled to 0..1
SCALE = 60.0           # evaluation points that make a big difference (about half a flag)
WIDEN_BASE = 3         # children open at first; one more as sqrt(visits) grows

#: How an iteration's copy is dealt: ``deal(game, side, seed)``, by default
#: :func:`.determinize.determinize` (what ``side`` cannot see, re-dealt).
Deal = Callable[[Game, str, int], Game]


def key(action: dict) -> tuple:
    """A hashable name for an action (its hexes as (col, row)), its fields in the order the
    engine writes them: each kind of action is written in one place, so equal actions get
    equal names (not sorting saves a tenth of a decision's time)."""
    return tuple([(k, (v["col"], v["row"]) if isinstance(v, dict) else v)
                  for k, v in action.items()])


class Node:
    __slots__ = ("children", "visits", "total", "available", "order", "seen", "names", "ranking")

    def __init__(self):
        self.children: dict[tuple, "Node"] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.order: dict[tuple, float] = {}   # quick score of each action ever seen here
        # the legal actions met here last time, their names (name -> index) and those names
        # best quick score first: before the dice the same list comes back on most visits
        self.seen: list[dict] = []
        self.names: dict[tuple, int] = {}
        self.ranking: list[tuple] = []


def _squash(value: float) -> float:
    return 0.5 + 0.5 * math.tanh(value / SCALE)


#: trees an ensemble grows
TREES = 3


def search_policy(game: Game, side: str, budget: Budget, seed: int,
                  deal: Deal = determinize) -> dict:
    """Archie's choice for the decision in ``game`` (``side`` must be deciding): one tree."""
    return _choose(game, side, budget, [seed], deal, reply=False)


def ensemble_policy(game: Game, side: str, budget: Budget, seed: int,
                    trees: int = TREES, deal: Deal = determinize) -> dict:
    """Archie's choice from ``trees`` trees, each grown on its share of ``budget``, each
    judging its plans after the enemy's reply (:func:`play_reply`)."""
    seeds = [seed] + [(seed + t * 0x9E3779B97F4A7C15) % 2**63 for t in range(1, trees)]
    return _choose(game, side, budget.share(trees), seeds, deal, reply=True)


def _choose(game: Game, side: str, budget: Budget, seeds: list[int], deal: Deal,
            reply: bool) -> dict:
    """The root action with the most visits (then the best mean) over one tree per seed."""
    actions = game.legal_actions()
    if len(actions) == 1:
        return actions[0]
    by_key = {key(a): a for a in actions}
    visits: dict[tuple, int] = {}
    totals: dict[tuple, float] = {}
    for seed in seeds:
        rng = random.Random(seed)
        root = _grow(game, side, budget, rng, deal, reply)
        for k, child in root.children.items():
            if k in by_key:
                visits[k] = visits.get(k, 0) + child.visits
                totals[k] = totals.get(k, 0.0) + child.total
    if not visits:
        return quick_choice(game, side, rng, actions)
    # ties go to the action whose fields, in name order, come last
    best = max((n, totals[k] / max(1, n), tuple(sorted(k)), k) for k, n in visits.items())
    return by_key[best[3]]


def tree(game: Game, side: str, budget: Budget, seed: int) -> Node:
    """The tree one search grows for ``side``'s decision in ``game`` (read by Archie's review
    of a finished game: the value of each plan it tried, and the plan it would play)."""
    return _grow(game, side, budget, random.Random(seed), determinize, reply=False)


def value_of(node: Node) -> float:
    """A node's mean value for the searching side, from 0 (lost) to 1 (won)."""
    return node.total / node.visits if node.visits else 0.5


def squash(value: float) -> float:
    """An evaluation (points, :mod:`.evaluation`) on the search's 0-to-1 scale."""
    return _squash(value)


def _grow(game: Game, side: str, budget: Budget, rng: random.Random, deal: Deal,
          reply: bool) -> Node:
    """One tree, each iteration on a copy dealt by ``deal``; with ``reply``, and when the
    turn in progress is ``side``'s own, every iteration is judged after the enemy's next turn
    (:func:`play_reply`)."""
    root = Node()
    clock = budget.clock()
    reply = reply and game.current.active == side
    while clock.more():
        _iterate(deal(game, side, rng.getrandbits(63)), side, root, rng, reply)
        clock.done += 1
    return root


def play_reply(g: Game, rng: random.Random, turn: int) -> None:
    """The enemy's reply to turn number ``turn`` (just over on the copy ``g``): its next turn,
    played to the end by the quick policy for both sides. ``g`` is a determinized copy, so
    the enemy plays from the hand that copy dealt it, never from its real hand."""
    finish_turn(g, rng, turn + 1)


def _iterate(g: Game, side: str, root: Node, rng: random.Random, reply: bool) -> None:
    turn = g.current.number
    node, path = root, [root]
    given = frozenset(g.current.ordered)          # orders given before the search began
    while not g.outcome and g.current.number == turn:
        decider = g.active_side
        assert decider is not None                # the game is in progress
        if decider != side:                       # the other side's choice: its quick policy
            apply_fast(g, quick_choice(g, decider, rng))
            continue
        actions = g.legal_actions()
        if g.phase == "order":
            actions = plans_only(g, actions, given)
        if len(actions) == 1:                     # forced: no node needed
            apply_fast(g, actions[0])
            continue
        if actions != node.seen:
            _name(g, side, node, actions)
        names = node.names
        open_n = WIDEN_BASE + int(math.sqrt(node.visits))
        ranked = node.ranking[:open_n]
        fresh = [k for k in ranked if k not in node.children]
        for k in ranked:
            if k in node.children:
                node.children[k].available += 1
        if fresh:
            k = fresh[0]
            child = node.children[k] = Node()
            child.available = 1
            apply_fast(g, actions[names[k]])
            path.append(child)
            break
        k = max(ranked, key=lambda k: _ucb(node.children[k]))
        node = node.children[k]
        apply_fast(g, actions[names[k]])
        path.append(node)
    finish_turn(g, rng, turn)           # the walk may have reached the turn's end itself
    if reply:
        play_reply(g, rng, turn)
    value = _squash(evaluate(g, side))
    for n in path:
        n.visits += 1
        n.total += value


def plans_only(g: Game, actions: list[dict], given: frozenset = frozenset()) -> list[dict]:
    """The order actions at an order step that lead to plans not reached otherwise: a unit
    whose order spends one quota only (its section's, or its kind's) may be ordered only
    after the units of the same quota already ordered that come before it by id. Any two
    sequences of the same units then leave the same position, so nothing the card allows
    is lost; a boundary unit, which spends the quota of whichever of its sections has more
    left, is never held back and holds nothing back, nor are the orders ``given`` before
    the search began (by whoever gave them). Under the standard rules (another game class,
    whose orders are not read here yet) every order is kept."""
    if not isinstance(g, Game):
        return actions
    last: dict[object, str] = {}
    for uid in g.current.ordered:
        if uid in given:
            continue
        q = order_quota(g, uid)
        if q is not None and uid > last.get(q, ""):
            last[q] = uid
    if not last:
        return actions
    return [a for a in actions if a["type"] != "order"
            or (q := order_quota(g, a["unit"])) is None or a["unit"] > last.get(q, "")]


def order_quota(g: Game, uid: str) -> object | None:
    """The one quota the order of unit ``uid`` spends under the Advanced rules, or None
    when it depends on what is left (a unit on a section boundary)."""
    rule = g.current.order_rule
    by = rule["by"] if rule else None
    unit = g.pieces.units[uid]
    if by == "section":
        secs = g.board.section_of[g.field.positions[unit.side]][unit.hex]
        return next(iter(secs)) if len(secs) == 1 else None
    if by == "kind":
        return unit.kind
    return by


def _name(g: Game, side: str, node: Node, actions: list[dict]) -> None:
    """Name ``actions`` at ``node``, give the new ones their quick scores and rank them all.
    (Equal lists of actions get equal names: each kind of action is written in one place.)"""
    names = {key(a): i for i, a in enumerate(actions)}
    order = node.order
    unscored = [k for k in names if k not in order]
    if unscored:
        for k, value in zip(unscored, scores(g, [actions[names[k]] for k in unscored], side)):
            order[k] = value
    node.seen, node.names = actions, names
    node.ranking = sorted(names, key=lambda k: -order[k])


def _ucb(n: Node) -> float:
    mean = n.total / n.visits
    return mean + EXPLORE * math.sqrt(math.log(max(1, n.available)) / n.visits)
