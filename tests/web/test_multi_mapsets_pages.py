"""A battle on two maps through the pages (house rule 36; docs/rulings.md H98-H99): the
set-up forms refuse it without the rule and the rule on a battle on one board, each saying
why, and play it with the rule ticked; the scenario page and the game page draw every hex of
the two maps and the filler row between them."""
from __future__ import annotations

import html
import re

import pytest

from games.models import Match
from tests.play_helpers import make_scenario, start_match

pytestmark = pytest.mark.django_db

BATTLE = "gettysburg-picketts-charge-two-maps"
RULE = {"multi_mapsets": True}


def seek(client, scenario, **fields):
    body = {"s-scenario": scenario.pk, "s-ruleset": "advanced", "s-side": "union", "s-deadline_hours": 72}
    body.update({f"s-{k}": v for k, v in fields.items()})
    return client.post("/play/seek/", body)


def drawn_hexes(text: str) -> set[tuple[int, int]]:
    return {(int(c), int(r)) for c, r in re.findall(r'data-col="(\d+)" data-row="(\d+)"', text)}


def test_a_battle_on_two_maps_is_refused_without_the_rule_and_played_with_it(client, lee):
    client.force_login(lee)
    two_maps, one_board = make_scenario(slug=BATTLE), make_scenario(slug="gettysburg-picketts-charge")
    page = client.get("/play/new/").content.decode()
    assert "House rule: multi mapsets" in page and "House rules: bigger battles" in page
    r = seek(client, two_maps)
    text = html.unescape(r.content.decode())
    assert r.status_code == 400 and not Match.objects.exists()
    assert ("is laid out on two maps long side to long side with a filler row between, 19 rows "
            "deep: it is played under House rule: multi mapsets, so tick it") in text
    r = seek(client, one_board, multi_mapsets="on")
    text = html.unescape(r.content.decode())
    assert r.status_code == 400 and not Match.objects.exists()
    assert ("House rule: multi mapsets is played on a battle laid out on two or three maps stood "
            "long side to long side; Gettysburg is laid out on one board, 13 hexes wide") in text
    r = seek(client, two_maps, multi_mapsets="on")
    assert r.status_code == 303 and Match.objects.get().options == RULE
    # a preset and the rule ticked with the battle: the preset's rules and this one
    Match.objects.all().delete()
    r = seek(client, two_maps, multi_mapsets="on", preset="barber_light")
    assert r.status_code == 303 and Match.objects.get().options["multi_mapsets"] is True


def test_a_solo_match_on_two_maps_is_set_up_with_the_rule_and_the_standard_rules_refuse_it(client, lee):
    client.force_login(lee)
    two_maps = make_scenario(slug=BATTLE)
    r = client.post("/play/solo/", {"scenario": two_maps.pk, "level": "recruit"})
    assert r.status_code == 400 and "so tick it" in html.unescape(r.content.decode())
    r = client.post("/play/solo/", {"scenario": two_maps.pk, "level": "recruit", "ruleset": "standard"})
    assert r.status_code == 400 and not Match.objects.exists()
    assert "cannot be played under the standard rules" in html.unescape(r.content.decode())
    r = client.post("/play/solo/", {"scenario": two_maps.pk, "level": "recruit", "multi_mapsets": "on"})
    assert r.status_code == 303
    match = Match.objects.get()
    assert match.options == RULE and match.archie_level == "recruit"
    game = match.games.get(number=1)
    assert len(drawn_hexes(client.get(f"/play/games/{game.pk}/").content.decode())) == 238


def test_the_scenario_page_draws_both_maps_and_the_filler_row(client):
    make_scenario(slug=BATTLE)
    text = html.unescape(client.get(f"/scenarios/{BATTLE}/").content.decode())
    assert 'class="board mapsets-2"' in text
    hexes = drawn_hexes(text)
    assert len(hexes) == 238 and max(r for _, r in hexes) == 18
    fillers = re.findall(r'<g class="hex [^"]*\bfiller\b[^"]*" data-col="(\d+)" data-row="(\d+)"', text)
    assert sorted(int(c) for c, r in fillers) == list(range(1, 24, 2)) and {r for _, r in fillers} == {"9"}
    assert "two maps long side to long side with a filler row between, 19 rows deep" in text
    assert "A layout made by the club on maps stood long side to long side" in text
    assert "house rule of multi mapsets" in text


def test_the_game_page_of_a_match_on_two_maps_draws_every_hex_and_names_the_rule(client, lee, grant):
    _, game = start_match(lee, grant, make_scenario(slug=BATTLE), side="union", options=RULE)
    client.force_login(lee)
    text = html.unescape(client.get(f"/play/games/{game.pk}/").content.decode())
    assert len(drawn_hexes(text)) == 238
    assert "House rule: multi mapsets" in text


def test_three_maps_are_drawn_whole_with_their_rows_lettered_and_turned_for_the_top_seat():
    from games.board_svg import render_board
    from games.engine import Game, board_named
    from tests.engine.helpers import inf, scenario

    three = board_named("mapsets-3")
    sc = scenario([inf("union", 12, 28), inf("confederate", 12, 0), inf("union", 13, 19)],
                  board="mapsets-3")
    view = Game.new(sc, options=RULE, seed=1).view("union")
    for viewer in ("union", "confederate"):
        svg = render_board(view, viewer=viewer)
        assert drawn_hexes(svg) == {(h.col, h.row) for h in three.hexes}
        assert len(re.findall(r'<g class="hex [^"]*\bfiller\b', svg)) == 24
        assert ">AC</text>" in svg and ">S</text>" in svg
        assert "three maps long side to long side with filler rows between, 29 rows deep" in svg
    # the Union at the bottom sees its unit on the filler row 19 nine rows above its edge;
    # the Confederates, at the bottom of their own drawing, see the board turned round
    union = render_board(view, viewer="union")
    confederate = render_board(view, viewer="confederate")
    assert 'data-col="13" data-row="19" transform="translate(338 855)"' in union
    assert 'data-col="13" data-row="19" transform="translate(286 405)"' in confederate
