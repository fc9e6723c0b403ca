"""Random games played through the game page's HTMX posts end, on every shipped scenario
under every registered ruleset: each step is a post of the deciding player, the page offers
exactly the legal actions (checked at each kind of decision and now and then), the result
is shown and the log reads in plain words.

The players choose half of their actions uniformly at random and half with the quick score
of Archie's default policy (which attacks and closes in), so that games end in a few
hundred steps instead of a few thousand.
"""
from __future__ import annotations

import random
import re
import zlib

import pytest
from django.test import Client

from games import services
from games.ai.policies import quick_choice
from games.engine import RULESETS
from games.models import Game
from tests.engine.scenarios import SLUGS
from tests.play_helpers import make_scenario, start_match
from tests.web.test_play_every_choice import HX, canon, check_offered

pytestmark = pytest.mark.django_db

#: every so many steps the whole offer is checked (it reads the page once per selectable piece)
CHECK_EVERY = 40
STEP_CAP = 5_000


@pytest.fixture
def players(django_user_model):
    return {"union": django_user_model.objects.create_user("lee", password="x"),
            "confederate": django_user_model.objects.create_user("grant", password="x")}


def test_every_shipped_scenario_is_played():
    assert len(SLUGS) == 32


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@pytest.mark.parametrize("slug", SLUGS)
def test_a_random_game_through_the_pages_ends(monkeypatch, players, slug, ruleset):
    seed = zlib.crc32(f"{slug}/{ruleset}".encode())
    monkeypatch.setattr(services, "engine_seed", lambda secret: seed)     # a known deal and dice
    _, row = start_match(players["union"], players["confederate"], make_scenario(slug=slug),
                         side="union", ruleset=ruleset)
    clients = {}
    for user in players.values():
        clients[user.pk] = Client()
        clients[user.pk].force_login(user)
    rng = random.Random(seed)
    checked = set()
    for step in range(STEP_CAP):
        row = Game.objects.get(pk=row.pk)
        if row.is_over:
            break
        client = clients[getattr(row, f"{row.deciding}_player").pk]
        if row.phase not in checked or step % CHECK_EVERY == 0:
            checked.add(row.phase)
            check_offered(client, row)
        engine = services.load_engine(row)
        legal = engine.legal_actions()
        action = (quick_choice(engine, row.deciding, rng, legal) if rng.random() < 0.5
                  else rng.choice(legal))
        r = client.post(f"/play/games/{row.pk}/act/",
                        {"action": canon(action), "version": row.version}, **HX)
        body = r.content.decode()
        assert r.status_code == 200 and 'role="alert"' not in body, body[:400]
    assert row.is_over, f"no result after {STEP_CAP} steps"
    assert {"play_card", "battle"} <= checked
    body = clients[players["union"].pk].get(f"/play/games/{row.pk}/").content.decode()
    assert "won" in body or "draw" in body.lower()
    log = body.split('class="log"')[1]
    assert "_" not in re.sub(r"<[^>]+>", "", log.split("</section>")[0])
