"""Every event that records dice is one the replay reads its dice from
(``games.engine.replay.ROLL_EVENTS``): seeded random games under every ruleset, the house
rules' presets, the dice command and the team games, each collecting the events that carry
``rolls``; an event with dice left off the list would make its games replay with the wrong
dice. Each game is then replayed from its log with only the recorded dice."""
from __future__ import annotations

import random

import pytest

from games.engine import RULESETS, Game, preset_named, replay
from games.engine.replay import ROLL_EVENTS, chance_of
from tests.engine.scenarios import shipped

ACTIONS = 1_500
SEEDS = (5, 6, 7)


def cases() -> list[tuple[str, str, dict]]:
    """(ruleset, scenario, options): a game under each that rolls as many kinds of dice as
    the rules have."""
    full = dict(preset_named("advanced", "barber_full").options)
    out = [("advanced", "fredericksburg", {}),
           ("advanced", "shiloh", full),
           ("advanced", "gettysburg-picketts-charge", {**full, "dice_command": True,
                                                       "discard_instead_of_play": False}),
           ("advanced", "gettysburg-picketts-charge", {"team_mode": "epic"}),
           ("advanced", "shiloh", {"team_mode": "doubles"}),
           ("standard", "fredericksburg", {}),
           ("standard", "shiloh", {"team_mode": "grand"})]
    out += [(name, "", {}) for name, rules in sorted(RULESETS.items())
            if rules.scenario_format != RULESETS["advanced"].scenario_format]
    return out


def _scenario(ruleset: str, slug: str):
    return shipped(slug) if slug else RULESETS[ruleset].sample_scenarios[0]


def played(ruleset: str, slug: str, options: dict, seed: int = 5):
    game = Game.new(_scenario(ruleset, slug), ruleset=ruleset, options=options, seed=seed)
    rng = random.Random(seed)
    log = []
    for _ in range(ACTIONS):
        if game.outcome:
            break
        action = rng.choice(game.legal_actions())
        log.append({"action": action, "events": game.apply(action)})
    return game, log


@pytest.mark.parametrize(("ruleset", "slug", "options"), cases(),
                         ids=lambda v: (",".join(sorted(v)) or "plain") if isinstance(v, dict) else v)
def test_every_event_with_dice_is_one_the_replay_reads(ruleset, slug, options):
    for seed in SEEDS:
        game, log = played(ruleset, slug, options, seed)
        with_dice = {e["type"] for entry in log for e in entry["events"] if e.get("rolls")}
        assert with_dice, "the game rolled no dice at all"
        assert with_dice <= set(ROLL_EVENTS), \
            f"dice recorded by events the replay skips: {with_dice - set(ROLL_EVENTS)}"
        assert sum(len(chance_of(entry["events"])[0]) for entry in log) >= len(with_dice)
        again = replay(_scenario(ruleset, slug), seed, log, ruleset=ruleset, options=options)
        assert again.to_dict() == game.to_dict()
