"""Archie's search treats the units a card orders as one plan: every sequence that orders
the same units reaches the same node of the tree, and only sequences that leave the same
position are merged (docs/archie.md, "Plans, not sequences")."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.ai import Budget
from games.ai.search import tree
from games.engine import Game, load_scenario

ROOT = Path(__file__).resolve().parents[2]


def ordering_position(slug: str, ruleset: str | None, seed: int) -> Game:
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
        g.apply(rng.choice(acts) if g.phase != "play_card" else _widest_card(g, acts))
    raise AssertionError("no ordering position found")


def _widest_card(g: Game, acts: list[dict]) -> dict:
    """The section card that orders the most units (so that plans have several orders)."""
    return max(acts, key=lambda a: (a.get("mode") == "section", str(a)))


def order_nodes(root) -> dict[int, list[tuple]]:
    """Each node below ``root`` reached by orders only, with every sequence reaching it."""
    reached: dict[int, list[tuple]] = {}

    def walk(node, seq):
        for k, child in node.children.items():
            if dict(k).get("type") != "order":
                continue
            path = seq + (k,)
            reached.setdefault(id(child), []).append(path)
            walk(child, path)

    walk(root, ())
    return reached


def replay(g: Game, seq: tuple) -> dict:
    copy = g.copy()
    for k in seq:
        copy.apply(dict((name, {"col": v[0], "row": v[1]} if isinstance(v, tuple) else v)
                        for name, v in k))
    state = copy.to_dict()
    state.pop("log", None)
    return _sets(state)


def _sets(state: dict) -> dict:
    """The saved state with the lists of what was ordered read as sets."""
    return {k: sorted(v) if k in ("ordered", "gen_ordered") else v for k, v in state.items()}


@pytest.mark.parametrize("slug, ruleset", [("antietam", None), ("gettysburg-devils-den", None),
                                           ("fredericksburg", "standard")])
def test_sequences_of_the_same_orders_share_one_node(slug, ruleset):
    g = ordering_position(slug, ruleset, seed=len(slug))
    root = tree(g, g.active_side, Budget(iterations=600), seed=3)
    reached = order_nodes(root)
    shared = [paths for paths in reached.values() if len(paths) > 1]
    # the tree met some plans by two sequences, and kept each of them once
    assert shared, "no plan was reached by two sequences"
    sequences = sum(len(p) for p in reached.values())
    assert len(reached) < sequences
    for paths in shared:
        # every sequence that reaches a node orders the same units ...
        assert len({frozenset(p) for p in paths}) == 1
        # ... and leaves the very same position
        states = [replay(g, p) for p in paths]
        assert all(s == states[0] for s in states[1:])
    # and nodes kept apart for the same units hold different positions (the quotas left)
    by_units: dict[frozenset, list[dict]] = {}
    for paths in reached.values():
        by_units.setdefault(frozenset(paths[0]), []).append(replay(g, paths[0]))
    for states in by_units.values():
        for i, s in enumerate(states):
            assert all(s != t for t in states[i + 1:])


def test_a_plan_met_by_another_sequence_keeps_its_visits():
    g = ordering_position("antietam", None, seed=8)
    root = tree(g, g.active_side, Budget(iterations=600), seed=5)
    reached = order_nodes(root)
    for paths in reached.values():
        if len(paths) > 1:
            a, b = paths[0], paths[1]
            node_a, node_b = root, root
            for k in a:
                node_a = node_a.children[k]
            for k in b:
                node_b = node_b.children[k]
            assert node_a is node_b and node_a.visits >= 2
            return
    pytest.fail("no shared plan")
