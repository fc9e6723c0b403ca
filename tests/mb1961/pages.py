"""Playing a 1961 game through the game page as a browser would: a piece selected by its
link, then one of its squares (or a battle, a halt, the end of the turn) posted."""
from __future__ import annotations

import contextlib
import html
import json
import random
import re

from django.core.management import call_command

from games.models import Scenario
from tests.play_helpers import ROOT

SLUG = "mb1961-theatres-of-the-war"
FOLDER = ROOT / "games" / "scenarios" / "mb1961"
HX = {"HTTP_HX_REQUEST": "true"}


def load_map() -> Scenario:
    """The shipped map, loaded by the site's command from its format's folder."""
    call_command("load_scenarios", str(FOLDER), verbosity=0)
    return Scenario.objects.get(slug=SLUG)


def posts(page: str) -> list[dict]:
    """The actions a page offers: its buttons' and its clickable squares'."""
    out = [json.loads(html.unescape(m)) for m in re.findall(r'name="action" value="([^"]*)"', page)]
    out += [json.loads(json.loads(html.unescape(m))["action"]) for m in re.findall(r'hx-vals="([^"]*)"', page)]
    return out


def selections(page: str) -> list[str]:
    return sorted(set(re.findall(r"\?sel=(\d+,\d+)", page)))


def fragment(client, game, sel: str | None = None) -> str:
    r = client.get(f"/play/games/{game.pk}/", {"sel": sel} if sel else {}, **HX)
    assert r.status_code == 200
    return r.content.decode()


def step(client, game, rng: random.Random, around=contextlib.nullcontext) -> dict:
    """One post chosen like a player: most often a piece and one of its squares."""
    page = fragment(client, game)
    offered = posts(page)
    sels = selections(page)
    if sels and rng.random() < 0.9:
        moves = [a for a in posts(fragment(client, game, rng.choice(sels))) if a["type"] in ("move", "rail")]
        if moves:
            offered = moves
    battles = [a for a in offered if a["type"] == "battle"]
    action = rng.choice(battles or offered)
    with around():
        r = client.post(f"/play/games/{game.pk}/act/",
                        {"action": json.dumps(action, separators=(",", ":")), "version": game.version}, **HX)
    body = r.content.decode()
    assert r.status_code == 200 and 'role="alert"' not in body and 'class="message error"' not in body, body[:2000]
    return action


def play(clients: dict, game, seed: int, steps: int, each_step=None, around=contextlib.nullcontext) -> int:
    """Up to ``steps`` posts by whoever decides (``clients``: member id -> client); the posts
    made. ``around``: a context each post is made in (one running the tasks queued on commit
    lets Archie answer)."""
    rng = random.Random(seed)
    for n in range(steps):
        game.refresh_from_db()
        if game.is_over:
            return n
        if each_step:
            each_step(game, n)
        step(clients[game.deciding_player_id], game, rng, around)
    return steps
