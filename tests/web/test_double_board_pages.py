"""A double-board game on the pages: the game page (with its map note) and the replay draw
the double board, its join and its flanks."""
from __future__ import annotations

import random

import pytest

from games import services
from games.models import Game
from tests.play_helpers import act, make_scenario, start_match

pytestmark = pytest.mark.django_db


def test_the_game_page_and_the_replay_draw_the_double_board(client, lee, grant, monkeypatch):
    monkeypatch.setattr(services, "new_seed", lambda: "0" * 32)          # a known deal
    _, game = start_match(lee, grant, make_scenario(slug="chickamauga-double"), side="confederate")
    users = {"confederate": lee, "union": grant}
    rng = random.Random(3)
    for _ in range(40):                     # a few turns of play, both sides
        game = Game.objects.get(pk=game.pk)
        engine = services.load_engine(game)
        act(game, users[game.deciding], rng.choice(engine.legal_actions()))
    client.force_login(lee)
    page = client.get(f"/play/games/{game.pk}/").content.decode()
    assert page.count('class="board double"') == 1 and 'class="join"' in page
    assert "Left flank" in page and "A layout made by the club on two joined boards" in page
    services.resign(game.pk, lee)
    replay = client.get(f"/play/games/{game.pk}/replay/?step=20").content.decode()
    assert 'class="board double"' in replay
