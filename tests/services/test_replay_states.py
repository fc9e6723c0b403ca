"""A finished game's replay: each step's state, rebuilt from the segments kept in the cache
(games/replay_states.py) rather than from the deal every time."""
from __future__ import annotations

import random

import pytest
from django.core.cache import cache

from games import replay_states, services
from games.models import Game
from tests.play_helpers import act, start_match

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def pinned_deal(monkeypatch):
    """The same deal and dice every run."""
    monkeypatch.setattr(services, "new_seed", lambda: "0" * 32)
    monkeypatch.setattr(services, "engine_seed", lambda secret: 11)


def finished_game_with_take_backs(lee, grant, length=45):
    """A random game of ``length`` steps or so, where a third of the steps that may be taken
    back are; then a resignation."""
    _, game = start_match(lee, grant, side="union")
    rnd = random.Random(5)
    players = {"union": lee, "confederate": grant}
    while game.version < length and game.deciding:
        legal = services.load_engine(game).legal_actions()
        act(game, players[game.deciding], rnd.choice(legal))
        game.refresh_from_db()
        entries = list(game.actions.order_by("index"))
        if game.deciding and services.undoable_entry(entries, game.deciding, game.deciding) \
                and rnd.random() < 0.35:
            services.undo(game.pk, players[game.deciding], game.version)
            game.refresh_from_db()
    services.resign(game.pk, grant if game.deciding != "confederate" else lee, game.version)
    return Game.objects.get(pk=game.pk)


def test_every_step_equals_the_replay_from_the_deal(lee, grant, django_assert_num_queries):
    game = finished_game_with_take_backs(lee, grant)
    entries = list(game.actions.order_by("index"))
    undone = services.undone_indices(entries)
    assert undone and game.version > 3 * replay_states.SEGMENT
    cache.clear()
    states = {index: (engine.to_dict(), entry) for index, entry, engine, _ev
              in services.rebuild_steps(game)}
    standing = sorted(states)
    for step in range(game.version + 1):
        latest = max(i for i in standing if i <= step)      # a step taken back shows the one before
        at = replay_states.state_at(game, step)
        assert at.engine.to_dict() == states[latest][0], step
        assert (at.entry.index if at.entry else 0) == latest, step
        assert at.since == replay_states.segment_of(step) * replay_states.SEGMENT
        assert [e.index for e in at.entries] == [i for i in standing if at.since < i <= step]
        assert at.names == {"union": "lee", "confederate": "grant",
                            "scenario": str(game.match.scenario)}
    # kept: a step costs no query of the log
    with django_assert_num_queries(0):
        replay_states.state_at(game, game.version - 1)


def test_a_step_taken_back_on_a_segment_boundary_is_passed_over(lee, grant, monkeypatch):
    game = finished_game_with_take_backs(lee, grant)
    undone = sorted(services.undone_indices(game.actions.all()))
    states = {index: engine.to_dict() for index, _e, engine, _ev in services.rebuild_steps(game)}
    for i in undone:
        monkeypatch.setattr(replay_states, "SEGMENT", i)     # a segment starts at the step taken back
        cache.clear()
        for step in (i - 1, i, i + 1, 2 * i):
            latest = max(k for k in states if k <= step)
            at = replay_states.state_at(game, step)
            assert at.engine.to_dict() == states[latest], (i, step)
            assert i not in [e.index for e in at.entries]


def test_a_wrong_kept_state_is_caught_not_shown(lee, grant):
    game = finished_game_with_take_backs(lee, grant, length=25)
    replay_states.state_at(game, 0)                                 # builds and keeps the segments
    key = replay_states._key(game, 1)
    segment = cache.get(key)
    later = cache.get(replay_states._key(game, 2))     # the state ten steps on
    cache.set(key, dict(segment, state=later["state"]))
    with pytest.raises(ValueError):                  # IllegalAction or a log mismatch
        for step in range(replay_states.SEGMENT + 1, 2 * replay_states.SEGMENT + 1):
            replay_states.state_at(game, step)
