"""The double board: two boards joined end to end (seed 000 EPIC GAMES, "Gameboard", L478;
docs/rulings.md B1-B3): its hexes, neighbours and distances across the join, its sections,
line of sight over the join, a section card on it, the box limits, and a saved game."""
import pytest

from games.engine import BOARD, BOARD_SIZES, Game, IllegalAction, ScenarioError, board_named, load_scenario
from tests.engine.helpers import G, H, T, U, give, inf, pass_turn, scenario

DOUBLE = board_named("double")


def i(col, row):
    return DOUBLE.hex_index(col, row)


def names(indices):
    return sorted(DOUBLE.hexes[n] for n in indices)


def double_game(units, generals=(), terrain=(), **kw):
    return Game.new(scenario(units, generals, terrain, board="double", **kw), seed=1)


def test_the_double_board_has_230_hexes_in_rows_of_26_and_25():
    assert BOARD_SIZES == ("single", "double", "mapsets-2", "mapsets-3")
    assert (DOUBLE.width, DOUBLE.rows, DOUBLE.max_col, DOUBLE.size) == (26, 9, 50, 230)
    assert [sum(1 for h in DOUBLE.hexes if h.row == r) for r in range(9)] == [26, 25] * 4 + [26]
    # the two half hexes at the join of a short row make one whole hex (ruling B1)
    assert DOUBLE.on_board(25, 1) and DOUBLE.on_board(50, 0) and DOUBLE.on_board(49, 7)
    assert not DOUBLE.on_board(51, 1) and not DOUBLE.on_board(50, 1) and not DOUBLE.on_board(52, 0)
    assert DOUBLE.joins == (25,) and BOARD.joins == ()
    # the single board is untouched: same object, same 113 hexes, built once
    assert board_named("single") is BOARD and BOARD.size == 113 and board_named("double") is DOUBLE


def test_neighbours_and_distances_cross_the_join():
    east = dict(zip(DOUBLE.directions, DOUBLE.neighbours[i(24, 4)]))
    assert DOUBLE.hexes[east["E"]] == (26, 4)
    assert names(DOUBLE.adjacent[i(25, 3)]) == [(23, 3), (24, 2), (24, 4), (26, 2), (26, 4), (27, 3)]
    assert DOUBLE.dist[i(24, 4)][i(26, 4)] == 1
    assert DOUBLE.dist[i(23, 1)][i(27, 1)] == 2
    assert DOUBLE.dist[i(0, 0)][i(50, 0)] == 25
    assert DOUBLE.dist[i(0, 0)][i(50, 8)] == 29
    assert DOUBLE.dist[i(20, 4)][i(30, 4)] == 5
    # a unit walks over the join like anywhere else: cavalry three hexes from (22,4)
    g = double_game([U("union", "cavalry", 22, 4), inf("confederate", 50, 0)])
    give(g, "union", "scout_centre")
    g.apply({"type": "play_card", "card": "scout_centre", "mode": "section"})
    g.apply({"type": "order", "unit": "u1"})
    if g.phase == "order":
        g.apply({"type": "confirm_orders"})
    reach = {(a["to"]["col"], a["to"]["row"]) for a in g.legal_actions() if a["type"] == "move"}
    steps = max(DOUBLE.dist[i(22, 4)][i(*h)] for h in reach)
    assert {(24, 4), (26, 4), (25, 3), (25, 5)} <= reach
    assert reach == {(h.col, h.row) for h in DOUBLE.hexes if 1 <= DOUBLE.dist[i(22, 4)][i(*h)] <= steps}


def test_sections_of_the_double_board():
    bottom, top = DOUBLE.section_of["bottom"], DOUBLE.section_of["top"]
    assert DOUBLE.lines == (17, 33)
    assert bottom[i(0, 0)] == bottom[i(16, 4)] == {"left"}          # the left board's left and centre
    assert bottom[i(17, 1)] == {"left", "centre"}                   # a hex the line cuts
    assert bottom[i(18, 2)] == bottom[i(24, 0)] == bottom[i(25, 1)] == bottom[i(32, 8)] == {"centre"}
    assert bottom[i(33, 3)] == {"centre", "right"}
    assert bottom[i(34, 0)] == bottom[i(50, 8)] == {"right"}        # the right board's centre and right
    # the top seat sees the board turned round
    assert top[i(0, 0)] == {"right"} and top[i(50, 0)] == {"left"}
    assert top[i(33, 1)] == {"left", "centre"} and top[i(25, 5)] == {"centre"}
    # every hex is in one section, or two where a line cuts it (4 short rows x 2 lines)
    counts = {s: sum(1 for secs in bottom if s in secs) for s in DOUBLE.sections}
    assert counts == {"left": 81, "centre": 76, "right": 81}
    assert sum(len(secs) for secs in bottom) == 230 + 8


def test_a_left_flank_card_orders_the_units_of_the_double_boards_left_flank():
    # Union at the bottom: cols 0-17 are its left flank, so (4,6) and (16,6) may be ordered
    # and (20,6), in the left board's right flank, may not (it is the centre now).
    units = [inf("union", 4, 6), inf("union", 16, 6), inf("union", 20, 6), inf("union", 30, 6),
             inf("union", 40, 6), inf("confederate", 48, 0)]
    g = double_game(units)
    give(g, "union", "probe_left")
    g.apply({"type": "play_card", "card": "probe_left", "mode": "section"})
    assert {a["unit"] for a in g.legal_actions() if a["type"] == "order"} == {"u1", "u2"}
    with pytest.raises(IllegalAction, match="not on your left"):
        g.apply({"type": "order", "unit": "u3"})
    # The Confederates at the top: their left flank is the drawn right, cols 33-50.
    g = double_game([inf("confederate", 40, 2), inf("confederate", 34, 2), inf("confederate", 30, 2),
                     inf("confederate", 10, 2), inf("union", 0, 8)], first="confederate")
    give(g, "confederate", "probe_left")
    g.apply({"type": "play_card", "card": "probe_left", "mode": "section"})
    assert {a["unit"] for a in g.legal_actions() if a["type"] == "order"} == {"u1", "u2"}


def test_a_left_flank_card_under_the_standard_rules_reads_the_same_sections():
    units = [inf("union", 4, 6), inf("union", 10, 6), inf("union", 16, 6), inf("union", 20, 6),
             inf("union", 40, 6), inf("confederate", 48, 0)]
    g = Game.new(scenario(units, board="double"), ruleset="standard", seed=1)
    assert "std_probe_left-2" in g.hands["union"]      # the deal of seed 1
    g.apply({"type": "play_card", "card": "std_probe_left-2"})
    assert {a["unit"] for a in g.legal_actions() if a["type"] == "order"} == {"u1", "u2", "u3"}


def test_sight_crosses_the_join():
    # Artillery at (22,4) looks along row 4 over the join at (28,4): clear, then blocked by
    # woods on the right board's first hex.
    units = [U("union", "artillery", 22, 4), inf("confederate", 28, 4)]
    g = double_game(units)
    preview = g.attack_preview(H(22, 4), H(28, 4))
    assert preview["los"] and preview["distance"] == 3
    g = double_game(units, terrain=[T("woods", 26, 4)])
    assert not g.attack_preview(H(22, 4), H(28, 4))["los"]
    # through the joined hex (25,3): a line from (21,3) to (29,3) crosses it
    units = [U("union", "artillery", 21, 3), inf("confederate", 29, 3)]
    assert double_game(units).attack_preview(H(21, 3), H(29, 3))["los"]
    assert not double_game(units, terrain=[T("woods", 25, 3)]).attack_preview(H(21, 3), H(29, 3))["los"]


def test_a_double_board_holds_two_boxes_of_pieces():
    twenty = [inf("union", c, 8) for c in range(0, 40, 2)]
    sc = scenario(twenty + [U("union", "cavalry", c, 6) for c in (0, 2, 4, 6, 8, 10)]
                  + [inf("confederate", 30, 0)], [G("union", c, 8) for c in range(0, 12, 2)],
                  board="double")
    assert len(sc.units) == 27 and len(sc.generals) == 6
    with pytest.raises(ScenarioError, match="the 2 boxes of a double board hold 20"):
        scenario(twenty + [inf("union", 40, 8), inf("confederate", 30, 0)], board="double")
    with pytest.raises(ScenarioError, match="the box holds 10"):
        scenario([inf("union", c, 8) for c in range(0, 22, 2)] + [inf("confederate", 12, 0)])


def test_a_hex_beyond_the_single_board_is_refused_unless_the_file_names_the_double_board():
    units = [inf("union", 30, 8), inf("confederate", 12, 0)]
    with pytest.raises(ScenarioError, match=r"hex \(30,8\) is not on the board"):
        scenario(units)
    assert scenario(units, board="double").board is DOUBLE
    with pytest.raises(ScenarioError, match=r"board: 'triple' is not a board size"):
        scenario(units, board="triple")
    with pytest.raises(ScenarioError, match=r"hex \(51,1\) is not on the double board"):
        scenario([inf("union", 51, 1), inf("confederate", 12, 0)], board="double")


def test_a_board_pickles_and_copies_as_the_one_shared_board_of_its_size():
    import copy
    import pickle

    for board in (BOARD, DOUBLE):
        assert pickle.loads(pickle.dumps(board)) is board and copy.deepcopy(board) is board
    g = double_game([inf("union", 40, 6), inf("confederate", 48, 0)])
    again = pickle.loads(pickle.dumps(g))
    assert again.board is DOUBLE and again.scenario.board is DOUBLE and again.to_dict() == g.to_dict()


def test_a_double_board_game_round_trips_and_its_view_names_the_board():
    g = double_game([inf("union", 40, 6), U("union", "artillery", 25, 7), inf("confederate", 48, 0)],
                    [G("union", 40, 6)])
    assert g.board is DOUBLE and g.copy().board is DOUBLE
    again = Game.from_dict(g.to_dict())
    assert again.board is DOUBLE and again.to_dict() == g.to_dict()
    assert {(u["hex"]["col"], u["hex"]["row"]) for u in g.to_dict()["units"]} == {(40, 6), (25, 7), (48, 0)}
    view = g.view("union")
    assert view["scenario"]["board"] == "double"
    assert Game.new(load_scenario(dict(g.scenario.data, board="single", units=[
        u for u in g.scenario.data["units"] if u["hex"]["col"] <= 24] + [
        {"side": "union", "kind": "infantry", "hex": H(2, 8)}, {"side": "confederate", "kind": "infantry", "hex": H(2, 0)}],
        generals=[])), seed=1).view(None)["scenario"]["board"] == "single"


def test_outflank_and_coordinated_advance_read_the_double_boards_flanks():
    # from the bottom seat: left flank cols 0-17, centre 17-33, right flank 33-50
    units = [inf("union", c, 6) for c in (2, 16, 20, 30, 34, 48)] + [inf("confederate", 0, 0)]
    g = double_game(units)
    give(g, "union", "outflank-x")
    g.apply({"type": "play_card", "card": "outflank-x", "mode": "tactic"})
    assert {a["unit"] for a in g.legal_actions() if a["type"] == "order"} == {"u1", "u2", "u5", "u6"}
    g = double_game(units)
    give(g, "union", "coordinated_advance-x")
    g.apply({"type": "play_card", "card": "coordinated_advance-x", "mode": "tactic"})
    g.apply({"type": "order", "unit": "u2"})             # the left flank's
    with pytest.raises(IllegalAction, match="not on your"):
        g.apply({"type": "order", "unit": "u1"})         # the left flank is used up
    g.apply({"type": "order", "unit": "u3"})             # (20,6): the centre on two boards
    g.apply({"type": "order", "unit": "u6"})
    assert g.phase == "move" and g.current.ordered == ["u2", "u3", "u6"]


def test_a_flank_clear_rule_reads_the_double_boards_flank():
    rules = [{"rule": "flank_clear_flags", "side": "confederate", "section": "right", "flags": 2}]
    # the top seat's right flank is the drawn left, cols 0-17: a Union unit at (20,6) stands
    # in that seat's centre on the double board, one at (16,6) in its right flank
    clear = double_game([inf("union", 20, 6), inf("confederate", 40, 0)], rules=rules)
    pass_turn(clear)
    assert clear.flags("confederate") == 2
    held = double_game([inf("union", 16, 6), inf("confederate", 40, 0)], rules=rules)
    pass_turn(held)
    assert held.flags("confederate") == 0


@pytest.mark.parametrize("size", BOARD_SIZES)
def test_every_distance_is_the_shortest_walk_and_every_neighbour_is_mutual(size):
    board = board_named(size)
    for a in range(board.size):
        for k, n in enumerate(board.neighbours[a]):
            if n >= 0:
                assert board.neighbours[n][board.directions.index(board.opposite[board.directions[k]])] == a
        walk = {a: 0}
        frontier = [a]
        while frontier:
            nxt = []
            for h in frontier:
                for n in board.adjacent[h]:
                    if n not in walk:
                        walk[n] = walk[h] + 1
                        nxt.append(n)
            frontier = nxt
        assert len(walk) == board.size and all(board.dist[a][b] == d for b, d in walk.items())
