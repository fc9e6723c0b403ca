"""The team modes' phases, events and seats in plain words: every phase a team game
reaches has words, and every event of one has a sentence for each seat and a spectator
(docs/architecture.md "Team games")."""
import random

import pytest

from games.engine import Game
from games.presentation import kit as kit_module
from games.presentation.kits import presenter_for
from tests.engine.scenarios import shipped

MODES = (("advanced", "epic", "antietam"), ("advanced", "doubles", "shiloh"),
         ("standard", "grand", "shiloh"))


@pytest.mark.parametrize("ruleset,mode,slug", MODES)
def test_a_team_games_phases_and_events_read_in_plain_words(ruleset, mode, slug, monkeypatch):
    unworded = set()
    fallback = kit_module.unworded

    def record(kind):
        unworded.add(kind)
        return fallback(kind)

    monkeypatch.setattr(kit_module, "unworded", record)
    game = Game.new(shipped(slug), ruleset=ruleset, options={"team_mode": mode}, seed=3)
    kit = presenter_for(ruleset)
    rng = random.Random(3)
    steps, phases = [game.setup_events], set()
    while not game.outcome and len(steps) < 400:
        phases.add(game.phase)
        steps.append(game.apply(game.sample_action(rng)))
    for viewer in [s.name for s in game.seats] + [None]:
        tracker = kit.tracker(game.scenario)
        lines = [line for events in steps for _, line in kit.event_lines(events, viewer, tracker)]
        assert lines
    assert unworded == set()
    for phase in phases:
        words = kit.phase_words(phase)
        assert words and "_" not in words, phase
