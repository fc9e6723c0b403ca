"""A seeded full game kept as a golden playthrough: replaying its actions must give the
same events and the same final state, move for move.

Regenerate (after a deliberate rules change) with::

    BATTLECRY_REGENERATE_GOLDEN=1 pytest tests/engine/test_golden.py
"""
import hashlib
import json
import os
import pathlib
import random

from games.engine import Game, load_scenario
from games.engine.battlecry.sample import sample_scenario

GOLDEN = pathlib.Path(__file__).parent / "golden" / "sample-seed-11.json"
SEED = 11


def digest(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()


def pick(rng, actions):
    """A random policy that likes to fight, so the game is short."""
    attacks = [a for a in actions if a["type"] == "attack"]
    if attacks and rng.random() < 0.9:
        return rng.choice(attacks)
    moves = [a for a in actions if a["type"] in ("move", "order")]
    if moves and rng.random() < 0.8:
        return rng.choice(moves)
    return rng.choice(actions)


def play():
    scenario = load_scenario(sample_scenario())
    game = Game.new(scenario, seed=SEED)
    rng = random.Random(SEED)
    actions, events = [], []
    while game.outcome is None:
        a = pick(rng, game.legal_actions())
        actions.append(a)
        events.append(game.apply(a))
    return scenario, game, actions, events


def test_golden_playthrough_replays_exactly():
    if os.environ.get("BATTLECRY_REGENERATE_GOLDEN"):
        _, game, actions, events = play()
        GOLDEN.write_text(json.dumps({
            "scenario": "sample", "seed": SEED, "actions": actions,
            "events_sha256": digest(events), "final_sha256": digest(game.to_dict()),
            "outcome": game.outcome}, indent=None, separators=(",", ":")) + "\n")
    golden = json.loads(GOLDEN.read_text())
    game = Game.new(load_scenario(sample_scenario()), seed=golden["seed"])
    events = [game.apply(a) for a in golden["actions"]]
    assert game.outcome == golden["outcome"]
    assert digest(events) == golden["events_sha256"]
    assert digest(game.to_dict()) == golden["final_sha256"]
