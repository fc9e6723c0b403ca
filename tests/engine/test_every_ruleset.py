"""Every registered ruleset plays a seeded random game to its end on every shipped
scenario of its format (a ruleset of another format than Battle Cry's on its own
``sample_scenarios``), on the search path (cheap: no pages, no database).  The game pages play every
scenario under the default ruleset only and a fixed sample under the others
(tests/web/test_random_games_through_the_pages.py; docs/testing.md)."""
import random

import pytest

from games.engine import DEFAULT_RULESET, RULESETS, SIDES, Game
from tests.engine.scenarios import SLUGS, shipped

ACTION_CAP = 30_000
BATTLE_CRY = RULESETS[DEFAULT_RULESET].scenario_format


def cases() -> list[tuple[str, str]]:
    """(ruleset, scenario) pairs: every shipped Battle Cry scenario under each Battle Cry
    ruleset, and each other ruleset's own sample scenarios (by index)."""
    out = []
    for name in sorted(RULESETS):
        rules = RULESETS[name]
        if rules.scenario_format == BATTLE_CRY:      # the ones it plays (H99: not every one)
            out += [(name, slug) for slug in SLUGS if rules.supports(shipped(slug))]
        else:
            out += [(name, str(i)) for i in range(len(rules.sample_scenarios))]
    return out


def scenario_of(ruleset: str, slug: str):
    rules = RULESETS[ruleset]
    return shipped(slug) if rules.scenario_format == BATTLE_CRY else rules.sample_scenarios[int(slug)]


def test_every_shipped_scenario_and_ruleset_is_covered():
    assert len(SLUGS) == 37 and len(RULESETS) >= 2
    assert {r for r, _ in cases()} == set(RULESETS)


@pytest.mark.parametrize(("ruleset", "slug"), cases())
def test_a_random_game_ends_under_every_ruleset_on_every_shipped_scenario(slug, ruleset):
    game = Game.new(scenario_of(ruleset, slug), ruleset=ruleset, seed=11)
    rng = random.Random(11)
    for _ in range(ACTION_CAP):
        if game.outcome:
            break
        game.apply_unchecked(game.sample_action(rng))
    assert game.outcome, f"no result after {ACTION_CAP} actions"
    winner, reason = game.outcome["winner"], game.outcome["reason"]
    assert (winner in SIDES or reason == "turns") and reason    # a count of captured pieces may tie
    if ruleset == "standard":           # no sudden death: six flags win (seed 004)
        assert reason == "flags" and game.flags(winner) >= 6
    assert game.legal_actions() == []
