"""The 1961 map as the game page draws it (games/board_square.py through the kit): small
enough for a phone's connection, with what a player reads on it, and one name for each
square on the board's key, in the log and on the buttons, whatever the map's size."""
from __future__ import annotations

import gzip
import json
import random
import re
import xml.etree.ElementTree as ET

from games.board_square import CELL
from games.boards import draw_board
from games.presentation.kits import presenter_for
from games.presentation.mb1961 import square_name
from tests.engine.mb1961.helpers import SHIPPED, game, position

SVG = "{http://www.w3.org/2000/svg}"
KIT = presenter_for("1961")


def drawn(g, side, selected=None):
    """The board as the game page sends it to ``side``, ``selected`` the square chosen."""
    view, legal = g.view(side), g.legal_actions()
    choices = KIT.choices(g, view, legal, selected)

    def attrs(col, row):
        click = choices.clicks.get((col, row))
        if click is None:
            return None
        if "action" in click:
            return {"role": "button", "tabindex": "0", "hx-post": "/play/games/1234/act/",
                    "hx-vals": json.dumps({"action": json.dumps(click["action"]), "version": 321})}
        return {"role": "button", "tabindex": "0", "hx-get": "/play/games/1234/?sel={},{}".format(*click["select"])}

    svg = draw_board("1961", KIT.board(view), viewer=side, highlights=choices.highlights,
                     cell_attrs=attrs, selected=selected)
    return svg, choices


def cells(svg):
    return {(int(g.get("data-col")), int(g.get("data-row"))): g
            for g in ET.fromstring(svg).iter(f"{SVG}g") if "cell" in g.get("class", "").split()}


def test_a_mid_game_board_with_a_piece_selected_is_under_5_kb_gzipped_and_keeps_what_a_player_reads():
    g = game(seed=7, scenario=SHIPPED)
    rng = random.Random(7)
    while g.turn < 5 or g.phase != "move" or g.active_side != "union" or g.pips < 5:
        g.apply(rng.choice(g.legal_actions()))
    piece = next(a["piece"] for a in g.legal_actions() if a["type"] == "move" and a["piece"][1] == "C")
    svg, choices = drawn(g, "union", g.where[piece])
    assert len(gzip.compress(svg.encode())) < 5 * 1024
    root = ET.fromstring(svg)
    shown = cells(svg)
    # every piece in words, every square of the selected piece lit and posting its move
    assert {(p["col"], p["row"]) for p in g.view("union")["board"]["pieces"]} <= set(shown)
    reach = {(a["to"]["col"], a["to"]["row"]) for a in g.legal_actions() if a.get("piece") == piece}
    assert reach and all("reachable" in shown[k].get("class").split() and shown[k].get("hx-post") for k in reach)
    assert "selected" in shown[g.where[piece]].get("class").split()
    # the map: its ground, railroads and stations by name, state lines and names, the key
    classes = {p.get("class") for p in root.iter(f"{SVG}path")}
    assert {"t-mountain", "t-river", "t-water", "rail", "border", "grid"} <= classes
    titles = [t.text for t in root.iter(f"{SVG}title")]
    assert "Richmond station" in titles and "Mountain (stops a piece)" in titles
    regions = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "region"]
    assert "Virginia" in regions and "Ohio" in regions
    assert root.find(f"{SVG}g[@class='arrows']") is not None            # the turn's moves so far


def test_a_square_has_one_name_on_the_key_in_the_log_and_on_the_buttons():
    # the test map has 8 rows (the shipped map 18): the names must follow the map drawn
    g = position({"UC1": (5, 5), "CI1": (9, 0)}, pips=2)
    action = {"type": "move", "piece": "UC1", "to": {"col": 7, "row": 6}}
    label = KIT.action_label(action)
    line = KIT.describe(g.apply(action)[0], "union")
    name = square_name(7, 6)
    assert name == "H7" and f"to {name}" in label and f"to {name} " in line
    svg, _ = drawn(g, "union")
    root = ET.fromstring(svg)
    key = {t.text: (int(t.get("x")), int(t.get("y"))) for t in root.find(f"{SVG}g[@class='key']")}
    assert key["H"][0] == 7 * CELL + CELL // 2 and key["7"][1] // CELL == 6     # over its column, beside its row
    assert cells(svg)[(7, 6)].find(f"{SVG}title").text.startswith(f"Open {name},")
    assert square_name(27, 0) == "AB1" and not re.search(r"\d[A-Z]", square_name(39, 39))
