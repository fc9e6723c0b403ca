"""Every team mode plays a seeded random game to its end on every shipped scenario, on the
search path, with its seats deciding in turn (docs/testing.md: a new mode's engine games
cover every scenario; its rules are tested in test_epic.py, test_doubles.py and
standard/test_grand_battle_cry.py)."""
import random

import pytest

from games.engine import SIDES, Game
from tests.engine.scenarios import SLUGS, shipped

ACTION_CAP = 30_000
#: Each team mode with the ruleset that plays it.
MODES = (("advanced", "epic"), ("advanced", "doubles"), ("standard", "grand"))


@pytest.mark.parametrize("ruleset,mode", MODES)
@pytest.mark.parametrize("slug", SLUGS)
def test_a_random_team_game_ends_on_every_shipped_scenario(slug, ruleset, mode):
    game = Game.new(shipped(slug), ruleset=ruleset, options={"team_mode": mode}, seed=11)
    rng = random.Random(11)
    seats = {s.name for s in game.seats}
    for _ in range(ACTION_CAP):
        if game.outcome:
            break
        assert game.deciding in seats
        game.apply_unchecked(game.sample_action(rng))
    assert game.outcome, f"no result after {ACTION_CAP} actions"
    assert game.outcome["winner"] in SIDES and game.outcome["reason"]
    assert game.legal_actions() == [] and game.deciding is None
