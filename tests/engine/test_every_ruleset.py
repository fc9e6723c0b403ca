"""Every registered ruleset plays a seeded random game to its end on every shipped
scenario, on the search path (cheap: no pages, no database).  The game pages play every
scenario under the default ruleset only and a fixed sample under the others
(tests/web/test_random_games_through_the_pages.py; docs/testing.md)."""
import random

import pytest

from games.engine import RULESETS, SIDES, Game
from tests.engine.scenarios import SLUGS, shipped

ACTION_CAP = 30_000


def test_every_shipped_scenario_and_ruleset_is_covered():
    assert len(SLUGS) == 35 and len(RULESETS) >= 2


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@pytest.mark.parametrize("slug", SLUGS)
def test_a_random_game_ends_under_every_ruleset_on_every_shipped_scenario(slug, ruleset):
    game = Game.new(shipped(slug), ruleset=ruleset, seed=11)
    rng = random.Random(11)
    for _ in range(ACTION_CAP):
        if game.outcome:
            break
        game.apply_unchecked(game.sample_action(rng))
    assert game.outcome, f"no result after {ACTION_CAP} actions"
    winner, reason = game.outcome["winner"], game.outcome["reason"]
    assert winner in SIDES and reason
    if ruleset == "standard":           # no sudden death: six flags win (seed 004)
        assert reason == "flags" and game.flags(winner) >= 6
    assert game.legal_actions() == []
