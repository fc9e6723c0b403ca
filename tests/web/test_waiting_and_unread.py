"""What waits for a member: challenges waiting for an answer count in the header and show on
the home page; the header count follows the game page's HTMX answers (an out-of-band swap,
only when the count changed); unread chat messages are marked next to the game, on the match
and game pages, until the chat is shown."""
from __future__ import annotations

import json
import re

import pytest

from games import services
from tests.play_helpers import first_turn_but_its_end, make_scenario, skirmish_data, start_match

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def header_count(html: str) -> int:
    m = re.search(r'<span id="turn-count" data-count="(\d+)"', html)
    assert m, "no header count"
    return int(m.group(1))


def test_a_challenge_waiting_for_an_answer_counts_and_shows_on_the_home_page(client, lee, grant):
    match = services.create_challenge(lee, grant, make_scenario(), side="union")
    client.force_login(grant)
    home = client.get("/").content.decode()
    assert header_count(home) == 1 and "<title>(1) Battle Cry club</title>" in home
    assert "challenges you to" in home and f"/play/matches/{match.pk}/" in home
    assert 'data-your-turn-count="1"' in home                 # the refreshed list agrees
    client.force_login(lee)                                    # the challenger waits for nothing
    assert header_count(client.get("/").content.decode()) == 0
    services.decline(match.pk, grant)
    client.force_login(grant)
    home = client.get("/").content.decode()
    assert header_count(home) == 0 and "challenges you to" not in home


@pytest.fixture
def turn_to_end(lee, grant, monkeypatch):
    monkeypatch.setattr(services, "new_seed", lambda: "0" * 32)
    monkeypatch.setattr(services, "engine_seed", lambda secret: 3)
    scenario = make_scenario(skirmish_data(general_on=(12, 6)))
    return first_turn_but_its_end(start_match(lee, grant, scenario, side="union")[1])


def end_turn(client, game, shown: int):
    game.refresh_from_db()
    return client.post(f"/play/games/{game.pk}/act/",
                       {"action": json.dumps({"type": "end_turn"}), "version": game.version},
                       HTTP_X_TURN_COUNT=str(shown), **HX).content.decode()


OOB = 'hx-swap-oob="true"'


def test_the_header_count_follows_the_game_without_a_reload(client, turn_to_end, lee, grant):
    game = turn_to_end
    client.force_login(lee)
    assert header_count(client.get(f"/play/games/{game.pk}/").content.decode()) == 1
    answer = end_turn(client, game, shown=1)
    assert 'id="game"' in answer
    assert '<span id="turn-count" data-count="0" hx-swap-oob="true">' in answer
    # grant's page polls: the new position comes with his new count
    client.force_login(grant)
    poll = client.get(f"/play/games/{game.pk}/version/?v={game.version}",
                      HTTP_X_TURN_COUNT="0", **HX).content.decode()
    assert '<span id="turn-count" data-count="1" hx-swap-oob="true"> <span class="turn-count"' in poll


def test_no_count_is_sent_when_it_has_not_changed(client, turn_to_end, lee, grant):
    game = turn_to_end
    services.create_challenge(grant, lee, make_scenario(), side="union")   # lee: 1 game + 1 challenge
    client.force_login(lee)
    answer = end_turn(client, game, shown=1)        # 2 before, 1 after: the page showed 1
    assert 'id="game"' in answer and OOB not in answer


def test_unread_chat_is_marked_until_the_chat_is_shown(client, lee, grant):
    match, game = start_match(lee, grant)
    services.post_chat(match.pk, grant, "Good luck")
    services.post_chat(match.pk, grant, "You will need it")
    services.post_chat(match.pk, lee, "Thanks")              # one's own lines are never unread
    client.force_login(lee)
    assert "2 new chat messages" in client.get("/").content.decode()
    assert "2 new chat messages" in client.get("/play/").content.decode()
    match_page = client.get(f"/play/matches/{match.pk}/").content.decode()
    assert f'/play/games/{game.pk}/#chat">The chat with your opponent</a> <span class="unread">2 new messages' in match_page
    page = client.get(f"/play/games/{game.pk}/").content.decode()
    assert '<a href="#chat">2 new chat messages</a>' in page        # shown once, as the chat opens
    for path in ("/", "/play/", f"/play/matches/{match.pk}/", f"/play/games/{game.pk}/"):
        assert "new chat message" not in client.get(path).content.decode(), path
        assert 'class="unread"' not in client.get(path).content.decode(), path
    # grant has read nothing of lee's; a new line from grant, fetched by lee's chat refresh,
    # is read at once
    client.force_login(grant)
    assert "1 new chat message" in client.get("/play/").content.decode()
    services.post_chat(match.pk, grant, "Your move")
    client.force_login(lee)
    assert "1 new chat message" in client.get("/play/").content.decode()
    client.get(f"/play/matches/{match.pk}/chat/?after=0", **HX)
    assert "new chat message" not in client.get("/play/").content.decode()


def test_a_spectator_has_no_unread_marks(client, lee, grant, django_user_model):
    match, game = start_match(lee, grant)
    services.post_chat(match.pk, grant, "Good luck")
    client.force_login(django_user_model.objects.create_user("meade", password="x-Gettysburg-1863"))
    assert "new message" not in client.get(f"/play/matches/{match.pk}/").content.decode()
    assert "new chat message" not in client.get(f"/play/games/{game.pk}/").content.decode()
