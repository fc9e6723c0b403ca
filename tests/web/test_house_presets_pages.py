"""Random games under each preset of the house rules end, on the same eight shipped scenarios
(docs/rulings.md H60): "Barber: full simulation" and every lighter preset on all eight (the
suite's time budget, tests/budget.py, counts them). Most steps go through the services, every few steps one is posted
through the game page as the deciding player would, and the page then shows the result
and the options in force. That each preset plays on the engine's own paths on any
scenario is proved at engine level (tests/engine/house/test_presets_properties.py)."""
from __future__ import annotations

import random
import zlib

import pytest
from django.test import Client

from games import services
from games.ai.policies import quick_choice
from games.engine import presets_for
from games.models import Game
from games.presentation.options import options_text
from tests.play_helpers import make_scenario, start_match
from tests.web.test_play_every_choice import HX, canon

pytestmark = pytest.mark.django_db

#: Eight shipped battles: small and large, woods, hills, rivers, works and a double board.
SCENARIOS = ("first-bull-run", "fredericksburg", "shiloh", "gettysburg-devils-den",
             "dranesville", "cedar-mountain", "antietam", "chickamauga-double")
PRESETS = tuple(p.key for p in presets_for("advanced"))
#: (preset, its scenarios): every preset on all eight.
PLAN = [(key, SCENARIOS) for key in PRESETS]
#: every so many steps one is posted through the game page
PAGE_EVERY = 9
STEP_CAP = 5_000
#: the share of steps chosen by the quick score of Archie's default policy (which attacks and
#: closes in), the rest uniformly at random: the games end in a few hundred steps
QUICK = 0.85


@pytest.fixture
def players(django_user_model):
    return {"union": django_user_model.objects.create_user("lee", password="x"),
            "confederate": django_user_model.objects.create_user("grant", password="x")}


def test_every_preset_is_played_on_the_eight_scenarios():
    assert len(PRESETS) >= 3 and PRESETS[0] == "barber_full"
    assert len(set(SCENARIOS)) == 8
    assert [key for key, _ in PLAN] == list(PRESETS) and all(s == SCENARIOS for _, s in PLAN)


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "slugs"), PLAN, ids=[key for key, _ in PLAN])
def test_random_games_under_a_preset_end_through_the_pages(monkeypatch, players, preset, slugs):
    options = dict(next(p for p in presets_for("advanced") if p.key == preset).options)
    clients = {}
    for user in players.values():
        clients[user.pk] = Client()
        clients[user.pk].force_login(user)
    for slug in slugs:
        seed = zlib.crc32(f"{slug}/{preset}".encode())
        monkeypatch.setattr(services, "engine_seed", lambda secret, seed=seed: seed)
        _, row = start_match(players["union"], players["confederate"], make_scenario(slug=slug),
                             side="union", options=options)
        rng = random.Random(seed)
        posted = 0
        engine = services.load_engine(row)
        for step in range(STEP_CAP):
            if row.is_over:
                break
            legal = engine.legal_actions()
            action = (quick_choice(engine, row.deciding, rng, legal) if rng.random() < QUICK
                      else rng.choice(legal))
            user = row.deciding_player
            if step % PAGE_EVERY == 0:
                r = clients[user.pk].post(f"/play/games/{row.pk}/act/",
                                          {"action": canon(action), "version": row.version}, **HX)
                assert r.status_code == 200 and 'role="alert"' not in r.content.decode()
                posted += 1
                row = Game.objects.get(pk=row.pk)
                engine = services.load_engine(row)
            else:
                acted = services.act(row.pk, user, action, row.version)
                row, engine = acted.game, acted.engine
        assert row.is_over, f"{slug} under {preset}: no result after {STEP_CAP} steps"
        assert posted > 3
        row = Game.objects.get(pk=row.pk)
        assert row.is_over and row.match.options == options
        body = clients[players["union"].pk].get(f"/play/games/{row.pk}/").content.decode()
        assert "won" in body or "draw" in body.lower()
        first = options_text("advanced", options).split(", ")[0]
        assert first in body, first
