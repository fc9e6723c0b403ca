"""The 1961 game through the site's pages, with nothing in the site naming it: its map
loaded by the site's command, a match challenged with its options and played to its end by
posting what the game page offers (the offer checked against the rules), the replay, the
rules page, a solo match against Archie, and the forms of the modes it does not play."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from games import game_log, services
from games.models import Match
from tests.web.test_play_every_choice import canon, offered

from .pages import fragment, load_map, play

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def test_the_map_is_loaded_by_the_site_s_command_and_played_under_the_1961_rules_only(lee):
    row = load_map()
    assert row.format == "mb1961" and [r.name for r in row.playing_rulesets()] == ["1961"]
    page = logged_in(lee).get(f"/scenarios/{row.slug}/")
    assert page.status_code == 200 and "Theatres of the War" in page.content.decode()


def test_a_1961_match_is_challenged_with_its_options_and_played_until_a_side_resigns(lee, grant):
    a, b = logged_in(lee), logged_in(grant)
    scenario = load_map()
    fields = a.get("/play/options/", {"place": "match", "prefix": "c", "c-ruleset": "1961"}, **{"HTTP_HX_REQUEST": "true"})
    assert 'name="c-round_limit"' in fields.content.decode() and 'name="c-capture_lead"' in fields.content.decode()
    r = a.post("/play/challenge/", {"c-opponent": grant.username, "c-scenario": scenario.pk, "c-ruleset": "1961",
                                    "c-side": "union", "c-deadline_hours": 72, "c-round_limit": 12, "c-capture_lead": 8})
    assert r.status_code == 303, r.content.decode()[:3000]
    match = Match.objects.get()
    assert match.ruleset == "1961" and match.options == {"round_limit": 12, "capture_lead": 8}
    b.post(f"/play/matches/{match.pk}/accept/")
    game = match.games.get(number=1)
    assert game.deciding == "confederate"                   # the South moves first
    clients = {lee.pk: a, grant.pk: b}
    seen = set()

    def check(game, n):
        if game.phase not in seen:                          # each kind of decision: the page
            seen.add(game.phase)                            # offers exactly the legal actions
            legal = {canon(x) for x in services.load_engine(game).legal_actions()}
            assert offered(clients[game.deciding_player_id], game) == legal

    play(clients, game, seed=3, steps=60, each_step=check)
    game.refresh_from_db()
    assert seen == {"move", "battle"} and not game.is_over
    r = clients[game.deciding_player_id].post(f"/play/games/{game.pk}/resign/", {"version": game.version, "confirm": "yes"})
    assert r.status_code in (200, 302, 303)
    game.refresh_from_db()
    assert game.is_over
    page = a.get(f"/play/games/{game.pk}/").content.decode()
    assert "won" in page or "resign" in page
    assert "Pieces on the map" in page and "Railroad station" in page
    assert "Arrows show the moves" in page and "a cross where a unit was eliminated" not in page
    for step in (0, game.version // 2, game.version):
        replay = b.get(f"/play/games/{game.pk}/replay/", {"step": step})
        assert replay.status_code == 200 and 'class="rail"' in replay.content.decode()
    assert "re-match" in fragment(a, game).lower()
    assert match.games.get(number=2).holds(grant, "union")


def test_the_board_shows_the_map_the_pips_and_what_a_piece_can_reach(lee, grant):
    a, b = logged_in(lee), logged_in(grant)
    scenario = load_map()
    _, game = _match(lee, grant, scenario)
    page = fragment(b, game)
    assert 'class="rail"' in page and 'class="station"' in page and 'class="border"' in page
    assert "t-mountain" in page and "t-river" in page and "t-water" in page
    assert re.search(r"Dice: \d and \d; pips left: \d+", page)
    assert "Pieces that can still move" in page and "Stop moving" in page
    sel = re.findall(r"\?sel=(\d+,\d+)", page)[0]
    chosen = fragment(b, game, sel)
    assert "reachable" in chosen and "(one pip)" in chosen
    assert "Richmond station" in page                       # the squares' words name the stations
    assert "Pieces that can still move" not in fragment(a, game)     # not the Union's turn


def _match(lee, grant, scenario, **options):
    match = services.create_challenge(lee, grant, scenario, side="union", ruleset="1961", options=options)
    services.accept(match.pk, grant)
    return match, match.games.get(number=1)


def test_the_rules_page_and_the_forms_of_the_modes_it_does_not_play(lee):
    a = logged_in(lee)
    rules = a.get("/rules/1961/").content.decode()
    assert "two dice" in rules and "Rounds before the count" in rules
    campaign = a.get("/campaigns/new/").content.decode()
    assert "pre-battle dice" in campaign and "1961" not in re.findall(r"between battles: ([^(]*)", campaign)[0]


def test_a_solo_1961_match_against_archie(lee, settings, django_capture_on_commit_callbacks):
    settings.ARCHIE_ITERATIONS = 6
    a = logged_in(lee)
    scenario = load_map()
    with django_capture_on_commit_callbacks(execute=True):
        r = a.post("/play/solo/", {"scenario": scenario.pk, "level": "veteran", "ruleset": "1961",
                                   "round_limit": 12})
    assert r.status_code == 303, r.content.decode()[:3000]
    match = Match.objects.get()
    game = match.games.get(number=1)
    assert match.ruleset == "1961" and match.options == {"round_limit": 12}
    play({lee.pk: a}, game, seed=4, steps=12, around=lambda: django_capture_on_commit_callbacks(execute=True))
    game.refresh_from_db()
    assert game.turn >= 2 and "Archie" in fragment(a, game)
    assert {e.side for e in game_log.entries(game, 0)} == {"union", "confederate"}   # Archie moved
