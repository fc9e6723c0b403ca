"""Every shipped scenario file loads, and a seeded game of random legal moves plays to its end."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.engine import Game, load_scenario

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "games" / "scenarios"
FILES = sorted(p for p in SCENARIO_DIR.glob("*.json") if p.name != "schema.json")
ACTION_CAP = 20_000     # random games here end within about 3,000 actions


def test_all_37_files_are_here():
    assert len(FILES) == 37


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_file_plays_a_random_game_to_its_end(path):
    scenario = load_scenario(json.loads(path.read_text(encoding="utf-8")))
    for seed in (1, 2):
        game = Game.new(scenario, seed=seed)
        rng = random.Random(seed)
        actions = 0
        while game.outcome is None:
            assert actions < ACTION_CAP, f"{path.stem}: no result after {ACTION_CAP} actions (seed {seed})"
            choices = game.legal_actions()
            assert choices, f"{path.stem}: no legal action in phase {game.phase} (seed {seed})"
            game.apply(rng.choice(choices))
            actions += 1
        assert game.outcome["winner"] in ("union", "confederate")
        assert game.legal_actions() == []
