"""Finished games for the balance and review tests: a few turns played through the services
with pinned random choices, then a resignation (or a game left in progress)."""
from __future__ import annotations

import random

from games import services
from tests.play_helpers import start_match


def play_turns(game, turns: int, seed: int = 1) -> None:
    """Play ``turns`` turns of ``game`` with random legal actions (pinned by ``seed``)."""
    rng = random.Random(seed)
    game.refresh_from_db()
    stop = game.turn + turns
    while not game.is_over and game.turn < stop:
        engine = services.load_engine(game)
        action = rng.choice(engine.legal_actions())
        services.act(game.pk, game.deciding_player, action, game.version)
        game.refresh_from_db()


def resign(game, side: str) -> None:
    game.refresh_from_db()
    services.resign(game.pk, game.player_of(side), game.version)
    game.refresh_from_db()


def finished_game(challenger, opponent, scenario, loser: str = "confederate", turns: int = 4,
                  seed: int = 1):
    """Game 1 of a new match, played ``turns`` turns and resigned by ``loser``."""
    _, game = start_match(challenger, opponent, scenario, side="union")
    play_turns(game, turns, seed)
    if not game.is_over:
        resign(game, loser)
    return game
