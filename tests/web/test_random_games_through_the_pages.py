"""Random games played through the game page's HTMX posts end: every shipped scenario under
the default ruleset, and a small fixed sample of scenarios under every other ruleset (the
budget below; docs/testing.md says why).  Each step is a post of the deciding player, the
page offers exactly the legal actions (checked at each kind of decision and now and then),
the result is shown and the log reads in plain words.  That every ruleset ends a game on
every shipped scenario is proved at engine level (tests/engine/test_every_ruleset.py).

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
from games.engine import DEFAULT_RULESET, RULESETS
from games.engine.battlecry.prebattle import PHASES as PREBATTLE_PHASES
from games.engine.battlecry.standard.game import STEPS as STANDARD_STEPS
from games.models import Game
from tests.engine.scenarios import SLUGS, TERMS
from tests.play_helpers import ROOT, make_scenario, start_match
from tests.web.test_play_every_choice import HX, canon, check_offered

pytestmark = pytest.mark.django_db

#: every so many steps the whole offer is checked (it reads the page once per selectable piece)
CHECK_EVERY = 40
STEP_CAP = 5_000

#: The page budget of each ruleset other than the default one: at most SAMPLE_SIZE shipped
#: scenarios, each chosen for what it brings to the pages, with the phases of the ruleset's
#: own that its seeded game reaches.  Between them they reach every phase of the ruleset.
SAMPLE_SIZE = 4
PAGE_SAMPLES: dict[str, dict[str, tuple[str, frozenset[str]]]] = {
    "standard": {
        "fredericksburg": ("entrenchments on hexsides (facing), rivers crossed at the bridges, "
                           "towns; its special rules set aside (ruling S12)",
                           frozenset({"retreat", "battle_back", "breakthrough"})),
        "gettysburg-devils-den": ("rough ground, an orchard; three special rules set aside "
                                  "(ruling S12)",
                                  frozenset({"retreat", "battle_back", "breakthrough", "evade"})),
        "shiloh-double": ("the double board (its join, its flanks, two boxes of pieces); fences "
                          "on hexsides; temporary flags set aside (ruling S12)",
                          frozenset({"retreat", "battle_back", "breakthrough", "evade"})),
        "dranesville": ("special units, elite under these rules (ruling S6); its dice rule "
                        "set aside (ruling S12)",
                        frozenset({"retreat", "battle_back", "breakthrough", "evade"})),
    },
}

#: A ruleset of another game than Battle Cry plays its own maps (games/scenarios/<format>/):
#: the 1961 game has one, the war's theatres, and its game reaches both of its phases.
PAGE_SAMPLES["1961"] = {
    "mb1961-theatres-of-the-war": ("the reconstructed map: railroads, mountains and rivers, "
                                   "the South first, both phases of a turn",
                                   frozenset({"move", "battle"})),
}

#: The phases a game under each ruleset other than the default one may reach on the game
#: page (the campaign pre-battle phases are played on the campaign pages, not here).
RULESET_PHASES: dict[str, frozenset[str]] = {
    "standard": frozenset(STANDARD_STEPS) - frozenset(PREBATTLE_PHASES),
    "1961": frozenset(RULESETS["1961"].phases) - {"over"},
}
BATTLE_CRY = RULESETS[DEFAULT_RULESET].scenario_format
#: The shipped scenarios of each other format (their own folders).
OWN_SLUGS = {p.stem for p in (ROOT / "games" / "scenarios").glob("*/*.json")}

#: Every web game this module plays: (slug, ruleset).
GAMES = ([(slug, DEFAULT_RULESET) for slug in SLUGS]
         + [(slug, ruleset) for ruleset, sample in sorted(PAGE_SAMPLES.items()) for slug in sample])


@pytest.fixture
def players(django_user_model):
    return {"union": django_user_model.objects.create_user("lee", password="x"),
            "confederate": django_user_model.objects.create_user("grant", password="x")}


def test_every_shipped_scenario_is_played_under_the_default_ruleset():
    assert len(SLUGS) == 37
    assert {slug for slug, ruleset in GAMES if ruleset == DEFAULT_RULESET} == set(SLUGS)


def test_every_other_ruleset_plays_a_fixed_sample_of_shipped_scenarios():
    """Adding a ruleset costs SAMPLE_SIZE web games: it must be given its sample here."""
    assert set(PAGE_SAMPLES) == set(RULESETS) - {DEFAULT_RULESET}
    assert set(RULESET_PHASES) == set(PAGE_SAMPLES)
    for ruleset, sample in PAGE_SAMPLES.items():
        assert 0 < len(sample) <= SAMPLE_SIZE, ruleset
        assert set(sample) <= (set(SLUGS) if RULESETS[ruleset].scenario_format == BATTLE_CRY
                               else OWN_SLUGS), ruleset
    assert len(GAMES) == len(SLUGS) + sum(len(s) for s in PAGE_SAMPLES.values()) \
        <= len(SLUGS) + SAMPLE_SIZE * len(PAGE_SAMPLES)


def test_each_sample_reaches_every_phase_of_its_ruleset():
    """The phases each sampled game must reach (asserted by its page game) cover, across
    the sample, every phase the ruleset has beyond those every turn passes through."""
    for ruleset, sample in PAGE_SAMPLES.items():
        every_turn = {"play_card", "order", "move", "battle"} if ruleset == "standard" else set()
        reached = every_turn.union(*(p for _, p in sample.values()))
        assert reached == RULESET_PHASES[ruleset], ruleset


@pytest.mark.slow
@pytest.mark.parametrize(("slug", "ruleset"), GAMES, ids=[f"{r}-{s}" for s, r in GAMES])
def test_a_random_game_through_the_pages_ends(monkeypatch, players, slug, ruleset):
    seed = zlib.crc32(f"{slug}/{ruleset}".encode())
    monkeypatch.setattr(services, "engine_seed", lambda secret: seed)     # a known deal and dice
    _, row = start_match(players["union"], players["confederate"], make_scenario(slug=slug),
                         side="union", ruleset=ruleset, options=TERMS.get(slug))
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
        client = clients[row.deciding_player.pk]
        if row.phase not in checked or step % CHECK_EVERY == 0:
            checked.add(row.phase)
            check_offered(client, row)
        engine = services.load_engine(row)
        legal = engine.legal_actions()
        battle_cry = RULESETS[ruleset].scenario_format == BATTLE_CRY
        action = (quick_choice(engine, row.deciding, rng, legal) if battle_cry and rng.random() < 0.5
                  else rng.choice(legal))
        r = client.post(f"/play/games/{row.pk}/act/",
                        {"action": canon(action), "version": row.version}, **HX)
        body = r.content.decode()
        assert r.status_code == 200 and 'role="alert"' not in body, body[:400]
    assert row.is_over, f"no result after {STEP_CAP} steps"
    if RULESETS[ruleset].scenario_format == BATTLE_CRY:
        assert {"play_card", "battle"} <= checked
    if ruleset in PAGE_SAMPLES:
        assert PAGE_SAMPLES[ruleset][slug][1] <= checked, "a phase the sample counts on was not reached"
    body = clients[players["union"].pk].get(f"/play/games/{row.pk}/").content.decode()
    assert "won" in body or "draw" in body.lower()
    log = body.split('class="log"')[1]
    assert "_" not in re.sub(r"<[^>]+>", "", log.split("</section>")[0])
