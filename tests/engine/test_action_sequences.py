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
    ("advanced", "fredericksburg", 1): (78, "a149aa902e954f05d373942e2b35bc003b2ff24e0cb873b4caafa998a8b356dc",
                                        "02ad03a4680e9877ced8b4ba5b2cbe42318cb9a05709b1b6f53bcef91e35068e"),
    ("advanced", "shiloh", 2): (355, "78f9642a5ee1bc3bba1aebe5ff4cc66effd5e2d71fcd3e35c46e31d02abf2666",
                                "f6f344f0e185f9c610c8cf2ec560a1a8c04ab3b6ea38a11d4eae410d68add554"),
    ("advanced", "gettysburg-devils-den", 3): (217, "9716fff5dc623a04971da3f397d7a40f83c5f9f130665e393bc350857d99f68c",
                                               "262853f748af6c9524581ecafb7ce30e23c50bed1a8188b0245c82c4d4395f3a"),
    ("advanced", "antietam", 4): (286, "c58c900c00ee145f36840ffa5f71f4980dcafc42da1938f62cd17662fa16ffa4",
                                  "8efd94bfd9c8950acd1598265581bf526a842d379ffa60b046e955cefce86648"),
    ("standard", "fredericksburg", 1): (370, "bd1d728de250166cb46ae47a75c299172e0069b176299531bc97c6608b85e4c9",
                                        "5bd0331f386fb4e6314abce51b8c52ec84ef365972dbd20da5f888872f794267"),
    ("standard", "shiloh", 2): (367, "3adeb632acdaafffce9acc2fb36ef27ed7e7ca959041ef07821ba726e99e2949",
                                "ed31d261d3ee7faf62ea21ceeb48afc06987378de38d8c17511f82d8e8ae5753"),
    ("standard", "gettysburg-devils-den", 3): (388, "79bc284a54192eb9b9406003957792295eb7703ecba93d4950a5853d7efa9b81",
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
