"""Random games under each house-rule preset (hypothesis chooses the preset, the scenario
and the seed): the game ends, its saved form loads back the same, its log replays exactly
with its recorded dice, and the search path (Archie's)
leaves the same state as the checked path (docs/rulings.md H60, H12)."""
import json
import random

from hypothesis import example, given, settings, strategies as st

from games.engine import Game, presets_for, replay
from tests.engine.scenarios import shipped

PRESETS = [p.key for p in presets_for("advanced")]
SCENARIOS = ["fredericksburg", "shiloh", "gettysburg-devils-den", "first-bull-run", "chickamauga-double"]


@settings(max_examples=8, deadline=None)
# a game whose general is put at risk: its roll must be read back from the log to replay it
@example(preset="barber_full", slug="fredericksburg", seed=0)
@given(st.sampled_from(PRESETS), st.sampled_from(SCENARIOS), st.integers(min_value=0, max_value=2**31))
def test_a_random_game_under_a_preset_ends_replays_and_agrees_with_the_search_path(preset, slug, seed):
    options = dict(next(p for p in presets_for("advanced") if p.key == preset).options)
    scenario = shipped(slug)
    rng = random.Random(seed)
    checked = Game.new(scenario, seed=seed, options=options)
    searched = checked.copy()
    log = []
    for _ in range(4000):
        if checked.outcome:
            break
        action = searched.sample_action(rng)
        events = checked.apply(action)
        log.append({"action": action, "events": events})
        searched.apply_unchecked(action)
    assert checked.outcome is not None, f"{slug} under {preset}: no end"
    saved = checked.to_dict()
    assert searched.to_dict() == saved
    assert Game.from_dict(json.loads(json.dumps(saved))).to_dict() == saved
    assert replay(scenario, seed, log, options=options).to_dict() == saved
