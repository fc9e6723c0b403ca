"""A finished game whose scenario rule rolled dice again (Dranesville's Bucktails re-roll
their sabres) rebuilds exactly from its log: every replay step, the replay page and the
API's replay answer, from the step where the re-roll fired to the end."""
from __future__ import annotations

import random

import pytest
from django.core.cache import cache

from games import replay_states, services
from games.models import Game
from tests.play_helpers import act, make_scenario, start_match

pytestmark = pytest.mark.django_db

#: The deal and the choices below bring the Bucktails' first re-roll at step 54.
SEED = 23


@pytest.fixture(autouse=True)
def pinned_deal(monkeypatch):
    monkeypatch.setattr(services, "new_seed", lambda: "0" * 32)
    monkeypatch.setattr(services, "engine_seed", lambda secret: SEED)


def pick(rng, engine, legal):
    """Choices that bring the Bucktails into the fight."""
    buck = next((u.id for u in engine.pieces.units.values() if u.special == "bucktails"), None)
    for wanted in (lambda a: a["type"] == "attack" and a.get("unit") == buck,
                   lambda a: a["type"] == "attack",
                   lambda a: a["type"] == "order" and a.get("unit") == buck):
        chosen = [a for a in legal if wanted(a)]
        if chosen:
            return rng.choice(chosen)
    return rng.choice(legal)


def game_with_a_reroll(lee, grant):
    _, game = start_match(lee, grant, make_scenario(slug="dranesville"), side="union")
    players = {"union": lee, "confederate": grant}
    rng = random.Random(SEED)
    rerolled_at = None
    while rerolled_at is None and game.deciding:
        engine = services.load_engine(game)
        act(game, players[game.deciding], pick(rng, engine, engine.legal_actions()))
        last = game.actions.order_by("-index").first()
        if any(e["type"] == "reroll" for e in last.events):
            rerolled_at = last.index
    assert rerolled_at is not None, "the Bucktails never re-rolled"
    services.resign(game.pk, grant, game.version)
    return Game.objects.get(pk=game.pk), rerolled_at


def test_a_game_with_a_bucktails_reroll_replays_on_the_page_and_in_the_api(client, lee, grant):
    game, rerolled_at = game_with_a_reroll(lee, grant)
    cache.clear()
    states = {index: engine.to_dict() for index, _e, engine, _ev in services.rebuild_steps(game)}
    assert max(states) == game.version
    for step in (rerolled_at - 1, rerolled_at, game.version):
        assert replay_states.state_at(game, step).engine.to_dict() == states[step]
    client.force_login(lee)
    for step in (rerolled_at, game.version):
        assert client.get(f"/play/games/{game.pk}/replay/?step={step}").status_code == 200
        assert client.get(f"/api/v1/games/{game.pk}/replay/{step}/").status_code == 200
