"""Team games (Epic, Doubles, Grand Battle Cry) played to their end through the game page:
a team table seated by one member a seat, each decision posted from the page of the member
holding the deciding seat, the page offering exactly that seat's legal actions at each new
kind of decision, and the result and plain-worded log shown at the end.

The page budget (docs/testing.md): a team mode changes the game page, so it plays a fixed
sample of at most SAMPLE_SIZE games, chosen for what each brings (single and double boards,
both rulesets); that every mode ends on every shipped scenario is proved at engine level
(tests/engine/test_every_team_mode.py).  The players skip handing units between generals
and waiting on their initiative when they can do anything else, and half of their choices
follow the quick score of Archie's default policy, so that the games end in hundreds of
steps; the seeds are pinned (the deal, the dice and the choices).
"""
from __future__ import annotations

import random
import re
import zlib

import pytest
from django.test import Client

from games import services
from games.ai.policies import quick_choice
from games.models import Game, Match
from tests.play_helpers import make_scenario
from tests.web.test_play_every_choice import HX, canon, check_offered
from tests.web.test_random_games_through_the_pages import SAMPLE_SIZE

pytestmark = pytest.mark.django_db

STEP_CAP = 5_000
#: (ruleset, team mode, scenario, seed index): why each is in the sample
TEAM_GAMES: dict[tuple[str, str, str, int], str] = {
    ("advanced", "epic", "shiloh", 2): "Epic on a single board: command, cards given, initiative",
    ("advanced", "doubles", "antietam", 1): "Doubles on a single board: the cup, a hand per seat",
    ("advanced", "doubles", "shiloh-double", 0): "Doubles on the double board (26 hexes)",
    ("standard", "grand", "gettysburg-double", 1): "Grand Battle Cry on the double board, standard rules",
}
SKIPPED = ("transfer", "pass_initiative")


def test_the_team_sample_fits_the_page_budget():
    assert len(TEAM_GAMES) <= SAMPLE_SIZE
    assert {mode for _, mode, _, _ in TEAM_GAMES} == {"epic", "doubles", "grand"}
    assert any(slug.endswith("-double") for _, _, slug, _ in TEAM_GAMES)


def choose(engine, legal, rng):
    keep = [a for a in legal if a["type"] not in SKIPPED]
    legal = keep or legal
    return quick_choice(engine, engine.deciding, rng, legal) if rng.random() < 0.5 else rng.choice(legal)


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "mode", "slug", "k"), list(TEAM_GAMES),
                         ids=[f"{m}-{s}" for _, m, s, _ in TEAM_GAMES])
def test_a_team_game_through_the_pages_ends(django_user_model, monkeypatch, ruleset, mode, slug, k):
    seed = zlib.crc32(f"{slug}/{mode}/{k}".encode())
    monkeypatch.setattr(services, "engine_seed", lambda secret: seed)
    scenario = make_scenario(slug=slug)
    plan = services.team_seat_plan(scenario, ruleset, {"team_mode": mode})
    members = [django_user_model.objects.create_user(f"m{n}", password="x") for n in range(len(plan))]
    host = Client()
    host.force_login(members[0])
    r = host.post("/play/tables/new/", {"scenario": scenario.pk, "ruleset": ruleset,
                                        "team_mode": mode, "deadline_hours": 72})
    assert r.status_code == 303, r.content.decode()[:2000]
    clients = {}
    for spec, member in zip(plan, members):
        clients[member.pk] = Client()
        clients[member.pk].force_login(member)
        assert clients[member.pk].post(f"{r['Location']}take/", {"seat": spec.name}).status_code == 303
    row = Match.objects.get().games.get(number=1)
    rng = random.Random(seed)
    checked = set()
    for step in range(STEP_CAP):
        row = Game.objects.get(pk=row.pk)
        if row.is_over:
            break
        client = clients[row.deciding_player.pk]
        if row.phase not in checked:
            checked.add(row.phase)
            check_offered(client, row)
        engine = services.load_engine(row)
        action = choose(engine, engine.legal_actions(row.deciding), rng)   # as its page offers
        r = client.post(f"/play/games/{row.pk}/act/", {"action": canon(action), "version": row.version}, **HX)
        body = r.content.decode()
        assert r.status_code == 200 and 'role="alert"' not in body, body[:400]
    assert row.is_over, f"no result after {STEP_CAP} steps"
    assert {"command" if mode != "doubles" else "play_card", "battle"} <= checked
    body = clients[members[0].pk].get(f"/play/games/{row.pk}/").content.decode()
    assert "won" in body or "draw" in body.lower()
    log = body.split('class="log"')[1]
    assert "_" not in re.sub(r"<[^>]+>", "", log.split("</section>")[0])
