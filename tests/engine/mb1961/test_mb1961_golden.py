"""A golden playthrough of the 1961 rules on the shipped map: the recorded actions, played
again through the checked path, give the recorded dice, result and final state."""
import hashlib
import json
import random
from pathlib import Path

from tests.engine.mb1961.helpers import SHIPPED, game

GOLDEN = Path(__file__).parent / "golden" / "shipped-seed-1961.json"


def fingerprint(g) -> str:
    return hashlib.sha256(json.dumps(g.to_dict(), sort_keys=True).encode()).hexdigest()


def record(seed=1961):
    """The golden file's content: a random game (choices seeded too) played to its end."""
    g = game(seed=seed, scenario=SHIPPED)
    rng = random.Random(seed)
    actions, dice = [], [e["rolls"] for e in g.setup_events if e["type"] == "turn"]
    while not g.outcome:
        action = g.sample_action(rng)
        actions.append(action)
        dice += [e["rolls"] for e in g.apply(action) if e["type"] == "turn"]
    return {"seed": seed, "actions": actions, "dice": dice, "outcome": g.outcome,
            "pieces": {p: list(s) for p, s in sorted(g.where.items())}, "sha256": fingerprint(g)}


def test_the_golden_game_plays_the_same():
    golden = json.loads(GOLDEN.read_text())
    g = game(seed=golden["seed"], scenario=SHIPPED)
    dice = [e["rolls"] for e in g.setup_events if e["type"] == "turn"]
    for action in golden["actions"]:
        dice += [e["rolls"] for e in g.apply(action) if e["type"] == "turn"]
    assert dice == golden["dice"]
    assert g.outcome == golden["outcome"]
    assert {p: list(s) for p, s in sorted(g.where.items())} == golden["pieces"]
    assert fingerprint(g) == golden["sha256"]
    kinds = {a["type"] for a in golden["actions"]}
    assert {"move", "rail", "halt", "battle", "end_turn"} <= kinds
