"""Archie under the house rules (seed 002): it answers every decision they bring (return fire
pushing its units back, a lone general's refuge, first fire) with a legal action, from its
own seat's view of the game, and solo games end."""
from __future__ import annotations

import random

import pytest

from games.ai import Budget, greedy_policy, search_policy
from games.engine import Game, OptionError, RULESETS
from games.engine.core import validate_options
from tests.engine.scenarios import shipped

def _every_house_rule_that_fits():
    """Every house rule, in declared order, but those refused beside the ones already taken
    (command by dice, which excludes discarding, has its own test)."""
    taken: dict = {}
    for o in RULESETS["advanced"].options:
        if o.label.startswith("House rule"):
            try:
                validate_options(RULESETS["advanced"].options, {**taken, o.name: True})
            except OptionError:
                continue
            taken[o.name] = True
    return taken


HOUSE = _every_house_rule_that_fits()
SMALL = Budget(iterations=8)


@pytest.mark.parametrize("slug", ["fredericksburg", "shiloh", "gettysburg-devils-den",
                                  "chickamauga-double"])
def test_archie_plays_solo_games_under_every_house_rule_to_the_end(slug):
    rng = random.Random(slug)
    archie = "confederate" if len(slug) % 2 else "union"
    game = Game.new(shipped(slug), seed=5, options={**HOUSE, "archie": archie})
    phases, n = set(), 0
    while game.outcome is None and n < 2500:
        side = game.active_side
        legal = game.legal_actions()
        if side == archie:
            phases.add(game.phase)
            policy = search_policy if n % 25 == 0 else greedy_policy
            action = policy(game, side, SMALL, seed=n)
            assert action in legal, (game.phase, action)
        else:
            action = rng.choice(legal)
        game.apply(action)
        n += 1
    assert game.outcome is not None
    assert {"play_card", "battle"} <= phases
