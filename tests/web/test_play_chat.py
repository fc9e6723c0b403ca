"""The chat of a match: players only, plain text shown escaped, a rate limit."""
from __future__ import annotations

import pytest

from games import services
from games.models import ChatMessage
from tests.play_helpers import start_match

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
