"""The General's look at the enemy's reply: after Archie's turn, each iteration of its trees
plays the enemy's next turn on the determinized copy and judges the position there. Its
answers stay legal under every Battle Cry ruleset and scenario, the enemy plays from the hand
the determinization dealt (never its real one), and a seed repeats the answer."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.ai import Budget, choose, ensemble_policy, search_policy
from games.ai import search
from games.ai.evaluation import other
from games.ai.levels import has_battlecry_kit
from games.engine import RULESETS, Game, load_scenario
from tests.ai.test_policies import evaluated_turns

ROOT = Path(__file__).resolve().parents[2]
SLUGS = sorted(p.stem for p in (ROOT / "games" / "scenarios").glob("*.json") if p.stem != "schema")
BATTLECRY_RULESETS = sorted(name for name, rules in RULESETS.items() if has_battlecry_kit(rules))
TINY = Budget(iterations=6)          # two iterations a tree: each plays a turn and a reply


def scenario(slug):
    return load_scenario(json.loads((ROOT / "games" / "scenarios" / f"{slug}.json").read_text()))


def reached(slug, ruleset, seed, phase=None):
    """A solo game of ``slug`` under ``ruleset`` reached by seeded random play, and the side
    deciding: with ``phase``, Archie at that phase of its own turn with more than two legal
    actions; without, any decision after a random number of actions."""
    sc = scenario(slug)
    for k in range(40):
        rng = random.Random(seed + k)
        archie = other(sc.first_side)
        g = Game.new(sc, ruleset=ruleset, options={"archie": archie}, seed=seed + k)
        for _ in range(rng.randrange(0, 160) if phase is None else 600):
            if g.outcome:
                break
            if (phase is not None and g.active_side == archie == g.current.active
                    and g.phase == phase and len(g.legal_actions()) > 2):
                return g, archie
            g.apply(g.sample_action(rng))
        if phase is None and not g.outcome:
            return g, g.active_side
    raise AssertionError("no such position")


@pytest.mark.parametrize("ruleset", BATTLECRY_RULESETS)
@pytest.mark.parametrize("slug", SLUGS)
def test_the_generals_answer_is_legal_on_every_scenario(ruleset, slug):
    for n in range(2):
        g, side = reached(slug, ruleset, seed=len(slug) * 10 + n)
        legal = g.legal_actions()
        action = ensemble_policy(g, side, TINY, seed=n)
        assert action in legal, (ruleset, slug, g.phase, action)
        g.copy().apply(action)                  # by the checked path the site uses


def judged_at(monkeypatch, policy, g, side, iterations=60):
    """The turns on from ``g`` at which the search judges its positions."""
    return set(evaluated_turns(monkeypatch, policy, g, side, iterations))


@pytest.mark.parametrize("ruleset", BATTLECRY_RULESETS)
def test_the_general_judges_its_turn_after_the_enemys_reply_and_the_veteran_at_its_end(
        monkeypatch, ruleset):
    for phase in ("play_card", "move", "battle"):
        g, archie = reached("fredericksburg", ruleset, seed=3, phase=phase)
        assert judged_at(monkeypatch, search_policy, g, archie) == {1}
        assert judged_at(monkeypatch, ensemble_policy, g, archie) == {2}, (ruleset, phase)


def test_a_decision_in_the_enemys_turn_is_judged_at_that_turns_end():
    """A retreat Archie chooses while the person's turn goes on: the turn in progress is the
    enemy's own, so there is no reply to look at; the search judges where that turn ends."""
    rng = random.Random(7)
    for k in range(40):
        g = Game.new(scenario("antietam"), options={"archie": "confederate"}, seed=k)
        for _ in range(400):
            if g.outcome:
                break
            if g.active_side != g.current.active and len(g.legal_actions()) > 1:
                side = g.active_side
                mp = pytest.MonkeyPatch()
                try:
                    assert judged_at(mp, ensemble_policy, g, side, iterations=9) == {1}
                finally:
                    mp.undo()
                return
            g.apply(g.sample_action(rng))
    raise AssertionError("no decision of Archie's in the enemy's turn")


def with_marked_card(g, archie):
    """``g`` with one card of the enemy's hand swapped for a card of the deck it draws from
    (its own under the Advanced rules, the shared one under the standard rules) that it does
    not hold (the marked card): everything Archie has seen is unchanged."""
    marked = g.copy()
    foe = other(archie)
    hand = marked.hands[foe]
    deck = marked.decks[foe] if hasattr(type(marked), "decks") else marked.deck
    i, card = next((i, c) for i, c in enumerate(deck) if c not in hand)
    hand[0], deck[i] = card, hand[0]
    assert marked.view(archie) == g.view(archie)
    return marked, card


def replies(monkeypatch, g, archie, seed):
    """The General's answer, and the enemy's hand at the start of every reply it played."""
    real, hands = search.play_reply, []

    def spy(copy, rng, turn):
        assert copy is not g
        hands.append(tuple(copy.hands[other(archie)]))
        real(copy, rng, turn)

    monkeypatch.setattr(search, "play_reply", spy)
    answer = ensemble_policy(g, archie, Budget(iterations=45), seed)
    monkeypatch.undo()
    return answer, hands


@pytest.mark.parametrize("ruleset", BATTLECRY_RULESETS)
def test_the_reply_is_played_from_the_determinized_hand_never_the_real_one(monkeypatch, ruleset):
    """The enemy's real hand swapped for one holding a marked card: every reply starts from the
    same dealt hands as before, so the marked card reaches a reply only when a deal puts it
    there, and the General's answer is unchanged."""
    for seed, phase in ((3, "play_card"), (60, "move")):
        g, archie = reached("shiloh", ruleset, seed=seed, phase=phase)
        marked, card = with_marked_card(g, archie)
        real_hand = tuple(g.hands[other(archie)])
        answer, dealt = replies(monkeypatch, g, archie, seed)
        marked_answer, marked_dealt = replies(monkeypatch, marked, archie, seed)
        assert dealt and marked_dealt == dealt
        assert marked_answer == answer
        assert any(hand != real_hand for hand in dealt)       # the hands were re-dealt
        assert any(card not in hand for hand in marked_dealt)


@pytest.mark.parametrize("ruleset", BATTLECRY_RULESETS)
def test_the_generals_answer_repeats_for_a_seed(ruleset):
    g, archie = reached("antietam", ruleset, seed=5, phase="move")
    answers = {search.key(choose(g, archie, "general", seed=9, budget=Budget(iterations=60)))
               for _ in range(3)}
    assert len(answers) == 1
