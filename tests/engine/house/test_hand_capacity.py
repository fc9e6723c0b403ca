"""House rule 1, hand capacity (seed 002 L9): the Advanced rules already keep hands that way
(seed 000 L242, ruling 36), so the option is offered and changes nothing (ruling H100): the
same game played with it ticked and without ends the same, and it keeps a game rated."""
from __future__ import annotations

import random

from games.engine import Game, counts_for_ratings, get_ruleset
from tests.engine.scenarios import shipped


def played(options: dict) -> Game:
    game = Game.new(shipped("shiloh"), options=options, seed=9)
    rng = random.Random(9)
    while not game.outcome:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_ticking_hand_capacity_changes_nothing_in_the_game():
    with_it, without = played({"hand_capacity": True}), played({})
    assert with_it.outcome == without.outcome
    kept = {k: v for k, v in with_it.to_dict().items() if k != "options"}
    assert kept == {k: v for k, v in without.to_dict().items() if k != "options"}


def test_hand_capacity_alone_keeps_a_game_rated_and_says_why_it_changes_nothing():
    schema = get_ruleset("advanced").options
    assert counts_for_ratings(schema, {"hand_capacity": True})
    option = next(o for o in schema if o.name == "hand_capacity")
    assert "Already the Advanced rule" in option.description
