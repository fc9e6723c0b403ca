"""Playing a toy game through the game page as a browser would: read the buttons the
#game fragment offers, post one, read the fragment it answers with."""
from __future__ import annotations

import contextlib
import html
import io
import json
import random
import re

from tests.toy.rules import SCENARIO

#: The toy's scenario as a file a member imports (the catalogue's slug and date added).
TOY_FILE = {**SCENARIO, "slug": "toy-crossroads", "dates": ["1863-07-01"]}

_FORM = re.compile(r'<form method="post" action="(?P<url>[^"]+)" hx-post="[^"]+">'
                   r'<input type="hidden" name="csrfmiddlewaretoken" value="[^"]*">'
                   r'<input type="hidden" name="action" value="(?P<action>[^"]*)">'
                   r'<input type="hidden" name="version" value="(?P<version>\d+)">')


def import_toy_scenario(client):
    """The toy's scenario imported through the scenario import page; the Scenario row."""
    from games.models import Scenario

    upload = io.BytesIO(json.dumps(TOY_FILE).encode())
    upload.name = "crossroads.json"
    r = client.post("/scenarios/import/", {"file": upload})
    assert r.status_code == 302, r.content.decode()[:2000]
    return Scenario.objects.get(slug=TOY_FILE["slug"])


def buttons(page: str) -> list[dict]:
    """The action buttons a page offers: ``{"url", "action", "version"}``."""
    return [{"url": m["url"], "action": html.unescape(m["action"]), "version": m["version"]}
            for m in _FORM.finditer(page)]


def fragment(client, game) -> str:
    r = client.get(f"/play/games/{game.pk}/", HTTP_HX_REQUEST="true")
    assert r.status_code == 200
    return r.content.decode()


def play_to_the_end(clients: dict, game, seed: int, limit: int = 400, each_step=None,
                    around_post=contextlib.nullcontext) -> int:
    """Post buttons chosen with ``seed`` from the page of the member whose decision it is
    (``clients``: member id -> logged-in client) until the game ends; the steps taken.
    ``around_post``: a context each post is made in (one that runs the tasks queued on
    commit lets Archie answer); ``each_step(game, steps)`` is called before each post."""
    rng = random.Random(seed)
    steps = 0
    for _ in range(limit):
        game.refresh_from_db()
        if game.is_over:
            return steps
        client = clients[game.deciding_player_id]
        page = fragment(client, game)
        offered = buttons(page)
        assert offered, page[:3000]
        # other members' pages offer nothing to post
        for other_id, other in clients.items():
            if other_id != game.deciding_player_id:
                assert buttons(fragment(other, game)) == []
        if each_step:
            each_step(game, steps)
        b = rng.choice(offered)
        with around_post():
            r = client.post(b["url"], {"action": b["action"], "version": b["version"]},
                            HTTP_HX_REQUEST="true")
        assert r.status_code == 200 and 'class="message error"' not in r.content.decode(), \
            r.content.decode()[:3000]
        steps += 1
    raise AssertionError("the game did not end")
