"""Archie's policies: legal answers everywhere, repeatable, and blind to hidden cards."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.ai import (LEVELS, Budget, choose, ensemble_policy, greedy_policy, random_policy,
                      search_policy)
from games.engine import BOARD, Game, load_scenario
from games.ai.evaluation import other

ROOT = Path(__file__).resolve().parents[2]
SLUGS = sorted(p.stem for p in (ROOT / "games" / "scenarios").glob("*.json") if p.stem != "schema")
SMALL = Budget(iterations=24)


def scenario(slug):
    return load_scenario(json.loads((ROOT / "games" / "scenarios" / f"{slug}.json").read_text()))


def positions(slug, count, seed):
    """Solo games of ``slug`` advanced by random play to ``count`` random points."""
    sc = scenario(slug)
    rng = random.Random(seed)
    out = []
    for k in range(count):
        archie = rng.choice(("union", "confederate"))
        g = Game.new(sc, options={"archie": archie}, seed=seed * 100 + k)
        for _ in range(rng.randrange(0, 120)):
            if g.outcome:
                break
            g.apply(g.sample_action(rng))
        if not g.outcome:
            out.append(g)
    return out


@pytest.mark.parametrize("slug", SLUGS)
def test_every_action_a_policy_returns_is_legal(slug):
    seen_phases = set()
    for n, g in enumerate(positions(slug, 4, seed=len(slug))):
        side = g.active_side
        legal = g.legal_actions()
        seen_phases.add(g.phase)
        for policy in (random_policy, greedy_policy, search_policy, ensemble_policy):
            action = policy(g, side, SMALL, seed=n)
            assert action in legal, (slug, g.phase, policy.__name__, action)
        # the answer can be played, by the checked path the site uses
        g.copy().apply(search_policy(g, side, SMALL, seed=n))
    assert seen_phases


def test_decisions_outside_its_turn_are_answered_legally():
    """Retreats, withdrawals, taking ground: whatever falls to a side mid-turn."""
    rng = random.Random(7)
    sc = scenario("antietam")
    found = 0
    for k in range(40):
        g = Game.new(sc, options={"archie": "confederate"}, seed=k)
        for _ in range(400):
            if g.outcome:
                break
            if g.active_side != g.active:
                side = g.active_side
                legal = g.legal_actions()
                for policy in (greedy_policy, search_policy):
                    assert policy(g, side, SMALL, seed=k) in legal
                found += 1
                break
            g.apply(g.sample_action(rng))
        if found >= 3:
            break
    assert found >= 3


def archie_turn(slug="fredericksburg", seed=3, phase="move"):
    """A solo game in Archie's turn at ``phase``, reached by random play."""
    sc = scenario(slug)
    for k in range(50):
        rng = random.Random(seed + k)
        archie = other(sc.first_side)
        g = Game.new(sc, options={"archie": archie}, seed=seed + k)
        for _ in range(600):
            if g.outcome:
                break
            if g.active_side == archie and g.phase == phase and len(g.legal_actions()) > 2:
                return g, archie
            g.apply(g.sample_action(rng))
    raise AssertionError("no such position")


def hidden(g, side):
    foe = other(side)
    return (list(g.hands[foe]), list(g.decks[foe]), list(g.decks[side]), g.rng, g.seed)


@pytest.mark.parametrize("phase", ["move", "battle"])
def test_archie_chooses_the_same_from_a_canary_deal(phase):
    """The hidden parts (the person's hand, both deck orders, which extras lie where, the
    random stream and the seed) replaced by a canary deal: Archie's choice is unchanged,
    over several positions and search seeds."""
    for start in (3, 60, 120):
        g, archie = archie_turn(seed=start, phase=phase)
        canary = g.determinize(archie, seed=987654321 + start)
        assert canary.view(archie) == g.view(archie)
        assert hidden(canary, archie) != hidden(g, archie)
        for seed in (1, 2, 3):
            budget = Budget(iterations=60)
            assert search_policy(canary, archie, budget, seed) == search_policy(g, archie, budget, seed)
            assert (ensemble_policy(canary, archie, budget, seed)
                    == ensemble_policy(g, archie, budget, seed))
            assert greedy_policy(canary, archie, None, seed) == greedy_policy(g, archie, None, seed)


def test_a_search_is_repeatable_for_a_seed_and_an_iteration_budget():
    g, archie = archie_turn(phase="move")
    budget = Budget(iterations=200)
    for policy in (search_policy, ensemble_policy):
        first = policy(g, archie, budget, seed=11)
        assert all(policy(g, archie, budget, seed=11) == first for _ in range(2))


def test_the_general_searches_three_trees_on_equal_shares_of_its_budget():
    assert LEVELS["general"].policy == "ensemble" and LEVELS["veteran"].policy == "search"
    assert Budget(iterations=3300).share(3) == Budget(iterations=1100)
    assert Budget(iterations=10).share(3) == Budget(iterations=4)      # none left empty
    assert Budget(seconds=3.0).share(3) == Budget(seconds=1.0)
    g, archie = archie_turn(phase="move")
    assert ensemble_policy(g, archie, Budget(iterations=3), seed=5) in g.legal_actions()


def evaluated_turns(monkeypatch, policy, g, side, iterations):
    """How many turns on from ``g`` lies each position the search evaluates (games won inside
    the search left out: they end where they end)."""
    from games.ai import search
    real, turns = search.evaluate, []

    def evaluate(position, who):
        if not position.outcome:
            turns.append(position.current.number - g.current.number)
        return real(position, who)

    monkeypatch.setattr(search, "evaluate", evaluate)
    policy(g, side, Budget(iterations=iterations), seed=2)
    monkeypatch.undo()
    return turns


@pytest.mark.parametrize("phase", ["play_card", "move", "battle"])
def test_every_plan_is_judged_where_the_turn_in_progress_ends(monkeypatch, phase):
    """A walk down the tree that reaches the end of the turn by itself is judged there, like
    every other, not after the other side's next turn played by the quick policy as well (a
    horizon that depended on the tree's depth made some plans look worse than others only
    for being searched further)."""
    for seed in (3, 60):
        g, archie = archie_turn(seed=seed, phase=phase)
        turns = evaluated_turns(monkeypatch, search_policy, g, archie, iterations=300)
        assert turns and set(turns) == {1}, (phase, seed)
        # the general looks one turn further, at the enemy's reply, every plan alike
        # (tests/ai/test_reply_search.py)
        turns = evaluated_turns(monkeypatch, ensemble_policy, g, archie, iterations=300)
        assert turns and set(turns) == {2}, (phase, seed)


def test_choose_knows_the_levels_and_the_policies():
    g, archie = archie_turn(phase="play_card")
    assert set(LEVELS) >= {"recruit", "veteran", "general"}
    for name in ("random", "greedy", "search", "recruit", "veteran", "general"):
        assert choose(g, archie, name, seed=1, budget=Budget(iterations=10)) in g.legal_actions()
    with pytest.raises(ValueError, match="unknown"):
        choose(g, archie, "marshal", seed=1)


def test_a_level_keeps_to_its_time_budget():
    import time
    g, archie = archie_turn(phase="move")
    t0 = time.perf_counter()
    search_policy(g, archie, Budget(seconds=0.3), seed=1)
    ensemble_policy(g, archie, Budget(seconds=0.3), seed=1)
    assert time.perf_counter() - t0 < 5     # a bound on runaway loops, not a speed goal


def test_greedy_takes_a_sure_elimination():
    """A unit that can destroy a one-figure enemy unit in melee attacks it rather than
    ending the turn."""
    from tests.engine.helpers import G, U, scenario as build
    sc = build(units=[U("union", "infantry", 12, 6), U("confederate", "infantry", 13, 5, figures=1),
                      U("confederate", "infantry", 3, 1)],
               generals=[G("union", 24, 8), G("confederate", 0, 0)], flags=3)
    g = Game.new(sc, options={"archie": "union"}, seed=5)
    g.apply(next(a for a in g.legal_actions() if a["type"] == "play_card"))
    while g.phase != "battle":
        acts = g.legal_actions()
        pick = next((a for a in acts if a["type"] == "order" and a["unit"] == "u1"), None)
        pick = pick or next(a for a in acts if a["type"] in ("confirm_orders", "end_movement"))
        g.apply(pick)
    action = greedy_policy(g, "union", None, seed=1)
    assert action["type"] == "attack" and action["target"] == {"col": 13, "row": 5}


def test_a_time_budget_starts_no_iteration_that_would_end_past_its_deadline():
    """Iterations of 0.2 s and one of 0.45 s: once the slow one has been seen, no iteration
    starts less than 0.45 s before the deadline, so the search ends by its 3 seconds instead
    of overrunning them by one iteration (think time keeps under its level's seconds)."""
    t = [100.0]
    clock = Budget(seconds=3.0).clock(now=lambda: t[0])
    lengths = iter([0.2, 0.45] + [0.2] * 100)
    started = 0
    while clock.more():
        started += 1
        t[0] += next(lengths)
        clock.done += 1
    assert t[0] - 100.0 <= 3.0 + 1e-9
    assert t[0] - 100.0 >= 2.5 - 1e-9          # and it did not stop needlessly early
    assert started == 12            # 0.2 + 0.45 + 10 x 0.2 = 2.65 s; a 13th might run to 3.1
    assert Budget(iterations=5, seconds=3.0).clock(now=lambda: 0.0).more()


@pytest.mark.parametrize("ruleset", ["advanced", "standard"])
def test_the_quick_scores_and_the_threat_worked_out_together_equal_one_by_one(ruleset):
    """The search scores all the actions of a decision at once and counts threats with each
    unit's dice looked up once: the numbers are exactly those of scoring and counting one
    action and one pair at a time, so Archie decides as before, only sooner."""
    from games.ai.evaluation import expected_hits, threat
    from games.ai.heuristics import score, scores

    checked = 0
    for slug in ("fredericksburg", "shiloh", "antietam"):
        sc = scenario(slug)
        for k in range(4):
            rng = random.Random(k)
            g = Game.new(sc, ruleset=ruleset, options={"archie": sc.first_side}, seed=k)
            for _ in range(rng.randrange(0, 150)):
                if g.outcome:
                    break
                side = g.active_side
                actions = g.legal_actions()
                assert scores(g, actions, side) == [score(g, a, side) for a in actions]
                checked += sum(a["type"] == "move" for a in actions)
                DIST = g.board.dist
                for s in ("union", "confederate"):
                    pairs = [[expected_hits(g, u, e, DIST[u.hex][e.hex])
                              for u in g.pieces.units.values()
                              if u.side == s and DIST[u.hex][e.hex] <= 4]
                             for e in g.pieces.units.values() if e.side != s]
                    expected = 0.0
                    for e, hits in zip([e for e in g.pieces.units.values() if e.side != s], pairs):
                        if hits and max(hits):
                            expected += min(1.0, max(hits) / e.figures)
                    assert threat(g, s) == expected
                g.apply(g.sample_action(rng))
    assert checked > 200


def test_a_lone_last_general_within_the_enemys_reach_weighs_like_the_game():
    """Archie's games against greedy were lost, every one, by losing the last general, moved
    alone to where the enemy could reach him. A lone general the enemy can strike next turn
    now costs what he would cost: under the Advanced rules, whose last general ends the game,
    a large share of the game; a second general, or a general with a unit, far less."""
    from games.ai import evaluate
    from tests.engine.helpers import G, U, scenario as build

    def value(general_at, second=None, ruleset="advanced"):
        generals = [G("union", *general_at), G("confederate", 0, 0)]
        if second:
            generals.append(G("union", *second))
        sc = build(units=[U("union", "infantry", 12, 6), U("confederate", "infantry", 14, 2),
                          U("confederate", "infantry", 2, 0)], generals=generals)
        return evaluate(Game.new(sc, ruleset=ruleset, options={"archie": "union"}, seed=1),
                        "union")

    near, with_unit = (14, 4), (12, 6)           # two hexes from the enemy / on its own unit
    assert BOARD.dist[BOARD.index_of(near)][BOARD.index_of((14, 2))] == 2
    assert value(near) < value(with_unit) - 400           # the last one: the game at stake
    second = (24, 8)                                       # a second general, far off
    assert value(with_unit, second) - 100 < value(near, second) < value(with_unit, second)
    assert (value(with_unit, ruleset="standard") - 100 < value(near, ruleset="standard")
            < value(with_unit, ruleset="standard"))        # standard: the last one is a flag


def test_the_last_generals_unit_within_the_enemys_reach_weighs_his_loss_too():
    """Archie lost games to greedy by pushing the unit that carried its last general into two
    enemy units: the unit was destroyed, and the dice of the last attack killed him. A general
    whose unit the enemy can destroy next turn now costs a share of the game, the more the
    weaker his unit; a full-strength unit against one enemy, which cannot be destroyed in one
    attack, costs nothing."""
    from games.ai import evaluate
    from tests.engine.helpers import G, U, scenario as build

    def value(figures, enemies, generals_with=True):
        foes = [U("confederate", "infantry", *h) for h in enemies]
        sc = build(units=[U("union", "infantry", 12, 6, figures=figures),
                          U("union", "infantry", 20, 6), U("confederate", "infantry", 2, 0)]
                   + foes,
                   generals=[G("union", *((12, 6) if generals_with else (20, 6))),
                             G("confederate", 0, 0)])
        return evaluate(Game.new(sc, ruleset="advanced", options={"archie": "union"}, seed=1),
                        "union")

    two = [(13, 5), (11, 5)]
    assert all(BOARD.dist[BOARD.index_of((12, 6))][BOARD.index_of(h)] == 1 for h in two)
    # the weakened unit next to two enemy units: his loss is a real share of the game
    assert value(2, two) < value(2, two, generals_with=False) - 400
    # a weaker unit puts him at greater risk than a full one
    assert value(2, two) < value(4, two) - 100
    # a full unit next to a single enemy cannot be destroyed in one attack: no cost for him
    assert abs(value(4, two[:1]) - value(4, two[:1], generals_with=False)) < 30
