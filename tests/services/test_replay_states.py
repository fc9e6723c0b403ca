"""A finished game's replay: each step's state, rebuilt from saved checkpoints rather than from
the deal every time."""
from __future__ import annotations

import random

import pytest
from django.core.cache import cache

from games import services
from tests.play_helpers import act, start_match

pytestmark = pytest.mark.django_db


def test_states_from_checkpoints_equal_the_full_rebuild(lee, grant):
    _, game = start_match(lee, grant, side="union")
    rnd = random.Random(5)
    players = {"union": lee, "confederate": grant}
    while game.version < 50 and game.deciding:
        legal = services.load_engine(game).legal_actions()
        act(game, players[game.deciding], rnd.choice(legal))
    services.resign(game.pk, grant if game.deciding != "confederate" else lee, game.version)
    game.refresh_from_db()
    assert game.is_over and game.version > 2 * services.REPLAY_CHECKPOINT
    cache.clear()
    full = {index: engine.to_dict() for index, _e, engine, _ev in services.rebuild_steps(game)}
    key = f"replay:{game.pk}:{game.version}:{services.REPLAY_CHECKPOINT}"
    assert cache.get(key) is None
    reached = 0
    for step in (0, 1, 19, 20, 21, 39, 41, game.version):
        at = services.state_at(game, step)
        cp = services.REPLAY_CHECKPOINT
        expected = min(step - step % cp, reached - reached % cp)
        reached = max(reached, step)
        assert at.engine.to_dict() == full[step], step
        assert (at.entry.index if at.entry else 0) == step
        # rebuilt from the latest checkpoint saved by the steps asked for before
        assert at.since == expected, step
        assert [e.index for e in at.entries] == list(range(at.since + 1, step + 1))
    assert cache.get(key) == full[services.REPLAY_CHECKPOINT]      # kept for the next steps
    # a later step starts from the checkpoint (a wrong saved state is caught, not shown)
    cache.set(key, full[0])
    with pytest.raises(ValueError):                  # IllegalAction or a log mismatch
        services.state_at(game, services.REPLAY_CHECKPOINT + 1)
    cache.clear()
