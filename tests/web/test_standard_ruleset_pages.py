"""The standard ruleset on the site: chosen where a match or a solo game is set up, named on
the game page with a link to its rules page, listed on the scenario page (random games
through the pages on a sample of scenarios: test_random_games_through_the_pages.py)."""
from __future__ import annotations

import random

import pytest
from django.test import Client

from games import services
from games.models import Match
from tests.play_helpers import make_scenario, start_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(django_user_model):
    return {"union": django_user_model.objects.create_user("lee", password="x"),
            "confederate": django_user_model.objects.create_user("grant", password="x")}


def test_a_challenge_chooses_the_rules_and_the_games_follow(client, players):
    scenario = make_scenario()
    client.force_login(players["union"])
    body = client.get("/play/").content.decode()
    assert 'name="c-ruleset"' in body and "standard rules" in body
    r = client.post("/play/challenge/", {"c-opponent": "grant", "c-scenario": scenario.pk,
                                         "c-ruleset": "standard", "c-side": "union",
                                         "c-deadline_hours": 72})
    assert r.status_code == 303
    match = Match.objects.get()
    assert match.ruleset == "standard"
    services.accept(match.pk, players["confederate"])
    game = match.games.get(number=1)
    assert game.ruleset == "standard" and game.state["ruleset"] == "standard"
    assert services.load_engine(game).ruleset == "standard"


def test_the_default_is_the_advanced_rulebook(players):
    match, game = start_match(players["union"], players["confederate"])
    assert match.ruleset == "advanced" and game.ruleset == "advanced"


def test_an_option_the_chosen_rules_lack_is_refused_with_its_name(players):
    with pytest.raises(services.ActionRefused, match="no Nightfall option"):
        services.create_challenge(players["union"], players["confederate"], make_scenario(),
                                  options={"nightfall": True}, ruleset="standard")
    with pytest.raises(services.ActionRefused, match="Choose the rules"):
        services.post_seek(players["union"], make_scenario(), ruleset="nonsense")


def test_a_solo_game_under_the_standard_rules(client, players):
    scenario = make_scenario(slug="fredericksburg")
    client.force_login(players["union"])
    assert 'name="ruleset"' in client.get("/play/solo/").content.decode()
    r = client.post("/play/solo/", {"scenario": scenario.pk, "level": "recruit",
                                    "ruleset": "standard"})
    assert r.status_code == 303
    match = Match.objects.get()
    assert match.ruleset == "standard" and match.current_game().state["ruleset"] == "standard"


def test_the_game_page_names_the_rules_and_links_their_summary(client, players):
    _, game = start_match(players["union"], players["confederate"], ruleset="standard")
    client.force_login(players["union"])
    body = client.get(f"/play/games/{game.pk}/").content.decode()
    assert 'href="/rules/standard/"' in body and "Standard rules" in body
    page = client.get("/rules/standard/").content.decode()
    assert "morale check" in page and "advance and melee again" in page
    assert "All-Out Offensive" in page and "Short of Supplies" in page
    assert client.get("/rules/advanced/").status_code == 200
    assert client.get("/rules/nonsense/").status_code == 404


def test_the_scenario_page_says_which_rules_it_plays_under(client):
    make_scenario(slug="fredericksburg")
    body = client.get("/scenarios/fredericksburg/").content.decode()
    assert 'href="/rules/advanced/"' in body and 'href="/rules/standard/"' in body
    listed = body.split('<ul class="rulesets">', 1)[1].split("</ul>", 1)[0]
    assert listed.count("<li>") == 2 and ".;" not in listed      # one line each, not run together


def test_the_api_takes_the_rules_of_a_challenge(players):
    from rest_framework.test import APIClient
    api = APIClient()
    api.force_authenticate(players["union"])
    scenario = make_scenario()
    r = api.post("/api/v1/matches/challenges/", {"opponent": "grant", "scenario": scenario.slug,
                                                 "ruleset": "standard"}, format="json")
    assert r.status_code == 201 and r.json()["ruleset"] == "standard"
    r = api.post("/api/v1/matches/challenges/", {"opponent": "grant", "scenario": scenario.slug,
                                                 "ruleset": "nonsense"}, format="json")
    assert r.status_code == 400


def test_a_units_morale_marker_shows_on_the_board_and_in_its_words(client, players):
    from tests.play_helpers import set_state
    _, game = start_match(players["union"], players["confederate"], ruleset="standard")
    engine = services.load_engine(game)
    spent = next(iter(engine.units))
    engine.status[spent] = "spent"
    set_state(game, engine)
    client.force_login(players["union"])
    body = client.get(f"/play/games/{game.pk}/").content.decode()
    assert body.count('class="status spent"') == 1 and ", spent</title>" in body


def test_a_standard_match_plays_to_its_end_and_the_re_match_keeps_the_rules(players):
    """Whole games through the services (the same path as the pages): the result is recorded
    with its flags and figures, and game 2 is dealt under the standard rules too."""
    from tests.play_helpers import act, player
    match, game = start_match(players["union"], players["confederate"], ruleset="standard")
    rnd = random.Random(2)
    for _ in range(3000):
        game.refresh_from_db()
        if game.is_over:
            break
        legal = services.load_engine(game).legal_actions()
        keen = [a for a in legal if a["type"] in ("attack", "battle_back", "breakthrough")]
        act(game, player(game, game.deciding), rnd.choice(keen or legal))
    assert game.is_over and game.outcome["reason"] == "flags"
    assert max(game.outcome["flags"].values()) >= 6 and "casualties" in game.outcome
    second = match.games.get(number=2)
    assert second.ruleset == "standard" and services.load_engine(second).ruleset == "standard"
    client = Client()
    client.force_login(players["union"])
    assert client.get(f"/play/games/{game.pk}/replay/").status_code == 200
    morale_step = next(entry.index for entry in game.actions.order_by("index")
                       if any(e["type"] == "morale_check" for e in entry.events))
    replay = client.get(f"/play/games/{game.pk}/replay/?step={morale_step}")
    assert replay.status_code == 200 and "checked morale" in replay.content.decode()


@pytest.mark.parametrize("phase, words", [("battle_back", "to battle back or decline"),
                                          ("evade", "to evade the melee or stand"),
                                          ("breakthrough", "to advance and melee again, or hold the ground")])
def test_the_waiting_line_words_the_standard_decisions(players, phase, words):
    """The player who waits reads what the other is deciding, in words, for the decisions
    only the standard rules have."""
    from tests.play_helpers import set_state
    _, game = start_match(players["union"], players["confederate"], ruleset="standard")
    engine = services.load_engine(game)
    rnd = random.Random(7)
    for _ in range(5000):
        if engine.phase in (phase, "over"):
            break
        legal = engine.legal_actions()
        keen = [a for a in legal if a["type"] in ("attack", "battle_back", "breakthrough")]
        engine.apply(rnd.choice(keen or legal))
    assert engine.phase == phase
    set_state(game, engine)
    waiting = players["union"] if engine.active_side == "confederate" else players["confederate"]
    client = Client()
    client.force_login(waiting)
    body = " ".join(client.get(f"/play/games/{game.pk}/").content.decode().split())
    assert f"({engine.active_side.capitalize()}) {words}" in body
