"""Whole games under random sets of the house terrain rules, firepower and the unit profiles
(docs/rulings.md H40-H56): they end, the search path agrees with the checked path, the state
round-trips and the log replays, and Archie's choices under them are legal."""
import json
import pathlib
import random

from hypothesis import given, settings, strategies as st

from games.ai import Budget, greedy_policy, search_policy
from games.engine import Game, load_scenario
from games.engine.battlecry.advanced.profile_options import OPTIONS as PROFILES
from games.engine.battlecry.advanced.terrain_options import TERRAIN_RULES
from games.engine.replay import replay
from tests.engine.scenarios import shipped

EXAMPLE = pathlib.Path(__file__).resolve().parents[3] / "docs" / "examples" / "barber-ridge.json"


def scenario(slug):
    if slug == "barber-ridge":
        return load_scenario(json.loads(EXAMPLE.read_text()))
    return shipped(slug)


RULES = (*TERRAIN_RULES, "terrain_entry_roll", "terrain_victory_points", *(o.name for o in PROFILES),
         "woods_shaken_roll", "stream_shaken_roll")
#: The Shaken rolls of woods and streams need their terrain rule and Shaken (H70).
NEEDS = {"woods_shaken_roll": ("terrain_woods", "shaken_marker"),
         "stream_shaken_roll": ("terrain_stream", "shaken_marker")}


def with_needs(rules):
    return dict.fromkeys(sorted({*rules, *(n for r in rules for n in NEEDS.get(r, ()))}), True)
SLUGS = ["barber-ridge", "gettysburg-devils-den", "belmont", "antietam", "fredericksburg"]


@settings(max_examples=12, deadline=None)
@given(st.sets(st.sampled_from(RULES), min_size=1), st.sampled_from(SLUGS),
       st.integers(min_value=0, max_value=2**31))
def test_games_under_random_terrain_rules_end_agree_round_trip_and_replay(rules, slug, seed):
    options = with_needs(rules)
    sc = scenario(slug)
    rng = random.Random(seed)
    checked = Game.new(sc, seed=seed, options=options)
    searched = checked.copy()
    log = []
    for _ in range(3000):
        if checked.outcome:
            break
        action = searched.sample_action(rng)
        log.append({"action": action, "events": checked.apply(action)})
        searched.apply_unchecked(action)
    assert checked.outcome is not None
    assert searched.to_dict() == checked.to_dict()
    assert Game.from_dict(checked.to_dict()).to_dict() == checked.to_dict()
    assert replay(sc, seed, log, options=options).to_dict() == checked.to_dict()


def test_archie_chooses_legal_actions_under_every_terrain_rule():
    options = {**with_needs(RULES), "archie": "confederate"}
    decided = 0
    for seed in (7, 8, 9):
        game = Game.new(scenario("barber-ridge"), seed=seed, options=options)
        rng, n = random.Random(seed), 0
        while game.outcome is None and n < 300:
            legal = game.legal_actions()
            if game.active_side == "confederate":
                policy = search_policy if n % 20 == 0 else greedy_policy
                action = policy(game, "confederate", Budget(iterations=8), seed=n)
                assert action in legal, (game.phase, action)
                decided += 1
            else:
                action = rng.choice(legal)
            game.apply(action)
            n += 1
    assert decided > 30
