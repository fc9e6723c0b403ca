"""Archie plays the standard ruleset with the same policies: every answer is legal, and
a whole game against random play ends."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.ai import Budget, choose, greedy_policy, random_policy, search_policy
from games.ai.evaluation import evaluate, unit_dice
from games.engine import Game, load_scenario

ROOT = Path(__file__).resolve().parents[2]
SMALL = Budget(iterations=16)


def scenario(slug):
    return load_scenario(json.loads((ROOT / "games" / "scenarios" / f"{slug}.json").read_text()))


@pytest.mark.parametrize("slug", ["fredericksburg", "shiloh", "first-bull-run"])
def test_every_action_a_policy_returns_under_the_standard_rules_is_legal(slug):
    rng = random.Random(len(slug))
    phases = set()
    for k in range(5):
        g = Game.new(scenario(slug), ruleset="standard", options={"archie": "union"}, seed=k)
        for _ in range(rng.randrange(0, 200)):
            if g.outcome:
                break
            g.apply(g.sample_action(rng))
        if g.outcome:
            continue
        phases.add(g.phase)
        legal = g.legal_actions()
        for policy in (random_policy, greedy_policy, search_policy):
            assert policy(g, g.active_side, SMALL, seed=k) in legal
    assert phases


def test_archie_answers_the_standard_rulesets_own_decisions():
    """Evasion, battle-back and breakthrough fall to Archie too."""
    rng = random.Random(3)
    seen = set()
    for k in range(30):
        g = Game.new(scenario("fredericksburg"), ruleset="standard", seed=k)
        while not g.outcome and len(seen) < 3:
            if g.phase in ("evade", "battle_back", "breakthrough"):
                seen.add(g.phase)
                action = choose(g, g.active_side, "recruit", k)
                assert action in g.legal_actions()
            g.apply(g.sample_action(rng))
        if len(seen) == 3:
            break
    assert seen == {"evade", "battle_back", "breakthrough"}


def test_a_game_of_archie_against_random_play_ends():
    g = Game.new(scenario("fredericksburg"), ruleset="standard", options={"archie": "union"},
                 seed=9)
    rng = random.Random(9)
    for _ in range(20000):
        if g.outcome:
            break
        side = g.active_side
        g.apply(choose(g, side, "recruit", rng.getrandbits(32)) if side == "union"
                else g.sample_action(rng))
    assert g.outcome is not None


def test_archie_estimates_dice_by_the_rulesets_own_table():
    adv = Game.new(scenario("fredericksburg"), seed=1)
    std = Game.new(scenario("fredericksburg"), ruleset="standard", seed=1)
    inf = next(u for u in std.units.values() if u.kind == "infantry")
    assert unit_dice(std, inf, 4) == 1 and unit_dice(adv, adv.units[inf.id], 4) == 0


def test_archie_values_enemy_morale_markers_spent_less_than_routed():
    """Under the standard rules a Spent enemy unit is worth less to its side than a fresh
    one, a Routed one less again; the same markers on Archie's own units count against it.
    The Advanced rules mark no unit, and their values are untouched."""
    base = Game.new(scenario("fredericksburg"), ruleset="standard", options={"archie": "union"},
                    seed=4)
    enemy = next(u.id for u in base.units.values() if u.side == "confederate")
    own = next(u.id for u in base.units.values() if u.side == "union")

    def value(marks):
        g = base.copy()
        g.status.update(marks)
        return evaluate(g, "union")

    plain = value({})
    assert plain < value({enemy: "spent"}) < value({enemy: "routed"})
    assert value({own: "routed"}) < value({own: "spent"}) < plain
    adv = Game.new(scenario("fredericksburg"), options={"archie": "union"}, seed=4)
    assert dict(adv.markers) == {}

