"""Archie under command by dice (seed 002 L13; docs/rulings.md H29), with the other house rules
of this ruleset that fit beside it: every answer it gives is a legal action from its own
view, and the solo games end."""
from __future__ import annotations

import random

import pytest

from games.ai import Budget, greedy_policy, search_policy
from games.engine import Game
from tests.engine.scenarios import shipped

OPTIONS = {"dice_command": True, "shaken_marker": True, "shaken_recovery": True, "cavalry_fallback": True,
           "defensive_fire_zone": True, "dfz_entry_roll": True, "rally_action": True,
           "return_fire": True}
SMALL = Budget(iterations=8)


@pytest.mark.parametrize("slug", ["fredericksburg", "shiloh"])
def test_archie_commands_by_dice_to_the_end_of_solo_games(slug):
    rng = random.Random(slug)
    archie = "confederate" if slug == "shiloh" else "union"
    game = Game.new(shipped(slug), seed=7, options={**OPTIONS, "archie": archie})
    phases, n = set(), 0
    while game.outcome is None and n < 2500:
        legal = game.legal_actions()
        if game.active_side == archie:
            phases.add(game.phase)
            policy = search_policy if n % 25 == 0 else greedy_policy
            action = policy(game, archie, SMALL, seed=n)
            assert action in legal, (game.phase, action)
        else:
            action = rng.choice(legal)
        game.apply(action)
        n += 1
    assert game.outcome is not None
    assert "play_card" not in phases and {"order", "battle"} <= phases
