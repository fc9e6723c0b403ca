"""The solo pages: Play Archie from the lobby and the scenario pages; the game page while
Archie decides."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Game, Match
from tests.play_helpers import make_scenario

pytestmark = pytest.mark.django_db


def test_solo_page_offers_levels_nightfall_and_lists_the_handless_rulings(client, lee):
    sc = make_scenario(slug="shiloh")
    client.force_login(lee)
    html = client.get(f"/play/solo/?scenario={sc.slug}").content.decode()
    assert "Play Archie: " in html and "Archie&#x27;s level" in html and "Nightfall" in html
    assert f'<option value="{sc.pk}" selected>' in html
    for words in ("count one card for Archie", "never plays Fight Back", "one extra die",
                  "top card of its own deck"):
        assert words in html
    for level in ("Recruit", "Veteran", "General"):
        assert f"<dt>{level}</dt>" in html
    # What each level does and what that buys, as measured (docs/archie.md).
    assert "without looking ahead" in html and "for about a second" in html
    assert "the enemy&#x27;s reply" in html and "values set by hand" in html
    assert "games against the veteran on equal terms" in html
    assert "from the top of its deck, it won 94 of 100 games against the recruit" in html


def test_scenario_page_and_lobby_link_to_play_archie(client, lee):
    make_scenario(slug="shiloh")
    html = client.get("/scenarios/shiloh/").content.decode()
    assert '<a class="button" href="/play/solo/?scenario=shiloh">Play Archie</a>' in html
    client.force_login(lee)
    lobby = client.get("/play/").content.decode()
    assert "Play Archie" in lobby and 'action="/play/solo/"' in lobby and 'name="level"' in lobby


def test_starting_a_solo_match_opens_game_one_with_the_person_first(client, lee):
    sc = make_scenario(slug="shiloh")                  # the Confederates move first at Shiloh
    client.force_login(lee)
    r = client.post("/play/solo/", {"scenario": sc.pk, "level": "recruit", "nightfall": "on"})
    match = Match.objects.get(archie_level="recruit")
    game = match.games.get(number=1)
    assert r.status_code == 303 and r["Location"] == f"/play/games/{game.pk}/"
    assert game.side_of(lee) == "confederate" and match.options == {"nightfall": True}
    html = client.get(r["Location"]).content.decode()
    assert "Your decision" in html and "Archie" in html
    # listed in "my matches"
    lobby = client.get("/play/").content.decode()
    assert f'href="/play/games/{game.pk}/"' in lobby


def test_a_visitor_must_log_in_to_start(client):
    sc = make_scenario()
    r = client.post("/play/solo/", {"scenario": sc.pk, "level": "veteran"})
    assert r.status_code == 303 and "/login" in r["Location"]
    assert not Match.objects.exists()


def test_a_bad_level_is_refused_on_the_form(client, lee):
    sc = make_scenario()
    client.force_login(lee)
    r = client.post("/play/solo/", {"scenario": sc.pk, "level": "marshal"})
    assert r.status_code == 400 and "Select a valid choice" in r.content.decode()


def archie_deciding_game(lee):
    """Game 2 of a solo match: Archie moves first (its task not yet run)."""
    match = services.start_solo(lee, make_scenario(), "recruit")
    game = match.games.get(number=1)
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    # hand the decision to Archie by ending game 1 at once: the person claims
    engine = services.load_engine(game)
    import random
    rng = random.Random(2)
    while game.deciding == "union":
        services.act(game.pk, lee, engine.sample_action(rng), game.version)
        game.refresh_from_db()
        engine = services.load_engine(game)
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    services.claim_timeout(game.pk, lee)
    return match.games.get(number=2)


def test_the_game_page_polls_at_its_usual_pace_while_the_person_decides(client, lee):
    match = services.start_solo(lee, make_scenario(), "recruit")
    client.force_login(lee)
    html = client.get(match.games.get(number=1).get_absolute_url()).content.decode()
    assert "Your decision" in html and 'hx-trigger="every 3000ms"' in html


def test_the_game_page_says_archie_is_thinking_then_that_no_worker_answers(client, lee):
    game = archie_deciding_game(lee)
    client.force_login(lee)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert "Archie is thinking" in html and "not answered" not in html
    assert "hx-get=\"/play/games/%d/version/?v=0\"" % game.pk in html      # the page polls
    assert 'hx-trigger="every 500ms"' in html              # often, while Archie's steps come
    Game.objects.filter(pk=game.pk).update(updated=timezone.now() - timedelta(seconds=61))
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert "Archie has not answered for over a minute" in html
    assert 'hx-trigger="every 3000ms"' in html             # no worker: the usual pace again


@pytest.mark.parametrize("ruleset, played, drew, from_deck", [
    # Advanced solo (AR ARCHIE): no hand, the top card of its deck each turn
    ("advanced", "Archie (Confederate) drew {card} from the top of its deck and played it",
     "Archie (Confederate) drew the top card of its deck.", True),
    # standard: Archie holds a hand and plays from it like any player
    ("standard", "Archie (Confederate) played {card}", "Confederate drew 1 card.", False),
])
def test_the_game_page_log_tells_how_archie_takes_its_cards_under_each_ruleset(
        client, lee, settings, django_capture_on_commit_callbacks, ruleset, played, drew, from_deck):
    import html as html_lib
    import random

    from games.models import GameAction
    from games.presentation.words import card_name

    settings.ARCHIE_ITERATIONS = 12
    match = services.start_solo(lee, make_scenario(), "recruit", ruleset=ruleset)
    game = match.games.get(number=1)
    rng = random.Random(1)
    with django_capture_on_commit_callbacks(execute=True):      # Archie's turn runs at once
        while game.deciding == "union":
            engine = services.load_engine(game)
            services.act(game.pk, lee, engine.sample_action(rng), game.version)
            game.refresh_from_db()
    game.refresh_from_db()
    archie_card = GameAction.objects.filter(game=game, side="confederate",
                                            action__type="play_card").first().action["card"]
    client.force_login(lee)
    page = html_lib.unescape(client.get(f"/play/games/{game.pk}/").content.decode())
    assert played.format(card=card_name(archie_card)) in page
    assert drew in page
    assert ("top of its deck" in page) == from_deck


def test_the_bench_only_policies_are_never_offered_nor_accepted(client, lee):
    """The clairvoyant Archie (it searches with the person's real hand) and the candidate
    weights exist for the bench only (bench/bench_policies.py): the solo page offers the
    three levels and nothing else, and refuses a bench policy's name."""
    import importlib.util
    import pathlib

    from games.ai import LEVELS, POLICIES

    root = pathlib.Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("bench_policies", root / "bench" / "bench_policies.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    names = set(bench.BENCH_POLICIES)
    assert "clairvoyant" in names and not names & (set(LEVELS) | set(POLICIES))
    sc = make_scenario(slug="shiloh")
    client.force_login(lee)
    html = client.get(f"/play/solo/?scenario={sc.slug}").content.decode()
    offered = set(re.findall(r'<option value="([a-z-]+)"', html))
    assert {"recruit", "veteran", "general"} <= offered and not offered & names
    for name in names:
        r = client.post("/play/solo/", {"scenario": sc.pk, "level": name})
        assert r.status_code == 400
        with pytest.raises(services.ActionRefused):
            services.start_solo(lee, sc, name)
    assert not Match.objects.exists()
