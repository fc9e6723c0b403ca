"""Games saved before a change of the engine's inner layout still load and play on.

``golden/saved-states.json`` holds states written by ``Game.to_dict`` in the stored format
(the ``state`` column of saved matches), taken from seeded random games at moments that
fill every part of the state: cards in play and their effects, orders, a pending decision,
Nightfall, Archie's side and campaign pre-battle dice.  Each must load, give back the same
dict, offer the same legal actions and play on to the same next state.

Regenerate (only after a deliberate change of the saved format, with a migration of saved
games) with::

    BATTLECRY_REGENERATE_SAVED=1 pytest tests/engine/test_saved_states.py
"""
import hashlib
import json
import os
import pathlib
import random

import pytest

from games.engine import Game
from tests.engine.scenarios import shipped

SAVED = pathlib.Path(__file__).parent / "golden" / "saved-states.json"

#: (scenario, options, seed, actions played before saving)
MOMENTS = [
    ("fredericksburg", {}, 2, 2),           # card effects of the turn
    ("fredericksburg", {}, 2, 80),          # a general's retreat to decide
    ("fredericksburg", {}, 2, 134),         # a rally to decide
    ("shiloh", {"nightfall": True}, 3, 10), # a supply move to decide, Nightfall
    ("shiloh", {"nightfall": True}, 3, 79),
    ("gettysburg-devils-den", {"archie": "confederate"}, 4, 60),
    ("antietam", {"prebattle_dice_union": 3, "prebattle_dice_confederate": 2}, 5, 4),
    ("first-bull-run", {"auto_retreat": True}, 6, 41),
]


def digest(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()


def played(slug, options, seed, count):
    rng = random.Random(seed)
    game = Game.new(shipped(slug), options=options, seed=seed)
    for _ in range(count):
        if game.outcome is not None:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def record():
    out = []
    for slug, options, seed, count in MOMENTS:
        game = played(slug, options, seed, count)
        state = game.to_dict()
        legal = game.legal_actions()
        following = game.copy()
        following.apply(legal[0])
        out.append({"scenario": slug, "state": state, "legal_sha256": digest(legal),
                    "next_sha256": digest(following.to_dict())})
    SAVED.write_text(json.dumps(out, separators=(",", ":")) + "\n")


if os.environ.get("BATTLECRY_REGENERATE_SAVED"):
    record()


@pytest.mark.parametrize("index", range(len(MOMENTS)))
def test_a_state_saved_in_the_stored_format_loads_and_plays_on(index):
    saved = json.loads(SAVED.read_text())[index]
    game = Game.from_dict(saved["state"])
    assert game.to_dict() == saved["state"]
    legal = game.legal_actions()
    assert digest(legal) == saved["legal_sha256"]
    game.apply(legal[0])
    assert digest(game.to_dict()) == saved["next_sha256"]


def test_the_saved_states_cover_decisions_effects_and_options():
    states = [s["state"] for s in json.loads(SAVED.read_text())]
    assert {"general_retreat", "rally", "supply_move", "prebattle_roll"} <= {
        p["do"] for s in states for p in s["pending"]}
    assert any(s["ordered"] for s in states)
    assert any(s["prebattle"] for s in states)
    assert any(s["options"].get("nightfall") for s in states)
    assert any(s["options"].get("archie") for s in states)
