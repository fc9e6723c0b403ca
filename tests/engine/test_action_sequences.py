"""The rules offer the same actions, in the same order, as when the checksums below were
taken: a guard for work on the engine's speed or layout that must not change the rules.

Seeded random games are played on the search path (``sample_action`` then
``apply_unchecked``); at every step the list of legal actions (the checked path's) and the
sampled action go into a checksum.  A deliberate rules change updates the checksums
(print them with ``BATTLECRY_PRINT_SEQUENCES=1``).
"""
import hashlib
import json
import os
import random

import pytest

from games.engine import Game
from tests.engine.scenarios import shipped

TURN_CAP = 60

#: (ruleset, scenario, seed) -> (actions played, sha256 of the legal lists, sha256 of the
#: sampled actions)
EXPECTED = {
    ("advanced", "fredericksburg", 1): (74, "aed6d3f6815f375b57b3d9cf1d9ef76dd2986b619586033f7c1a51d6c1c64a2f",
                                        "d81375d3f16fee14b006bd026ec8623669995be928056e9e839940146fa0d170"),
    ("advanced", "shiloh", 2): (229, "161a9fcd8f58aac51b5f77332659aaa98b066ff3e6bd42dde22540f812b0028b",
                                "e128e00aaa47ddb174489e39c40e88052d057048899a63a9f454a0401c3c5694"),
    ("advanced", "gettysburg-devils-den", 3): (278, "d5abfead3fc49e4a2c06ef9d58fb0fbbb2aa5923f67e67d2bb4e67f21d0e5196",
                                               "81bbd20207ef46bcdcd833874d7427228bda3bf1295331083db3c51dbdf1199d"),
    ("advanced", "antietam", 4): (266, "5a2735f95f0603896ef21574ca2c9ff93c7597ea6a00eaa3e8cd400524d10fe9",
                                  "d5e900ad845014be64033f1008bc6bba411c88ceef7a3e6130e47ec69192e986"),
    ("standard", "fredericksburg", 1): (370, "bd1d728de250166cb46ae47a75c299172e0069b176299531bc97c6608b85e4c9",
                                        "5bd0331f386fb4e6314abce51b8c52ec84ef365972dbd20da5f888872f794267"),
    ("standard", "shiloh", 2): (367, "3adeb632acdaafffce9acc2fb36ef27ed7e7ca959041ef07821ba726e99e2949",
                                "ed31d261d3ee7faf62ea21ceeb48afc06987378de38d8c17511f82d8e8ae5753"),
    ("standard", "gettysburg-devils-den", 3): (388, "6f66aa06344e365b3773804770cf9411733021e13529498ef425a164820b6995",
                                               "8d812feb05b6e35a796e5cdd46d4895aa45f7fb3818c3bbdfe9434818e536030"),
    ("standard", "antietam", 4): (413, "026a8dcbfd4da041c3c81b9bad9a2fddf03fdf3d9f26a1c594c07c996eae92ac",
                                  "797e4061b422445045bd3c503c807043192aff4b9327b868e96115279c502bda"),
}


def play(ruleset, slug, seed):
    rng = random.Random(seed)
    game = Game.new(shipped(slug), ruleset=ruleset, seed=seed)
    legal, sampled = hashlib.sha256(), hashlib.sha256()
    n = 0
    while game.outcome is None and game.current.number <= TURN_CAP:
        legal.update(json.dumps(game.legal_actions(), sort_keys=True).encode())
        action = game.sample_action(rng)
        sampled.update(json.dumps(action, sort_keys=True).encode())
        game.apply_unchecked(action)
        n += 1
    return n, legal.hexdigest(), sampled.hexdigest()


@pytest.mark.slow
@pytest.mark.parametrize("ruleset, slug, seed", sorted(EXPECTED))
def test_legal_and_sampled_action_sequences_are_unchanged(ruleset, slug, seed):
    got = play(ruleset, slug, seed)
    if os.environ.get("BATTLECRY_PRINT_SEQUENCES"):
        print(f'    ("{ruleset}", "{slug}", {seed}): {got!r},')
    assert got == EXPECTED[(ruleset, slug, seed)]
