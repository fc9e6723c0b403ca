"""A seeded full game under the standard ruleset kept as a golden playthrough: replaying
its actions must give the same events and the same final state, move for move.

Regenerate (after a deliberate rules change) with::

    BATTLECRY_REGENERATE_GOLDEN=1 pytest tests/engine/standard/test_standard_golden.py
"""
import hashlib
import json
import os
import pathlib
import random

from games.engine import Game, load_scenario
from games.engine.battlecry.sample import sample_scenario

GOLDEN = pathlib.Path(__file__).parent / "golden" / "standard-sample-seed-7.json"
SEED = 7


def digest(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()


def pick(rng, actions):
    """A random policy that likes to fight and to take every decision, so the game is
    short and goes through morale, battle-back, breakthrough and evasion."""
    keen = [a for a in actions if a["type"] in ("attack", "battle_back", "breakthrough", "evade")]
    if keen and rng.random() < 0.9:
        return rng.choice(keen)
    moves = [a for a in actions if a["type"] in ("move", "order")]
    if moves and rng.random() < 0.8:
        return rng.choice(moves)
    return rng.choice(actions)


def play():
    game = Game.new(load_scenario(sample_scenario()), ruleset="standard", seed=SEED)
    rng = random.Random(SEED)
    actions, events = [], []
    while game.outcome is None:
        a = pick(rng, game.legal_actions())
        actions.append(a)
        events.append(game.apply(a))
    return game, actions, events


def test_golden_playthrough_replays_exactly():
    if os.environ.get("BATTLECRY_REGENERATE_GOLDEN"):
        game, actions, events = play()
        GOLDEN.write_text(json.dumps({
            "scenario": "sample", "ruleset": "standard", "seed": SEED, "actions": actions,
            "events_sha256": digest(events), "final_sha256": digest(game.to_dict()),
            "outcome": game.outcome}, indent=None, separators=(",", ":")) + "\n")
    golden = json.loads(GOLDEN.read_text())
    game = Game.new(load_scenario(sample_scenario()), ruleset="standard", seed=golden["seed"])
    events = [game.apply(a) for a in golden["actions"]]
    assert game.outcome == golden["outcome"]
    assert digest(events) == golden["events_sha256"]
    assert digest(game.to_dict()) == golden["final_sha256"]
    kinds = {e["type"] for step in events for e in step}
    assert {"morale_check", "status", "breakthrough", "evaded", "retreated"} <= kinds
    assert any(e.get("battle_back") for step in events for e in step if e["type"] == "attack")
