"""The chat of a match: plain text shown escaped, a rate limit, and read by spectators only
while both players let them."""
from __future__ import annotations

import pytest

from games import services
from games.models import ChatMessage
from tests.play_helpers import start_match
from tests.web.test_play_leaks import pages

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def match(lee, grant):
    return start_match(lee, grant, side="union")[0]


def test_messages_are_shown_escaped_to_both_players(client, match, lee, grant):
    client.force_login(lee)
    url = f"/play/matches/{match.pk}/chat/"
    r = client.post(url, {"text": '<script>alert("x")</script> <b>good luck</b>\nsecond line'}, **HX)
    assert r.status_code == 200 and r["HX-Trigger"] == "chat-sent"
    body = r.content.decode()
    assert "<script>alert" not in body and "<b>good" not in body
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;b&gt;good luck&lt;/b&gt;<br>second line" in body
    client.force_login(grant)
    game = match.games.get()
    page = client.get(f"/play/games/{game.pk}/").content.decode()
    assert 'id="chat"' in page and "&lt;b&gt;good luck&lt;/b&gt;" in page and "<b>good luck" not in page
    # a poll with nothing newer is a 204; a newer message brings the fragment
    last = ChatMessage.objects.get().pk
    assert client.get(url + f"?after={last}").status_code == 204
    services.post_chat(match.pk, grant, "thanks")
    assert "thanks" in client.get(url + f"?after={last}").content.decode()


def test_only_players_read_or_write(client, match, meade):
    url = f"/play/matches/{match.pk}/chat/"
    assert client.get(url).status_code == 403
    client.force_login(meade)
    assert client.get(url).status_code == 403
    assert client.post(url, {"text": "hello"}).status_code == 403
    game = match.games.get()
    assert 'id="chat"' not in client.get(f"/play/games/{game.pk}/").content.decode()
    with pytest.raises(services.NotAPlayer):
        services.post_chat(match.pk, meade, "hello")
    assert not ChatMessage.objects.exists()


def test_refusals_empty_long_and_too_fast(client, match, lee):
    client.force_login(lee)
    url = f"/play/matches/{match.pk}/chat/"
    assert "Write something first" in client.post(url, {"text": "   "}, **HX).content.decode()
    assert "at most 500 characters" in client.post(url, {"text": "x" * 501}, **HX).content.decode()
    for n in range(services.CHAT_BURST):
        services.post_chat(match.pk, lee, f"message {n}")
    r = client.post(url, {"text": "one more"}, **HX)
    assert "faster than the chat allows" in r.content.decode() and "HX-Trigger" not in r
    assert ChatMessage.objects.count() == services.CHAT_BURST
    # without JavaScript: back to the game page, the refusal as a message
    r = client.post(url, {"text": "one more"})
    assert r.status_code == 303 and r["Location"].endswith("#chat")


SECRET = "Meet me behind the stone wall at dawn"


def spectator_bodies(client, game) -> dict[str, str]:
    """Every page and fragment a spectator can ask for, the chat's included."""
    bodies = pages(client, game)
    chat = f"/play/matches/{game.match_id}/chat/"
    bodies["chat (page)"] = client.get(chat).content.decode()
    bodies["chat (poll)"] = client.get(chat + "?after=0", **HX).content.decode()
    return bodies


def shown_to(client, game) -> list[str]:
    return [name for name, body in spectator_bodies(client, game).items() if "stone wall" in body]


@pytest.mark.parametrize("spectator", ["meade", None])
def test_spectators_read_the_chat_only_while_both_players_let_them(client, match, lee, grant,
                                                                  meade, spectator):
    game = match.games.get()
    services.post_chat(match.pk, lee, SECRET + " <b>bring</b> the guns")
    if spectator:
        client.force_login(meade)
    assert shown_to(client, game) == []                       # nobody agreed
    assert services.share_chat(match.pk, lee, True) is False
    assert shown_to(client, game) == []                       # one player is not enough
    assert services.share_chat(match.pk, grant, True) is True
    page = client.get(f"/play/games/{game.pk}/").content.decode()
    assert "The players' chat" in page and SECRET in page
    assert "&lt;b&gt;bring&lt;/b&gt;" in page and "<b>bring" not in page      # escaped
    assert 'id="chat-text"' not in page and "Let spectators read it" not in page   # read-only
    assert client.post(f"/play/matches/{match.pk}/chat/", {"text": "hi"}, **HX).status_code == 403
    assert SECRET in client.get(f"/play/matches/{match.pk}/chat/", **HX).content.decode()
    # either player takes the consent back: hidden again, and a polling page is emptied
    services.share_chat(match.pk, grant, False)
    assert shown_to(client, game) == []
    poll = client.get(f"/play/matches/{match.pk}/chat/?after=0", **HX).content.decode()
    assert "no longer let spectators" in poll and "hx-get" not in poll
    assert ChatMessage.objects.count() == 1


def test_each_player_gives_or_takes_back_consent_on_the_game_page(client, match, lee, grant, meade):
    game = match.games.get()
    share = f"/play/matches/{match.pk}/chat/share/"
    client.force_login(lee)
    page = client.get(f"/play/games/{game.pk}/").content.decode()
    assert "only the two players read it" in page and "Let spectators read it" in page
    r = client.post(share, {"share": "yes"}, **HX)
    body = r.content.decode()
    assert r.status_code == 200 and 'id="chat"' in body and "once your opponent agrees" in body
    client.force_login(grant)
    assert "Your opponent would let spectators read" in client.get(f"/play/games/{game.pk}/").content.decode()
    r = client.post(share, {"share": "yes"})                   # without JavaScript
    assert r.status_code == 303 and r["Location"] == f"/play/games/{game.pk}/#chat"
    page = client.get(f"/play/games/{game.pk}/").content.decode()
    assert "spectators may read it too" in page and "Keep it between us" in page
    client.force_login(meade)
    assert client.post(share, {"share": "no"}).status_code == 403      # not theirs to decide
    with pytest.raises(services.NotAPlayer):
        services.share_chat(match.pk, meade, False)
    client.force_login(lee)
    assert "you both agreed" not in client.post(share, {"share": "no"}, **HX).content.decode()
    assert not services.share_chat(match.pk, grant, True)
