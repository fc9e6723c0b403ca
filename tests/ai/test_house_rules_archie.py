"""Archie under the house rules (seed 002): it answers every decision they bring (return fire
pushing its units back, a lone general's refuge, first fire) with a legal action, from its
own seat's view of the game, and solo games end."""
from __future__ import annotations

import random

import pytest

from games.ai import Budget, greedy_policy, search_policy
from games.engine import Game, RULESETS
from tests.engine.scenarios import shipped

HOUSE = {o.name: True for o in RULESETS["advanced"].options
         if o.label.startswith("House rule")}
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
