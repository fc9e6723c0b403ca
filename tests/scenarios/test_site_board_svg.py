"""The board SVG (games/board_svg.py): well-formed, complete, turned for the top player,
highlights and attributes for the play pages, and small."""
from __future__ import annotations

import gzip
import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from games.board_svg import piece_swatches, render_board, terrain_swatch
from games.engine import Game, load_scenario

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "games" / "scenarios"
NS = {"svg": "http://www.w3.org/2000/svg"}
MAX_GZIPPED = 5 * 1024


def scenario(slug: str):
    return load_scenario(json.loads((SCENARIO_DIR / f"{slug}.json").read_text(encoding="utf-8")))


def start_view(slug: str = "fredericksburg", side=None) -> dict:
    return Game.new(scenario(slug), seed=7).view(side)


def mid_game(slug: str = "fredericksburg", actions: int = 120) -> Game:
    game = Game.new(scenario(slug), seed=11)
    rng = random.Random(11)
    for _ in range(actions):
        if game.outcome:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def hexes(svg: str) -> dict[tuple[int, int], ET.Element]:
    root = ET.fromstring(svg)
    out = {}
    for g in root.iter("{http://www.w3.org/2000/svg}g"):
        if "hex" in g.get("class", "").split():
            out[(int(g.get("data-col")), int(g.get("data-row")))] = g
    return out


def title(g: ET.Element) -> str:
    return g.find("svg:title", NS).text


def position(g: ET.Element) -> tuple[int, int]:
    x, y = re.fullmatch(r"translate\((-?\d+) (-?\d+)\)", g.get("transform")).groups()
    return int(x), int(y)


def test_the_board_is_well_formed_svg_with_113_hexes():
    svg = render_board(start_view())
    root = ET.fromstring(svg)           # raises if the markup is not well-formed
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox")
    board = hexes(svg)
    assert len(board) == 113
    assert all(title(g) for g in board.values())
    # Even rows hold even columns 0..24, odd rows odd columns 1..23.
    assert {(c, r) for c, r in board} == {
        (c, r) for r in range(9) for c in range(r % 2, 25 - r % 2, 2)}


def test_each_hex_says_in_words_what_is_on_it():
    board = hexes(render_board(start_view()))
    assert title(board[(3, 1)]) == "Woods B2: Confederate infantry, 4 figures; Confederate general Jackson"
    assert title(board[(12, 4)]) == "Open E7"
    assert title(board[(6, 2)]) == "Open C4: Confederate horse artillery, 3 figures"
    assert title(board[(16, 2)]) == "Open with entrenchment C9: Confederate infantry, 4 figures"
    assert title(board[(17, 1)]).startswith("Hill B9: Confederate general Longstreet; "
                                            "objective Marye's Heights, 1 flag for the Union")
    assert "t-woods" in board[(3, 1)].get("class").split()
    assert "t-open" in board[(12, 4)].get("class").split()


def test_terrain_units_and_pieces_are_drawn_with_shapes():
    svg = render_board(start_view())
    board = hexes(svg)
    uses = lambda key: [u.get("href") for u in board[key].iter("{http://www.w3.org/2000/svg}use")]  # noqa: E731
    # woods drawn as trees; a Confederate frame with the infantry mark and 4 pips; a general
    assert uses((3, 1)) == ["#bh", "#tw", "#fc", "#si", "#p4", "#gt"]
    assert uses((6, 2)) == ["#bh", "#fc", "#sh", "#p3"]                   # horse artillery
    assert uses((12, 4)) == ["#bh"]
    view = start_view()
    union = sum(1 for u in view["units"] if u["side"] == "union")
    assert svg.count('<use href="#fu"/>') == union                       # Union: rectangles
    assert svg.count('<use href="#fc"/>') == len(view["units"]) - union  # the others pointed
    root = ET.fromstring(svg)
    shapes = {e.get("id") for e in root.iter() if e.get("id")}
    assert {"fu", "fc", "si", "sc", "sa", "sh", "gt", "tw", "th", "tt"} <= shapes
    # no letters on the hexes: the only texts are the seats, the drawn key and objective counts
    texts = [t for g in board.values() for t in g.iter("{http://www.w3.org/2000/svg}text")]
    assert all("of" in t.get("class", "") for t in texts)
    view = start_view()
    assert svg.count('class="unit ') == len(view["units"])
    assert svg.count('class="general ') == len(view["generals"])
    assert svg.count('class="objective ') == len(view["objectives"])
    # Section lines: through cols 7 and 17 on the 4 odd rows, beside cols 8 and 18 on the 5 even.
    assert svg.count('class="section"') == 2 * 4 + 2 * 5


def test_green_and_special_units_are_marked():
    view = start_view()
    view["units"][0]["green"] = True
    view["units"][1]["special"] = "vmi-cadets"
    svg = render_board(view)
    assert svg.count('class="green"') == 1
    assert svg.count('class="special"') == 1
    assert "special unit (vmi cadets)" in svg


def test_obstacles_are_drawn_on_their_sides_and_turn_with_the_board():
    view = start_view()
    entrenched = hexes(render_board(view))[(16, 2)]
    path = entrenched.find("svg:path[@class='ob entrenchment']", NS)
    assert path.get("d") == "M0 26L-22 13M22 13L0 26"      # SW and SE sides, at the bottom
    turned = hexes(render_board(view, viewer="confederate"))[(16, 2)]
    path = turned.find("svg:path[@class='ob entrenchment']", NS)
    # Seen from the top seat, SW and SE face up the screen: drawn as NE and NW.
    assert set(re.findall(r"M[^M]+", path.get("d"))) == {"M0-26L22-13", "M-22-13L0-26"}


def test_the_top_player_sees_the_board_turned_round():
    view = start_view()                   # Fredericksburg: the Confederates at the top
    assert view["positions"] == {"union": "bottom", "confederate": "top"}
    as_placed = hexes(render_board(view))
    assert position(as_placed[(0, 0)]) == (0, 0)
    assert position(as_placed[(24, 8)]) == (624, 360)
    assert render_board(view, viewer="union") != render_board(view, viewer="confederate")
    assert hexes(render_board(view, viewer="union"))[(0, 0)].get("transform") == "translate(0 0)"
    turned = hexes(render_board(view, viewer="confederate"))
    assert position(turned[(0, 0)]) == (624, 360)
    assert position(turned[(24, 8)]) == (0, 0)
    assert position(turned[(7, 1)]) == (17 * 26, 7 * 45)
    # The seat labels follow: the viewer's own side is written at the bottom.
    root = ET.fromstring(render_board(view, viewer="confederate"))
    seats = {t.text: int(t.get("y")) for t in root.iter("{http://www.w3.org/2000/svg}text")
             if "seat" in t.get("class", "")}
    assert seats["Confederate"] > seats["Union"]
    assert "seen from the Confederate side" in root.get("aria-label")


def test_highlights_selection_and_hex_attributes_for_the_play_pages():
    view = start_view()
    svg = render_board(
        view,
        highlights={"reachable": {(4, 4), (6, 4)}, "target": [{"col": 3, "row": 1}]},
        selected=(5, 5),
        hex_attrs=lambda col, row: ({"hx-post": "/games/1/act/?a=1&b=2",
                                     "hx-vals": json.dumps({"col": col, "row": row, "x": "<'\">"}),
                                     "role": "button", "tabindex": 0}
                                    if row == 4 else None),
    )
    board = hexes(svg)
    assert "reachable" in board[(4, 4)].get("class").split()
    assert "reachable" in board[(6, 4)].get("class").split()
    assert "target" in board[(3, 1)].get("class").split()
    assert "selected" in board[(5, 5)].get("class").split()
    assert sum("reachable" in g.get("class") for g in board.values()) == 2
    assert board[(8, 4)].get("hx-post") == "/games/1/act/?a=1&b=2"       # escaped, then read back
    assert json.loads(board[(8, 4)].get("hx-vals")) == {"col": 8, "row": 4, "x": "<'\">"}
    assert board[(8, 4)].get("tabindex") == "0"
    assert board[(3, 1)].get("hx-post") is None
    assert "&amp;b=2" in svg and "<'" not in svg


@pytest.mark.parametrize("bad", [
    {"highlights": {"bad class": [(0, 0)]}},
    {"hex_attrs": lambda c, r: {"onclick x": "1"}},
    {"hex_attrs": lambda c, r: {"transform": "scale(2)"}},
])
def test_unsafe_names_are_refused(bad):
    with pytest.raises(ValueError):
        render_board(start_view(), **bad)


def test_legend_pictures_are_well_formed():
    for kind in ("woods", "open", "fence", "entrenchment", "river"):
        ET.fromstring(terrain_swatch(kind))
    for picture, words in piece_swatches():
        ET.fromstring(picture)
        assert words


def test_a_mid_game_board_is_small():
    game = mid_game()
    assert game.outcome is None
    side = game.active_side
    view = game.view(side)
    svg = render_board(view, viewer=side,
                       highlights={"reachable": {(c, 4) for c in range(0, 25, 2)}},
                       hex_attrs=lambda c, r: {"hx-post": "/games/1/act/",
                                               "hx-vals": json.dumps({"col": c, "row": r})})
    size = len(svg.encode())
    zipped = len(gzip.compress(svg.encode()))
    print(f"\nmid-game board (Fredericksburg, {len(view['units'])} units, every hex clickable): "
          f"{size} bytes, {zipped} bytes gzipped")
    assert zipped < MAX_GZIPPED
    plain = len(gzip.compress(render_board(view).encode()))
    assert plain < MAX_GZIPPED
