"""Every registered ruleset has words for each phase it can be in, and a sentence for each
event its games produce (games/presentation/words.py, games/presentation/log.py).

The phases come from the ruleset's declared list, checked against random games played with
fixed seeds under each of its options; the events from those games.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.engine import load_scenario, rulesets, sample_scenario
from games.engine.battlecry.advanced.game import Game
from games.presentation import log
from games.presentation.tracker import Tracker
from games.presentation.words import PHASE_WORDS, phase_words

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ("fredericksburg", "chancellorsville", "shiloh")
SEEDS = range(1, 5)
STEPS = 1000


def option_sets(ruleset) -> list[dict]:
    """No options, then each option turned on by itself (a true flag, 3 dice, a side)."""
    sets: list[dict] = [{}]
    for option in ruleset.options:
        if option.kind is bool:
            sets.append({option.name: True})
        elif option.kind is int:
            sets.append({option.name: 3})
        elif option.choices:
            sets.append({option.name: next(c for c in option.choices if c is not None)})
    return sets


def scenarios():
    yield load_scenario(sample_scenario())
    for slug in SCENARIOS:
        yield load_scenario(json.loads((ROOT / "games" / "scenarios" / f"{slug}.json").read_text()))


def played(name: str):
    """(phase, events) for each step of random games under ``name``."""
    ruleset = rulesets()[name]
    for scenario in scenarios():
        if not ruleset.supports(scenario):
            continue
        for options in option_sets(ruleset):
            for seed in SEEDS:
                game = Game.new(scenario, ruleset=name, options=options, seed=seed)
                rng = random.Random(seed)
                tracker = Tracker(scenario.units, scenario.generals)
                for _ in range(STEPS):
                    phase = game.phase
                    if phase == "over":
                        break
                    events = game.apply(game.sample_action(rng))
                    yield phase, events, tracker
                yield game.phase, [], tracker


@pytest.fixture(scope="module")
def games_played():
    return {name: list(played(name)) for name in rulesets()}


@pytest.mark.parametrize("name", sorted(rulesets()))
def test_every_phase_a_ruleset_declares_has_words(name):
    declared = rulesets()[name].phases
    assert "over" in declared
    assert sorted(set(declared) - set(PHASE_WORDS[name])) == []
    for phase in declared:
        assert "_" not in phase_words(name, phase)


@pytest.mark.parametrize("name", sorted(rulesets()))
def test_the_declared_phases_are_the_ones_games_reach(name, games_played):
    reached = {phase for phase, _, _ in games_played[name]}
    assert reached - set(rulesets()[name].phases) == set()
    assert {"play_card", "order", "move", "battle", "over"} <= reached


def test_the_standard_rules_name_their_own_decisions():
    assert phase_words("standard", "battle_back") == "battle back or decline"
    assert phase_words("standard", "evade") == "evade the melee or stand"
    assert phase_words("standard", "breakthrough") == "advance and melee again, or hold the ground"


@pytest.mark.parametrize("name", sorted(rulesets()))
def test_every_event_a_ruleset_produces_has_a_sentence(name, games_played, monkeypatch):
    unworded: set[str] = set()
    fallback = log.unworded

    def record(kind):
        unworded.add(kind)
        return fallback(kind)

    monkeypatch.setattr(log, "unworded", record)
    kinds = set()
    for _, events, tracker in games_played[name]:
        kinds.update(e["type"] for e in events)
        for viewer in ("union", "confederate", None):
            for _ in log.event_lines(events, viewer, tracker):
                pass
    assert {"card_played", "attack", "turn", "game_over"} <= kinds
    assert sorted(unworded) == []
