"""Archie's review (games/ai/review.py) judges each turn from the acting side's own
information: a canary card put in the other side's hand changes nothing of it."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.ai import Budget, choose
from games.ai import review as review_module
from games.ai.review import TurnRecord, review_turn, side_seats
from games.engine import DEFAULT_RULESET, Game, load_scenario, other

ROOT = Path(__file__).resolve().parents[2]
BUDGET = Budget(iterations=60)


def played(turns: int, seed: int = 3):
    """Shiloh after ``turns`` turns of recruit against recruit (pinned)."""
    scenario = load_scenario(json.loads((ROOT / "games/scenarios/shiloh.json").read_text()))
    game = Game.new(scenario, ruleset=DEFAULT_RULESET, options={}, seed=seed)
    rng = random.Random(seed)
    while game.turn <= turns:
        game.apply(choose(game, game.deciding, "recruit", rng.getrandbits(63)))
    return game


def with_canary(game):
    """The same game with one card of the waiting side's hand swapped for a card of its deck
    it does not hold (the canary): what the acting side may know is unchanged."""
    g = game.copy()
    foe = other(g.active_side)
    hand, deck = g.cards.hands[foe], g.cards.decks[foe]
    i, canary = next((i, c) for i, c in enumerate(deck) if c not in hand)
    hand[0], deck[i] = canary, hand[0]
    return g, canary


def record(start):
    return TurnRecord(start.turn, start.deciding, start,
                      [start.legal_actions()[-1]], start)


@pytest.fixture(scope="module")
def position():
    return played(4)


def test_the_acting_sides_review_is_the_same_whatever_the_other_hand_holds(position):
    canaried, canary = with_canary(position)
    assert canaried.cards.hands != position.cards.hands          # the canary is in the hand
    seats = side_seats(position)
    side = position.active_side
    real = review_turn(record(position), seats, BUDGET, 11).as_dict()
    planted = review_turn(record(canaried), seats, BUDGET, 11).as_dict()
    assert real["best"] is not None and real["plan"]
    assert (planted["best"], planted["chosen"], planted["plan"]) == (
        real["best"], real["chosen"], real["plan"])
    assert planted["chances"][side] == real["chances"][side]
    assert canary not in json.dumps(planted["plan"])


def test_every_position_scored_was_dealt_for_the_seat_it_was_scored_for(position, monkeypatch):
    """Within a turn the other hand seldom changes a value, so the canary alone proves
    little: here every position Archie scores while reviewing a turn is checked to be a copy
    re-dealt for the side it is scored for (never the real game)."""
    from games.ai import search

    real_determinize = type(position).determinize
    scored = []
    dealt: dict[int, tuple] = {}            # id of each copy -> (its seat, the copy, kept alive)

    def marked(self, seat, seed):
        g = real_determinize(self, seat, seed)
        dealt[id(g)] = (seat, g)
        return g

    def spy(real):
        def evaluate(game, side):
            scored.append((dealt.get(id(game), (None,))[0], side))
            return real(game, side)
        return evaluate

    monkeypatch.setattr(type(position), "determinize", marked)
    monkeypatch.setattr(search, "evaluate", spy(search.evaluate))
    monkeypatch.setattr(review_module, "evaluate", spy(review_module.evaluate))
    review_turn(record(position), side_seats(position), BUDGET, 11)
    side = position.active_side
    assert len(scored) > BUDGET.iterations
    assert {who for who, _ in scored} == {"union", "confederate"}       # both sides' chances
    assert all(who == for_side for who, for_side in scored)
    assert sum(1 for who, _ in scored if who == side) >= BUDGET.iterations


def test_turns_are_marked_where_the_choice_lost_most():
    turns = [review_module.TurnReview(n, "union", "union", {}, best=0.6, chosen=0.6 - loss)
             for n, loss in enumerate([0.0, 0.2, 0.01, 0.05, 0.3, 0.1], start=1)]
    ranked = sorted((t for t in turns if t.loss >= review_module.MARK_THRESHOLD),
                    key=lambda t: -t.loss)
    assert sorted(t.number for t in ranked[:review_module.MARKS]) == [2, 5, 6]


def turn_from(start, first, pick, seed=5):
    """The acting seat's turn from ``start``: ``first`` its first choice, ``pick(legal)`` each
    later one; the other side's decisions are the recruit's."""
    g, side, choices = start.copy(), start.active_side, []
    rng = random.Random(seed)
    while not g.outcome and g.turn == start.turn:
        if g.active_side == side:
            action = first if not choices else pick(g.legal_actions())
            choices.append(action)
        else:
            action = choose(g, g.deciding, "recruit", rng.getrandbits(63))
        g.apply(action)
    return TurnRecord(start.turn, start.deciding, start, choices, g)


def test_the_players_later_choices_are_judged_not_only_the_first(position):
    """Two turns that begin with the same card and then order differently are worth
    differently: where the search has not followed the player's plan, the player's own
    choices are played through, not the search's continuation of the first one."""
    seats = side_seats(position)
    first = position.legal_actions()[-1]
    one = turn_from(position, first, lambda legal: legal[0])
    two = turn_from(position, first, lambda legal: legal[-1])
    assert one.choices[0] == two.choices[0] and one.choices[1:] != two.choices[1:]
    assert len(one.choices) > 1 and len(two.choices) > 1
    tiny = Budget(iterations=4)             # too few for the tree to follow any plan
    a = review_turn(one, seats, tiny, 11).as_dict()
    b = review_turn(two, seats, tiny, 11).as_dict()
    assert a["best"] == b["best"] and a["plan"] == b["plan"]     # Archie's side of it: the same
    assert a["chosen"] != b["chosen"]
    assert review_turn(one, seats, tiny, 11).as_dict()["chosen"] == a["chosen"]   # repeatable
