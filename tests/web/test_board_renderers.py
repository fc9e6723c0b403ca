"""Boards are drawn by the renderer of their ruleset's board kind: the hex board for Battle
Cry, a square grid (games/board_square.py) for a ruleset that says "square", drawn from the
grid its kit gives, with the page's clickable cells."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from games import services
from games.board_square import render_square
from games.boards import draw_board, renderer_for
from games.models import Game
from tests.play_helpers import start_match
from tests.square_march import a_march, with_square_march

SVG = "{http://www.w3.org/2000/svg}"
GRID = {
    "width": 3, "height": 2, "name": "Ford",
    "cells": [{"col": 1, "row": 0, "terrain": "woods", "label": "Copse"}],
    "pieces": [{"col": 0, "row": 1, "side": "union", "label": "I", "id": "p1", "words": "Union infantry"},
               {"col": 2, "row": 0, "side": "confederate", "label": "C", "id": "p2"}],
    "positions": {"union": "bottom", "confederate": "top"},
}


def cells(svg: str) -> dict:
    root = ET.fromstring(svg)
    return {(int(g.get("data-col")), int(g.get("data-row"))): g
            for g in root.iter(f"{SVG}g") if "cell" in g.get("class", "").split()}


def test_the_square_renderer_draws_the_ground_once_and_a_cell_for_each_piece_or_click():
    svg = render_square(GRID)
    root = ET.fromstring(svg)
    drawn = cells(svg)
    assert sorted(drawn) == [(0, 1), (2, 0)]                   # the cells with a piece
    assert drawn[(0, 1)].find(f"{SVG}title").text == "Open A1: Union infantry"
    assert drawn[(2, 0)].find(f"{SVG}title").text == "Open C2: Confederate C"
    ground = {p.get("class"): p.get("d") for p in root.iter(f"{SVG}path")}
    assert ground["t-woods"] == "M48 0h48v48h-48z"              # the copse, in the map's paths
    assert ground["grid"].count("M") == 1 + 2                   # one line between rows, two between columns
    lit = cells(render_square(GRID, highlights={"target": [(1, 0)]}))
    assert lit[(1, 0)].find(f"{SVG}title").text == "Woods Copse"
    assert "t-woods" in lit[(1, 0)].get("class").split()


def test_the_square_map_joins_runs_of_ground_boundaries_and_railroads():
    grid = {"width": 4, "height": 3,
            "cells": [{"col": c, "row": 1, "terrain": "river", "borders": ["n"]} for c in range(4)]
            + [{"col": 3, "row": 2, "terrain": "water"}, {"col": 0, "row": 0, "station": "Albany"}],
            "tracks": [[(0, 0), (1, 1), (2, 1)]], "ground_words": {"river": "River (stops a piece)"},
            "regions": [{"col": 2, "row": 2, "name": "Vermont"}]}
    root = ET.fromstring(render_square(grid))
    paths = {p.get("class"): p for p in root.iter(f"{SVG}path")}
    assert paths["t-river"].get("d") == "M0 48h192v48h-192z"    # four squares, one rectangle
    assert paths["t-river"].find(f"{SVG}title").text == "River (stops a piece)"
    assert paths["border"].get("d") == "M0 48h192"              # four edges, one line
    assert paths["rail"].get("d") == "M24 24l48 48l48 0"
    station = next(root.iter(f"{SVG}circle"))
    assert station.get("class") == "station" and station.find(f"{SVG}title").text == "Albany station"
    assert [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "region"] == ["Vermont"]
    classes = [p.get("class") for p in root.iter(f"{SVG}path")]
    assert classes.index("grid") < classes.index("t-water")    # no grid drawn over the water
    assert cells(render_square(grid)) == {}


def test_the_square_renderer_draws_the_pieces_in_their_side_s_colours():
    drawn = cells(render_square(GRID))
    piece = drawn[(0, 1)].find(f"{SVG}g")
    assert piece.get("class").split() == ["piece", "union"] and piece.get("data-piece") == "p1"
    assert piece.find(f"{SVG}text").text == "I"
    assert drawn[(2, 0)].find(f"{SVG}g").get("class").split() == ["piece", "confederate"]
    assert (1, 1) not in drawn                                  # an empty square: no cell of its own
    css = open("static/css/board.css").read()
    assert ".board .piece.union" in css and ".board .piece.confederate" in css


def test_the_square_renderer_makes_the_page_s_targets_clickable_and_lit():
    def attrs(col, row):
        if (col, row) == (1, 1):
            return {"role": "button", "tabindex": "0", "hx-post": "/act/",
                    "hx-vals": json.dumps({"action": '{"type":"march"}', "version": 3})}
        return None

    drawn = cells(render_square(GRID, highlights={"eligible": [(1, 1)]}, cell_attrs=attrs,
                                selected={"col": 0, "row": 1}))
    target = drawn[(1, 1)]
    assert target.get("hx-post") == "/act/" and target.get("role") == "button"
    assert json.loads(target.get("hx-vals")) == {"action": '{"type":"march"}', "version": 3}
    assert "eligible" in target.get("class").split()
    assert "selected" in drawn[(0, 1)].get("class").split()
    assert [k for k, g in drawn.items() if g.get("hx-post")] == [(1, 1)]
    with pytest.raises(ValueError):
        render_square(GRID, cell_attrs=lambda c, r: {"onclick": "x()", "data-col": 1})


def test_a_viewer_at_the_top_sees_the_grid_turned_round():
    plain = cells(render_square(GRID))
    turned = cells(render_square(GRID, viewer="confederate"))
    assert plain[(0, 1)].get("transform") == "translate(0 48)"
    assert turned[(0, 1)].get("transform") == "translate(96 0)"
    assert "seen from the Confederate side" in render_square(GRID, viewer="confederate")


def test_the_renderer_is_chosen_by_the_ruleset_s_board_kind():
    assert renderer_for("square") is render_square
    with pytest.raises(ValueError, match="no board renderer"):
        renderer_for("triangle")
    with with_square_march() as march:
        kit_board = {"width": 2, "height": 2, "pieces": []}
        assert march.capabilities.board == "square"
        assert 'class="board square-board"' in draw_board("square-march", kit_board)
    assert 'class="hex ' in renderer_for("hex")(a_battle_cry_view())


def a_battle_cry_view():
    from games.engine import Game as Engine, load_scenario, sample_scenario
    return Engine.new(load_scenario(sample_scenario()), seed=1).view(None)


@pytest.mark.django_db
def test_the_game_page_draws_a_square_ruleset_s_board_and_words_with_its_kit(client, lee, grant, monkeypatch):
    game = start_match(lee, grant, side="union")[1]
    scenario = services.load_engine(game).scenario
    march = a_march()
    march.scenario = scenario
    Game.objects.filter(pk=game.pk).update(ruleset="square-march", phase="march", deciding="union")
    monkeypatch.setattr(services, "load_engine", lambda row: march)
    client.force_login(lee)
    with with_square_march():
        html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert 'class="board square-board"' in html and 'class="hex ' not in html
    assert "march a piece forward or halt" in html.lower()
    assert "Your hand" not in html and "flags</p>" not in html
    assert ">March u0</button>" in html                          # the kit's buttons, without JavaScript
    start = html.index("<svg", html.index('id="board"'))
    board = html[start:html.index("</svg>", start) + 6]
    posted = [json.loads(json.loads(g.get("hx-vals"))["action"]) for g in cells(board).values()
              if g.get("hx-post")]
    assert {"type": "march", "piece": "u0", "to": {"col": 0, "row": 3}} in posted


@pytest.mark.django_db
def test_a_battle_cry_game_page_keeps_the_hex_board(client, lee, grant):
    game = start_match(lee, grant, side="union")[1]
    client.force_login(lee)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert 'class="hex ' in html and "square-board" not in html and "Your hand" in html


def test_the_page_s_log_lines_are_told_by_the_game_s_kit():
    from games.presentation.log import Entry
    from games.views.play_log import entry_lines
    from tests.square_march import MARCH_KIT

    march = a_march()
    action = march.legal_actions()[0]
    entry = Entry(1, "union", march.apply(action), action)
    lines = entry_lines(entry, "confederate", None, None, MARCH_KIT)
    assert [ln["text"] for ln in lines] == ["The union marched u0 to 0,3."]
