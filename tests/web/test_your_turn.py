"""Your turn, everywhere: the header count, the lobby and home page lists and their refresh,
the game page's title."""
from __future__ import annotations

import pytest

from tests.play_helpers import start_match

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(lee, grant):
    return start_match(lee, grant, side="union")[1]          # lee (Union) is to play


def test_header_counts_the_games_waiting(client, game, lee, grant):
    client.force_login(lee)
    html = client.get("/").content.decode()
    assert ('<span class="turn-count" title="Games and challenges waiting for you">1<span class="sr"> '
            'waiting for your move or your answer') in html
    assert "<title>(1) Battle Cry club</title>" in html
    assert 'id="my-games" data-your-turn-count="1"' in html          # the home page's list
    client.force_login(grant)
    html = client.get("/").content.decode()
    assert "class=\"turn-count\"" not in html and 'data-your-turn-count="0"' in html
    client.logout()
    assert "class=\"turn-count\"" not in client.get("/").content.decode()


def test_lobby_list_refreshes_as_a_fragment(client, game, lee, grant):
    client.force_login(lee)
    html = client.get("/play/").content.decode()
    assert "<title>(1) Play · Battle Cry club</title>" in html
    assert 'hx-get="/play/?fragment=games&amp;games=1" hx-trigger="every 20s"' in html
    fragment = client.get("/play/?fragment=games", **HX).content.decode()
    assert fragment.lstrip().startswith('<div id="my-games" data-your-turn-count="1"')
    assert "Open seeks" not in fragment and "<html" not in fragment
    client.logout()
    assert client.get("/play/?fragment=games", **HX).status_code == 204


def test_game_title_says_your_turn(client, game, lee, grant):
    client.force_login(lee)
    assert "<title>(&#x2691; Your turn) " in client.get(f"/play/games/{game.pk}/").content.decode()
    client.force_login(grant)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert "Your turn)" not in html.split("</title>")[0]


def test_favicon_and_its_your_turn_badge(client, game, lee):
    client.force_login(lee)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert '<link rel="icon" type="image/svg+xml" href="/static/favicon.svg" data-turn-icon="/static/favicon-turn.svg">' in html


def test_the_seed_fingerprint_says_what_was_hashed(client, game, lee):
    client.force_login(lee)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert "the sha256 of those 32 characters" in html and game.seed_hash in html
    assert game.secret_seed not in html
    from games import services
    services.resign(game.pk, lee, game.version)
    game.refresh_from_db()
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    import hashlib
    assert f"Secret seed: <code>{game.secret_seed}</code>; its sha256 is the hash above" in html
    assert hashlib.sha256(game.secret_seed.encode()).hexdigest() == game.seed_hash
