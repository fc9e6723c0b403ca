"""Archie plays on the double board: its evaluation and quick scores read the game's own
board (distances across the join), so every action it takes there is legal."""
import pytest

from games.ai.levels import choose
from games.engine import Game
from tests.engine.scenarios import shipped


@pytest.mark.parametrize("ruleset", ["advanced", "standard"])
def test_archie_takes_only_legal_actions_on_a_double_board(ruleset):
    game = Game.new(shipped("gettysburg-double"), ruleset=ruleset, seed=5)
    assert game.board.name == "double"
    for n in range(80):
        if game.outcome:
            break
        action = choose(game, game.deciding, "recruit", seed=n)
        assert action in game.legal_actions()
        game.apply(action)
    assert any(u.hex != s.hex for u, s in zip(game.pieces.units.values(), game.scenario.units))
