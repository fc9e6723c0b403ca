"""Every registered ruleset brings a kit that words its games (games/presentation/kit.py):
words for each phase it declares, a sentence for each event its games produce, and a label
and a description for each option it declares.

The registry is walked when the test runs (a ruleset registered by anyone, the test suite
included, is covered).  The phases come from the ruleset's declared list, checked against
random games played with fixed seeds under each of its options, from ``Game.new`` on each
scenario it supports (its own ``sample_scenarios`` if it declares them); the events come
from those games, told to each seat and to a spectator.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.engine import Game, load_scenario, rulesets, sample_scenario
from games.presentation import kit as kit_module
from games.presentation.kits import phase_words, registered_presenter
from tests.square_march import MarchPresenter, with_square_march

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ("fredericksburg", "chancellorsville", "shiloh")
SEEDS = range(1, 5)
STEPS = 1000


def option_sets(ruleset) -> list[dict]:
    """No options, then each option turned on by itself (a true flag, its first choice, 3 dice)
    with the options it requires."""
    by_name = {o.name: o for o in ruleset.options}
    sets: list[dict] = [{}]
    for option in ruleset.options:
        value = turned_on(option)
        if value is not None:
            sets.append({**{r: turned_on(by_name[r]) for r in option.requires}, option.name: value})
    return sets


def turned_on(option):
    if option.kind is bool:
        return True
    if option.choices:
        return next(c for c in option.choices if c is not None)
    if option.kind is int:
        return 3
    return None


def scenarios(ruleset):
    own = getattr(ruleset, "sample_scenarios", None)
    if own is not None:
        yield from own
        return
    yield load_scenario(sample_scenario())
    for slug in SCENARIOS:
        yield load_scenario(json.loads((ROOT / "games" / "scenarios" / f"{slug}.json").read_text()))


def played(name: str):
    """(phase, events, game, scenario) for each step of random games under ``name``."""
    ruleset = rulesets()[name]
    for scenario in scenarios(ruleset):
        if not ruleset.supports(scenario):
            continue
        for options in option_sets(ruleset):
            for seed in SEEDS:
                game = Game.new(scenario, ruleset=name, options=options, seed=seed)
                rng = random.Random(seed)
                steps = [(game.phase, list(getattr(game, "setup_events", None) or []))]
                for _ in range(STEPS):
                    if game.phase == "over":
                        break
                    steps.append((game.phase, game.apply(game.sample_action(rng))))
                steps.append((game.phase, []))
                yield scenario, game, steps


_PLAYED: dict[str, list] = {}


def games_of(name: str) -> list:
    """The random games of ``name``, played once per test run (per ruleset object)."""
    key = f"{name}:{id(rulesets()[name])}"
    if key not in _PLAYED:
        _PLAYED[key] = list(played(name))
    return _PLAYED[key]


def kit_problems(name: str, monkeypatch) -> list[str]:
    """What the kit of the ruleset ``name`` leaves unsaid, in words ([] when nothing)."""
    ruleset = rulesets()[name]
    kit = registered_presenter(name)
    if kit is None:
        return [f"{name}: no presenter registered"]
    problems = []
    declared = set(ruleset.phases)
    if "over" not in declared:
        problems.append(f"{name}: 'over' is not a declared phase")
    for phase in sorted(declared):
        words = kit.phase_words(phase)
        if phase not in kit.phases or not words or "_" in words:
            problems.append(f"{name}: no words for the phase {phase!r}")
    for option in ruleset.options:
        if not option.description or not option.label:
            problems.append(f"{name}: no label and description for the option {option.name!r}")

    unworded: set[str] = set()
    fallback = kit_module.unworded

    def record(kind):
        unworded.add(kind)
        return fallback(kind)

    monkeypatch.setattr(kit_module, "unworded", record)
    reached = set()
    for scenario, game, steps in games_of(name):
        viewers = [s.name for s in game.seats] + [None]
        for viewer in viewers:
            tracker = kit.tracker(scenario)
            for _phase, events in steps:
                for _ in kit.event_lines(events, viewer, tracker):
                    pass
        reached.update(phase for phase, _ in steps)
    monkeypatch.setattr(kit_module, "unworded", fallback)
    problems += [f"{name}: the phase {p!r} is reached but not declared" for p in sorted(reached - declared)]
    problems += [f"{name}: no sentence for the event {k!r}" for k in sorted(unworded)]
    return problems


def test_every_registered_ruleset_has_a_kit_that_words_its_games(monkeypatch):
    names = sorted(rulesets())
    assert {"advanced", "standard"} <= set(names)
    problems = [p for name in names for p in kit_problems(name, monkeypatch)]
    assert problems == []


@pytest.mark.parametrize("name", ["advanced", "standard"])
def test_battle_cry_games_reach_the_phases_of_a_turn_and_tell_its_events(name):
    reached = {phase for _, _, steps in games_of(name) for phase, _ in steps}
    assert {"play_card", "order", "move", "battle", "over"} <= reached
    kinds = {e["type"] for _, _, steps in games_of(name) for _, events in steps for e in events}
    assert {"card_played", "attack", "turn", "game_over"} <= kinds


def test_the_standard_rules_name_their_own_decisions():
    assert phase_words("standard", "battle_back") == "battle back or decline"
    assert phase_words("standard", "evade") == "evade the melee or stand"
    assert phase_words("standard", "breakthrough") == "advance and melee again, or hold the ground"


def test_a_ruleset_defined_elsewhere_is_worded_by_its_own_kit(monkeypatch):
    with with_square_march():
        assert "square-march" in rulesets()
        assert kit_problems("square-march", monkeypatch) == []
        assert phase_words("square-march", "march") == "march a piece forward or halt"
    assert "square-march" not in rulesets()


def test_the_coverage_names_what_a_ruleset_s_kit_leaves_unsaid(monkeypatch):
    class Terse(MarchPresenter):
        phases = {"over": "the march is over"}
        events = {"halted": "The {side} halted."}

    with with_square_march(Terse()):
        problems = kit_problems("square-march", monkeypatch)
    assert "square-march: no words for the phase 'march'" in problems
    assert "square-march: no sentence for the event 'marched'" in problems
    assert "square-march: no sentence for the event 'game_over'" in problems
    with with_square_march(None):
        assert kit_problems("square-march", monkeypatch) == ["square-march: no presenter registered"]
