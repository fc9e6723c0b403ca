"""The double board drawn (games/board_svg.py): every one of its 230 hexes, twice as wide at
the same scale, the join between the boards drawn apart from the section lines, each seat's
flanks named, and turned round for the player at the top."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from games.board_svg import render_board
from games.engine import Game, board_named
from tests.engine.helpers import G, U, inf, scenario

SVG = "{http://www.w3.org/2000/svg}"


def double_view(side=None):
    sc = scenario([inf("union", 4, 8), U("union", "artillery", 25, 7), inf("union", 46, 8),
                   inf("confederate", 25, 1), inf("confederate", 48, 0)],
                  [G("union", 4, 8, "Meade")], board="double")
    return Game.new(sc, seed=1).view(side)


def drawn(svg: str) -> dict[tuple[int, int], ET.Element]:
    root = ET.fromstring(svg)
    return {(int(g.get("data-col")), int(g.get("data-row"))): g for g in root.iter(f"{SVG}g")
            if "hex" in g.get("class", "").split()}


def test_every_hex_of_the_double_board_is_drawn_at_the_single_boards_scale():
    svg = render_board(double_view())
    root = ET.fromstring(svg)
    assert root.get("class") == "board double"
    x, y, width, height = (int(v) for v in root.get("viewBox").split())
    assert width == 50 * 26 + 88 and x == -44            # 26 hexes of 52 across, margins as one board
    assert (y, height) == (-66, 502)                     # and no taller than one board
    hexes = drawn(svg)
    assert set(hexes) == {(h.col, h.row) for h in board_named("double").hexes}
    assert hexes[(50, 0)].get("transform") == "translate(1300 0)"
    assert "two boards joined end to end" in root.get("aria-label")
    # the joined hex is a hex like any other, with its own name and its piece
    assert hexes[(25, 7)].find(f"{SVG}title").text.startswith("Open H13: Union artillery")


def test_the_join_is_drawn_apart_from_the_section_lines():
    svg = render_board(double_view())
    hexes = drawn(svg)

    def lines(key, cls):
        return [p for p in hexes[key].iter(f"{SVG}path") if p.get("class") == cls]

    # the join: through the joined hexes of the short rows, along the west side of column 26
    assert lines((25, 1), "join") and lines((26, 0), "join") and not lines((24, 0), "join")
    # the section lines at columns 17 and 33, not at the single board's 7
    assert lines((17, 3), "section") and lines((33, 3), "section") and lines((34, 4), "section")
    assert not lines((7, 3), "section") and not lines((25, 1), "section")


def test_each_seat_reads_its_own_flanks_along_its_edge():
    root = ET.fromstring(render_board(double_view("union"), viewer="union"))
    labels = {}
    for g in root.iter(f"{SVG}g"):
        if "flanks" in g.get("class", "").split():
            side = g.get("class").split()[1]
            labels[side] = [(t.text, int(t.get("x"))) for t in g.iter(f"{SVG}text")]
    # the viewer (at the bottom) reads left to right; the seat across sees its left flank
    # on the drawn right
    assert [w for w, _ in sorted(labels["union"], key=lambda t: t[1])] == ["Left flank", "Right flank"]
    assert [w for w, _ in sorted(labels["confederate"], key=lambda t: t[1])] == ["Right flank", "Left flank"]
    # each over its flank's middle: cols 0-17 and 33-50, 26 units a column
    assert sorted(x for _, x in labels["union"]) == [round(8.5 * 26), round(41.5 * 26)]


def test_the_top_player_sees_the_double_board_turned_round():
    view = double_view("confederate")
    assert view["positions"]["confederate"] == "top"
    hexes = drawn(render_board(view, viewer="confederate"))
    assert hexes[(0, 0)].get("transform") == "translate(1300 360)"
    assert hexes[(50, 8)].get("transform") == "translate(0 0)"


def test_a_single_board_is_drawn_as_before():
    sc = scenario([inf("union", 4, 8), inf("confederate", 20, 0)])
    root = ET.fromstring(render_board(Game.new(sc, seed=1).view(None)))
    assert root.get("class") == "board" and root.get("viewBox") == "-44 -66 712 502"
    assert not [p for p in root.iter(f"{SVG}path") if p.get("class") == "join"]
    assert not [g for g in root.iter(f"{SVG}g") if "flanks" in g.get("class", "")]
