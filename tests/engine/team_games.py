"""Seeded random team games and their golden playthroughs, shared by the tests of Epic,
Doubles and Grand Battle Cry."""
from __future__ import annotations

import hashlib
import json
import os
import pathlib
import random

from games.engine import Game
from tests.engine.scenarios import shipped


def play(slug: str, seed: int, options: dict, ruleset: str | None = None, limit: int = 3000):
    """A seeded random game; (game, log) once it ends or reaches ``limit`` actions. Every
    decision must fall to one of the game's seats."""
    rules = {"ruleset": ruleset} if ruleset else {}
    game = Game.new(shipped(slug), options=options, seed=seed, **rules)
    rng = random.Random(seed)
    log = []
    names = {s.name for s in game.seats}
    while not game.outcome and len(log) < limit:
        assert game.deciding in names, game.phase
        action = game.sample_action(rng)
        log.append({"action": action, "events": game.apply(action)})
    return game, log


def digest(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()


def replay_golden(path: pathlib.Path, slug: str, seed: int, options: dict,
                  ruleset: str | None = None, limit: int = 3000) -> set[str]:
    """Replay the recorded game of ``path`` (written from a fresh seeded game when missing or
    when BATTLECRY_REGENERATE_GOLDEN is set) and check its outcome, events and final state
    exactly; the kinds of event it met, for the caller to check."""
    if os.environ.get("BATTLECRY_REGENERATE_GOLDEN") or not path.exists():
        game, log = play(slug, seed, options, ruleset, limit)
        path.write_text(json.dumps({
            "scenario": slug, "seed": seed, "options": options,
            "actions": [e["action"] for e in log],
            "events_sha256": digest([e["events"] for e in log]),
            "final_sha256": digest(game.to_dict()), "outcome": game.outcome},
            separators=(",", ":")) + "\n")
    golden = json.loads(path.read_text())
    rules = {"ruleset": ruleset} if ruleset else {}
    game = Game.new(shipped(golden["scenario"]), options=golden["options"], seed=golden["seed"], **rules)
    events = [game.apply(a) for a in golden["actions"]]
    assert game.outcome == golden["outcome"]
    assert digest(events) == golden["events_sha256"]
    assert digest(game.to_dict()) == golden["final_sha256"]
    return {e["type"] for batch in events for e in batch}
