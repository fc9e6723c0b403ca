"""The search path (sample_action, apply_unchecked, copy) agrees with the checked path the
site uses: what it samples is legal, it can sample every legal action, and an unchecked
apply leaves the state a checked apply leaves."""
import collections
import random

import pytest

from games.engine import Game, IllegalAction
from tests.engine.scenarios import SLUGS, shipped


def test_all_shipped_scenarios_are_covered():
    assert len(SLUGS) == 37


@pytest.mark.parametrize("slug", SLUGS)
def test_sampled_actions_are_legal_and_unchecked_apply_matches_checked(slug):
    rng = random.Random(slug)
    checked = Game.new(shipped(slug), seed=7)
    searched = checked.copy()
    for _ in range(160):
        if checked.outcome:
            break
        action = searched.sample_action(rng)
        assert action in checked.legal_actions()
        checked.apply(action)
        searched.apply_unchecked(action)
        assert searched.to_dict() == checked.to_dict(), action
    assert searched.phase == checked.phase and searched.outcome == checked.outcome


def test_whole_random_games_agree_to_the_end():
    for seed in range(3):
        rng = random.Random(seed)
        checked = Game.new(shipped("fredericksburg"), seed=seed)
        searched = checked.copy()
        n = 0
        while checked.outcome is None:
            action = searched.sample_action(rng)
            checked.apply(action)
            searched.apply_unchecked(action)
            n += 1
        assert searched.to_dict() == checked.to_dict()
        assert n > 20 and checked.outcome is not None
    with pytest.raises(IllegalAction, match="over"):
        searched.sample_action(rng)


def positions(slug, seed, count):
    """Positions of a random game, one per phase kind met, up to ``count`` in all."""
    rng = random.Random(seed)
    game = Game.new(shipped(slug), seed=seed)
    seen = collections.Counter()
    out = []
    while game.outcome is None and len(out) < count:
        if seen[game.phase] < 3 and len(game.legal_actions()) > 1:
            seen[game.phase] += 1
            out.append(game.copy())
        game.apply(game.sample_action(rng))
    return out


@pytest.mark.parametrize("slug", ["fredericksburg", "gettysburg-devils-den", "shiloh"])
def test_every_legal_action_can_be_sampled(slug):
    rng = random.Random(3)
    phases = set()
    games = [g for seed in (5, 6, 7) for g in positions(slug, seed, 30)]
    for game in games:
        legal = game.legal_actions()
        drawn = [game.sample_action(rng) for _ in range(40 * len(legal))]
        assert all(a in legal for a in drawn)
        assert {repr(a) for a in drawn} == {repr(a) for a in legal}, game.phase
        phases.add(game.phase)
    assert {"play_card", "order", "move", "battle"} <= phases


def test_sampling_is_uniform_in_the_move_phase():
    game = next(g for g in positions("fredericksburg", 2, 60)
                if g.phase == "move" and len(g.legal_actions()) > 20)
    legal = game.legal_actions()
    rng = random.Random(1)
    per = 300
    counts = collections.Counter(repr(game.sample_action(rng)) for _ in range(per * len(legal)))
    # each count is binomial with mean 300 and sd about 17: 6 sd either side
    assert all(200 < counts[repr(a)] < 400 for a in legal), counts.most_common(3)


def test_sampling_changes_nothing():
    game = positions("fredericksburg", 4, 12)[-1]
    before = game.to_dict()
    for seed in range(50):
        game.sample_action(random.Random(seed))
    assert game.to_dict() == before


def test_a_copy_is_independent():
    game = positions("fredericksburg", 6, 15)[-1]
    before = game.to_dict()
    twin = game.copy()
    rng = random.Random(0)
    for _ in range(60):
        if twin.outcome:
            break
        twin.apply_unchecked(twin.sample_action(rng))
    assert game.to_dict() == before
    assert twin.to_dict() != before


@pytest.mark.parametrize("slug", ["fredericksburg", "shiloh", "gettysburg-devils-den", "chancellorsville"])
def test_the_quick_legality_check_of_an_attack_agrees_with_its_full_profile(slug):
    """Listing attacks asks ``attack_allowed``; a player asking why sees ``attack_profile``:
    both must give the same answer for every unit and every hex of the board."""
    from games.engine.battlecry.advanced import combat

    checked = 0
    for game in positions(slug, 11, 40):
        for u in game.units.values():
            if combat.attack_barrier(game, u):
                continue
            for h in range(game.board.size):
                if h != u.hex:
                    assert combat.attack_allowed(game, u, h) == combat.attack_profile(game, u, h)["allowed"]
                    checked += combat.attack_allowed(game, u, h)
    assert checked > 20


@pytest.mark.parametrize("slug", ["fredericksburg", "shiloh", "first-bull-run", "pea-ridge"])
def test_reach_kept_between_moves_equals_reach_worked_out_afresh(slug):
    """Reach is kept in ``Game.cache`` until a move changes it (some of it across a
    general's move): at every step of random games, what the game answers equals what a
    copy with nothing kept works out, hex for hex and in the same order."""
    from games.engine.battlecry.advanced import movement, turn

    compared = 0
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        game = Game.new(shipped(slug), seed=seed)
        for _ in range(400):
            if game.outcome is not None:
                break
            if game.phase == "move":
                fresh = game.copy()
                fresh.cache.clear()
                for u in game.units.values():
                    if turn.unit_can_move(game, u):
                        kept = list(movement.unit_destinations(game, u).items())
                        assert kept == list(movement.unit_destinations(fresh, fresh.units[u.id]).items())
                        compared += 1
                for g in game.generals.values():
                    if turn.general_can_move(game, g):
                        kept = list(movement.general_destinations(game, g).items())
                        assert kept == list(movement.general_destinations(fresh, fresh.generals[g.id]).items())
            game.apply_unchecked(game.sample_action(rng))
    assert compared > 40


@pytest.mark.parametrize("ruleset", ["advanced", "standard"])
@pytest.mark.parametrize("slug", ["fredericksburg", "shiloh", "first-bull-run"])
def test_a_copy_that_keeps_what_its_game_worked_out_answers_as_one_that_keeps_nothing(slug, ruleset):
    """A copy (and a determinized copy) starts with the answers its game keeps: played on,
    it lists the same actions and reaches the same state as a copy that starts with none."""
    compared = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        game = Game.new(shipped(slug), ruleset=ruleset, seed=seed)
        next_check = 3
        for step in range(120):
            if game.outcome is not None:
                break
            game.legal_actions()                  # fills the cache for this position
            if step >= next_check and game.cache:
                next_check = step + 7
                side = game.active_side
                for make in (game.copy, lambda: game.determinize(side, step)):
                    kept, fresh = make(), make()
                    fresh.cache.clear()
                    assert kept.cache
                    play = random.Random(step)
                    for _ in range(25):
                        if kept.outcome is not None:
                            break
                        legal = kept.legal_actions()
                        assert legal == fresh.legal_actions(), kept.phase
                        action = play.choice(legal)
                        kept.apply_unchecked(action)
                        fresh.apply_unchecked(action)
                    assert kept.to_dict() == fresh.to_dict()
                    compared += 1
            game.apply_unchecked(game.sample_action(rng))
    assert compared >= 4
