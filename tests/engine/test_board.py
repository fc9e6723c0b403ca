"""Board geometry: 113 hexes, doubled columns, neighbours, distances, sections, sight lines."""
import copy
import json
import pickle

import pytest

from games.engine import Game, load_scenario
from games.engine.battlecry.hexgrid import (ADJACENT, DIST, HEXES, INDEX, N_HEXES, REAR, SECTION_OF,
                                  Hex, NEIGHBOURS, DIRECTIONS, on_board, sight_line, sides_facing)
from games.engine.battlecry.sample import sample_scenario


def i(c, r):
    return INDEX[Hex(c, r)]


def test_board_has_113_hexes_in_rows_of_13_and_12():
    assert N_HEXES == 113
    rows = [sum(1 for h in HEXES if h.row == r) for r in range(9)]
    assert rows == [13, 12, 13, 12, 13, 12, 13, 12, 13]
    assert on_board(0, 0) and on_board(24, 0) and on_board(23, 1)
    assert not on_board(1, 0) and not on_board(24, 1) and not on_board(0, 9) and not on_board(26, 0)


def test_neighbours_follow_doubled_columns():
    names = dict(zip(DIRECTIONS, NEIGHBOURS[i(10, 4)]))
    assert HEXES[names["E"]] == (12, 4) and HEXES[names["W"]] == (8, 4)
    assert HEXES[names["NE"]] == (11, 3) and HEXES[names["NW"]] == (9, 3)
    assert HEXES[names["SE"]] == (11, 5) and HEXES[names["SW"]] == (9, 5)
    assert len(ADJACENT[i(0, 0)]) == 2          # corner
    assert len(ADJACENT[i(12, 4)]) == 6


def test_distances():
    assert DIST[i(0, 0)][i(24, 0)] == 12
    assert DIST[i(0, 0)][i(8, 8)] == 8
    assert DIST[i(10, 4)][i(13, 1)] == 3
    assert DIST[i(10, 4)][i(16, 4)] == 3
    assert all(DIST[a][b] == DIST[b][a] for a in range(0, 113, 7) for b in range(0, 113, 5))


def test_sections_share_the_hexes_the_lines_cut():
    bottom = SECTION_OF["bottom"]
    assert bottom[i(6, 0)] == {"left"} and bottom[i(8, 0)] == {"centre"}
    assert bottom[i(7, 1)] == {"left", "centre"}
    assert bottom[i(17, 1)] == {"centre", "right"}
    assert bottom[i(18, 2)] == {"right"}
    # the top seat sees the board turned around
    top = SECTION_OF["top"]
    assert top[i(0, 0)] == {"right"} and top[i(24, 8)] == {"left"}
    assert top[i(17, 3)] == {"left", "centre"}


def test_rear_is_toward_the_own_baseline():
    down = [HEXES[NEIGHBOURS[i(10, 4)][k]] for k in REAR["bottom"]]
    up = [HEXES[NEIGHBOURS[i(10, 4)][k]] for k in REAR["top"]]
    assert sorted(down) == [(9, 5), (11, 5)]
    assert sorted(up) == [(9, 3), (11, 3)]


def test_straight_line_crosses_the_hexes_between():
    crossed, edges = sight_line(i(0, 0), i(6, 0))
    assert [HEXES[h] for h in crossed] == [(2, 0), (4, 0)] and edges == ()


def test_line_along_hex_edges_gives_pairs():
    crossed, edges = sight_line(i(0, 0), i(6, 2))
    assert [HEXES[h] for h in crossed] == [(3, 1)]
    assert [sorted([HEXES[a], HEXES[b]]) for a, b in edges] == [
        [(1, 1), (2, 0)], [(4, 2), (5, 1)]]


def test_attack_direction_names_the_side_crossed():
    assert sides_facing(i(10, 4), i(11, 3)) == ("NE",)
    assert sides_facing(i(10, 4), i(10, 2)) == ("NE", "NW")      # straight up: a corner
    assert sides_facing(i(10, 4), i(14, 4)) == ("E",)


def test_hexes_in_legal_actions_are_shared_read_only_and_serialise_as_plain_dicts():
    g = Game.new(load_scenario(sample_scenario()), seed=3)
    while g.phase != "move":
        g.apply(g.legal_actions()[0])
    move = next(a for a in g.legal_actions() if a["type"] == "move")
    to = move["to"]
    with pytest.raises(TypeError, match="read-only"):
        to["col"] = 0
    with pytest.raises(TypeError):
        to.update(row=0)
    assert json.loads(json.dumps(move))["to"] == {"col": to["col"], "row": to["row"]}
    for clone in (copy.copy(to), copy.deepcopy(to), pickle.loads(pickle.dumps(to)), dict(to)):
        assert type(clone) is dict and clone == to
        clone["col"] = 99                      # a copy is the caller's own
    assert g.legal_actions()[-1] == {"type": "end_movement"} and to["col"] != 99


RULES_MODULES = ["games/engine/battlecry/advanced", "games/engine/battlecry/contact.py",
                 "games/engine/battlecry/retreat.py", "games/engine/battlecry/sight.py"]


def test_the_rules_read_the_board_from_the_game_not_from_the_hex_tables():
    """A game carries its board (``game.board``, the one its scenario names); the rules look
    every table up there, so a board of another shape or size is given to a game without
    touching the rules.  No rules module names the hex tables."""
    import ast
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[2]
    found = []
    for name in RULES_MODULES:
        path = root / name
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            for node in ast.walk(ast.parse(file.read_text())):
                if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("hexgrid"):
                    found += [(file.name, a.name) for a in node.names]
    assert found == []


def test_a_game_and_its_copies_share_the_one_board():
    from games.engine import BOARD

    game = Game.new(load_scenario(sample_scenario()), seed=1)
    assert game.board is BOARD and game.copy().board is BOARD
    assert Game.from_dict(game.to_dict()).board is BOARD
    assert BOARD.index_of({"col": 10, "row": 4}) == i(10, 4) and BOARD.size == N_HEXES
    with pytest.raises(TypeError):
        BOARD.index_of({"col": "10", "row": 4})
