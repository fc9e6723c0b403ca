"""Archie's search treats the units a card orders as one plan: the tree holds one path per
plan, and the plans it can reach are exactly the positions the card's orders allow
(docs/archie.md, "Plans, not sequences")."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.ai import Budget
from games.ai.search import order_quota, plans_only, tree
from games.engine import Game, load_scenario

ROOT = Path(__file__).resolve().parents[2]
#: (scenario, seed of the random play that leads to a position with several orders)
POSITIONS = [("antietam", 8), ("gettysburg-devils-den", 21), ("shiloh", 5), ("fredericksburg", 9)]


def ordering_position(slug: str, seed: int, ruleset: str | None = None) -> Game:
    """A game of ``slug`` played at random until a side must give two or more orders and
    has at least four units to choose from."""
    sc = load_scenario(json.loads((ROOT / "games" / "scenarios" / f"{slug}.json").read_text()))
    rng = random.Random(seed)
    g = Game.new(sc, ruleset=ruleset, seed=seed) if ruleset else Game.new(sc, seed=seed)
    for _ in range(2000):
        acts = g.legal_actions()
        orders = [a for a in acts if a["type"] == "order"]
        if g.phase == "order" and g.current.orders_left >= 2 and len(orders) >= 4:
            return g
        g.apply(rng.choice(acts))
    raise AssertionError("no ordering position found")


def position(g: Game) -> str:
    """The saved state with the log left out and what was ordered read as a set."""
    state = g.to_dict()
    state.pop("log", None)
    state["ordered"] = sorted(state["ordered"])
    return json.dumps(state, sort_keys=True)


def plans(g: Game, prune: bool) -> list[tuple[str, bool]]:
    """Every position the card's orders can lead to from ``g`` (one per sequence), by the
    legal actions alone or by those the search keeps, each with whether a unit on a section
    boundary was ordered."""
    given = frozenset(g.current.ordered)
    quota = order_quota
    out = []

    def walk(game: Game):
        if game.phase != "order":
            boundary = any(quota(g, uid) is None for uid in game.current.ordered)
            out.append((position(game), boundary))
            return
        actions = game.legal_actions()
        for a in (plans_only(game, actions, given) if prune else actions):
            nxt = game.copy()
            nxt.apply(a)
            walk(nxt)

    walk(g)
    return out


@pytest.mark.parametrize("slug, seed", POSITIONS)
def test_the_search_reaches_every_plan_the_card_allows_by_one_sequence(slug, seed):
    g = ordering_position(slug, seed)
    every = plans(g, prune=False)
    kept = plans(g, prune=True)
    # perft-style counts: fewer sequences, the very same positions ...
    assert {p for p, _ in kept} == {p for p, _ in every}
    assert len(kept) < len(every)
    # ... each reached once, unless a unit on a section boundary is in it (its sequences
    # are all kept, since they may spend different quotas)
    simple = [p for p, boundary in kept if not boundary]
    assert simple and len(simple) == len(set(simple))


def test_a_plan_of_units_of_one_section_is_one_node_of_the_tree():
    g = ordering_position("antietam", 8)
    root = tree(g, g.active_side, Budget(iterations=600), seed=5)
    sets: dict[frozenset, int] = {}

    def walk(node, units):
        for k, child in node.children.items():
            action = dict(k)
            if action.get("type") == "order":
                reached = units | {action["unit"]}
                sets[reached] = sets.get(reached, 0) + 1
                walk(child, reached)

    walk(root, frozenset())
    assert any(len(s) >= 2 for s in sets)          # the tree grew plans of several orders
    assert all(n == 1 for n in sets.values()), sets


def test_orders_given_before_the_search_hold_nothing_back():
    """Whoever gave the first orders (a member before Archie took the seat), the search may
    still order any unit the card allows."""
    g = ordering_position("antietam", 8)
    orders = [a for a in g.legal_actions() if a["type"] == "order"]
    g.apply(max(orders, key=lambda a: a["unit"]))            # the highest id first
    given = frozenset(g.current.ordered)
    assert plans_only(g, g.legal_actions(), given) == g.legal_actions()
    assert plans_only(g, g.legal_actions()) != g.legal_actions()


def test_the_standard_rules_keep_every_order():
    g = ordering_position("fredericksburg", 9, ruleset="standard")
    assert plans_only(g, g.legal_actions()) == g.legal_actions()
