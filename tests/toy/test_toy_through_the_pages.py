"""The toy skirmish, a ruleset that lives in the tests with its kit, is played through the
site's pages with no word of it in the site: its scenario imported, a match challenged from
the lobby form with its options, both games played to their ends by posting the buttons the
game page offers, and a solo match against Archie."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from games import game_log
from games.models import Match

from .pages import fragment, import_toy_scenario, play_to_the_end

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def test_a_toy_scenario_is_imported_as_a_file_of_the_toy_s_format(client, lee):
    client.force_login(lee)
    row = import_toy_scenario(client)
    assert row.format == "toy" and row.name == "Crossroads"
    assert [r.name for r in row.playing_rulesets()] == ["toy"]
    page = client.get(f"/scenarios/{row.slug}/")
    assert page.status_code == 200


def test_a_toy_file_is_checked_by_the_toy_s_own_loader_on_import(client, lee):
    import io
    import json

    from .pages import TOY_FILE

    client.force_login(lee)
    broken = {**TOY_FILE, "pieces": [{**TOY_FILE["pieces"][0], "col": 9}, *TOY_FILE["pieces"][1:]]}
    del broken["dates"]
    upload = io.BytesIO(json.dumps(broken).encode())
    upload.name = "broken.json"
    page = client.post("/scenarios/import/", {"file": upload}).content.decode()
    assert "piece &#x27;u1&#x27;: off the board" in page and "dates: a list of days" in page


def test_a_toy_match_is_challenged_accepted_and_played_to_its_end_through_the_pages(lee, grant):
    a, b = logged_in(lee), logged_in(grant)
    scenario = import_toy_scenario(a)
    form = a.get("/play/").content.decode()
    assert re.search(r'<option value="toy"', form)
    fields = a.get("/play/options/", {"place": "match", "prefix": "c", "c-ruleset": "toy"},
                   HTTP_HX_REQUEST="true").content.decode()
    assert 'name="c-ambush"' in fields and 'name="c-turns"' in fields
    r = a.post("/play/challenge/", {"c-opponent": grant.username, "c-scenario": scenario.pk,
                                    "c-ruleset": "toy", "c-side": "union", "c-deadline_hours": 72,
                                    "c-turns": 4, "c-ambush": "on"})
    assert r.status_code == 303, r.content.decode()[:3000]
    match = Match.objects.get()
    assert match.ruleset == "toy" and match.options == {"ambush": True, "turns": 4}
    r = b.post(f"/play/matches/{match.pk}/accept/")
    assert r.status_code in (302, 303)
    game = match.games.get(number=1)
    # each member holds both seats of their side
    assert sorted((s.name, s.player_id) for s in game.seat_rows()) == [
        ("confederate-1", grant.pk), ("confederate-2", grant.pk), ("union-1", lee.pk), ("union-2", lee.pk)]
    clients = {lee.pk: a, grant.pk: b}
    assert play_to_the_end(clients, game, seed=5) > 0
    game.refresh_from_db()
    page = fragment(a, game)
    assert "The game is over" in page
    # the finished game's whole page, its replay step by step and the rules page
    whole = a.get(f"/play/games/{game.pk}/").content.decode()
    assert "Replay this game" in whole and 'class="dice-tray' not in whole
    for step in (0, game.version // 2, game.version):
        replay = b.get(f"/play/games/{game.pk}/replay/", {"step": step})
        assert replay.status_code == 200 and "<svg" in replay.content.decode()
    assert "Flags: " in b.get(f"/play/games/{game.pk}/replay/", {"step": game.version}).content.decode()
    assert "Four seats, two a side" in a.get("/rules/toy/").content.decode()
    second = re.search(r'href="/play/games/(\d+)/">The re-match', page)
    assert second, page[:3000]
    game2 = match.games.get(pk=int(second[1]))
    assert game2.number == 2 and game2.holds(grant, "union-1")
    play_to_the_end(clients, game2, seed=6)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    result = a.get(f"/play/matches/{match.pk}/").content.decode()
    assert "Crossroads" in result
    said = re.search(r"<strong>(.+?) wins the match</strong>", result)
    assert said and match.winner and said[1] in (match.winner.username, match.winner.profile.name)
    assert len(re.findall(r"(?: won|Draw)(?:, flags| ·)", result)) == 2     # each game's result


def test_a_solo_toy_match_against_archie_is_played_from_the_solo_page(
        lee, settings, django_capture_on_commit_callbacks):
    settings.ARCHIE_ITERATIONS = 12
    a = logged_in(lee)
    scenario = import_toy_scenario(a)
    form = a.get("/play/solo/").content.decode()
    assert re.search(r'<option value="toy"', form)
    with django_capture_on_commit_callbacks(execute=True):     # Archie's moves run at once
        r = a.post("/play/solo/", {"scenario": scenario.pk, "level": "veteran", "ruleset": "toy",
                                   "turns": 4})
    assert r.status_code == 303, r.content.decode()[:3000]
    match = Match.objects.get()
    game = match.games.get(number=1)
    assert r["Location"] == f"/play/games/{game.pk}/"
    assert match.ruleset == "toy" and match.options == {"turns": 4}
    mine = {s.name for s in game.seat_of(lee)}
    archie = {s.name for s in game.seat_rows() if s.is_archie}
    assert len(mine) == 2 and len(archie) == 2 and {s.split("-")[0] for s in archie} == \
        {next(s.side for s in game.seat_rows() if s.is_archie)}
    page = fragment(a, game)
    assert "Archie" in page
    play_to_the_end({lee.pk: a}, game, seed=8, around_post=lambda: django_capture_on_commit_callbacks(execute=True))
    game.refresh_from_db()
    assert game.is_over and "The game is over" in fragment(a, game)
    # Archie played its two seats' turns (the log may be packed once the game is over)
    sides = {e.side for e in game_log.entries(game, 0)}
    assert sides == {"union", "confederate"}
