"""Two and three maps stood long side to long side (house rule 36, seed 002 L97;
docs/rulings.md H98-H99): the boards' rows and filler rows, neighbours, distances and sight
across a seam, the sections and baselines, the boxes, the option that goes with the
battle's board, and the club's battle on two maps played to its end and replayed."""
import pickle
import random

import pytest

from games.engine import (ADVANCED, BOARD, BOARD_SIZES, STANDARD, Game, OptionError, ScenarioError,
                          board_named, replay)
from games.engine.battlecry.advanced import house_presets
from tests.engine.helpers import G, H, T, U, give, inf, scenario
from tests.engine.scenarios import shipped
from tests.engine.team_games import play

TWO, THREE = board_named("mapsets-2"), board_named("mapsets-3")
RULE = {"multi_mapsets": True}
CLUB_BATTLE = "gettysburg-picketts-charge-two-maps"


def i(board, col, row):
    return board.hex_index(col, row)


def on_two(units, generals=(), terrain=(), **kw):
    return Game.new(scenario(units, generals, terrain, board="mapsets-2", **kw), options=RULE, seed=1)


def test_two_and_three_maps_have_their_rows_and_filler_rows():
    assert set(BOARD_SIZES) >= {"mapsets-2", "mapsets-3"}
    assert (TWO.width, TWO.rows, TWO.max_col, TWO.size, TWO.seams) == (13, 19, 24, 238, (9,))
    assert (THREE.width, THREE.rows, THREE.size, THREE.seams) == (13, 29, 363, (9, 19))
    # each map keeps its 13- and 12-hex rows; each filler row is a short row of 12
    assert [sum(1 for h in TWO.hexes if h.row == r) for r in range(19)] == [13, 12] * 9 + [13]
    assert sum(1 for h in THREE.hexes if h.row in THREE.seams) == 24
    assert TWO.on_board(1, 9) and TWO.on_board(23, 9) and not TWO.on_board(0, 9)
    assert TWO.on_board(24, 18) and not TWO.on_board(0, 19) and THREE.on_board(0, 28)
    assert TWO.joins == THREE.joins == () and BOARD.seams == () and board_named("double").seams == ()
    assert board_named("mapsets-2") is TWO


def test_neighbours_and_distances_cross_the_filler_row():
    # the last row of the top map (row 8) and the first of the bottom map (row 10) touch the
    # filler row and not each other
    assert sorted(TWO.hexes[n] for n in TWO.adjacent[i(TWO, 11, 9)]) == [
        (9, 9), (10, 8), (10, 10), (12, 8), (12, 10), (13, 9)]
    assert TWO.dist[i(TWO, 12, 8)][i(TWO, 12, 10)] == 2
    assert TWO.dist[i(TWO, 12, 0)][i(TWO, 12, 18)] == 18
    assert THREE.dist[i(THREE, 0, 0)][i(THREE, 24, 28)] == 28
    assert TWO.neighbours[i(TWO, 12, 10)][TWO.directions.index("NW")] == i(TWO, 11, 9)
    assert THREE.dist[i(THREE, 12, 18)][i(THREE, 12, 20)] == 2 and THREE.on_board(13, 19)


@pytest.mark.parametrize("board", (TWO, THREE), ids=lambda b: b.name)
def test_sections_run_straight_down_every_map(board):
    assert board.lines == BOARD.lines == (7, 17)
    bottom, top = board.section_of["bottom"], board.section_of["top"]
    for row in range(board.rows):
        for col, sections in ((0 + row % 2, {"left"}), (7, {"left", "centre"}), (12, {"centre"}),
                          (17, {"centre", "right"}), (24 - row % 2, {"right"})):
            if board.on_board(col, row):
                assert bottom[i(board, col, row)] == frozenset(sections), (col, row)
    # the top seat sees the board turned round: its left flank is the drawn right
    assert top[i(board, 23, 9)] == frozenset({"left"}) and top[i(board, 1, 9)] == frozenset({"right"})


def test_sight_crosses_the_filler_row():
    # artillery at (12,8), the top map's last row, fires four hexes down column 12 at (12,12)
    # on the bottom map: the line crosses the hex (12,10) and runs along the edge the filler
    # hexes (11,9) and (13,9) share, so it is blocked by woods at (12,10) or on both of them
    units = [U("union", "artillery", 12, 8), inf("confederate", 12, 12)]
    preview = on_two(units).attack_preview(H(12, 8), H(12, 12))
    assert preview["los"] and preview["distance"] == 4
    assert on_two(units, terrain=[T("woods", 11, 9)]).attack_preview(H(12, 8), H(12, 12))["los"]
    assert not on_two(units, terrain=[T("woods", 11, 9), T("woods", 13, 9)]).attack_preview(
        H(12, 8), H(12, 12))["los"]
    assert not on_two(units, terrain=[T("woods", 12, 10)]).attack_preview(H(12, 8), H(12, 12))["los"]
    # a unit standing on a filler hex blocks sight through it, as anywhere
    units = [U("union", "artillery", 9, 7), inf("confederate", 15, 11)]
    assert on_two(units).attack_preview(H(9, 7), H(15, 11))["los"]
    assert not on_two(units + [inf("union", 13, 9)]).attack_preview(H(9, 7), H(15, 11))["los"]


def test_baselines_are_the_outer_long_edges():
    assert TWO.baseline_row == {"top": 0, "bottom": 18}
    assert THREE.baseline_row == {"top": 0, "bottom": 28}
    assert TWO.rear == BOARD.rear      # a retreat goes toward the own edge, as on one map


def test_reinforcements_come_on_at_the_bottom_seat_s_own_edge_of_two_maps():
    g = on_two([inf("union", 10, 16), inf("confederate", 0, 0)])
    give(g, "union", "call_for_reinforcements-x")
    g.apply({"type": "play_card", "card": "call_for_reinforcements-x", "mode": "tactic"})
    assert g.phase == "reinforce"
    assert {a["to"]["row"] for a in g.legal_actions()} == {18}


def test_the_boxes_follow_the_maps():
    assert (BOARD.boxes, TWO.boxes, THREE.boxes) == (1, 2, 3)
    twenty = [inf("union", c, r) for r in (18, 16) for c in range(0, 20, 2)]
    assert len(scenario(twenty + [inf("confederate", 12, 0)], board="mapsets-2").units) == 21
    with pytest.raises(ScenarioError, match="the 2 boxes of a mapsets-2 board hold 20"):
        scenario(twenty + [inf("union", 20, 18), inf("confederate", 12, 0)], board="mapsets-2")


def test_a_hex_below_one_map_is_refused_unless_the_file_names_the_maps():
    units = [inf("union", 12, 14), inf("confederate", 12, 0)]
    with pytest.raises(ScenarioError, match=r'hex \(12,14\) is not on the board .*"board": "mapsets-2"'):
        scenario(units)
    assert scenario(units, board="mapsets-2").board is TWO
    with pytest.raises(ScenarioError, match=r"hex \(12,20\) is not on the mapsets-2 board \(rows 0-18"):
        scenario([inf("union", 12, 20), inf("confederate", 12, 0)], board="mapsets-2")
    with pytest.raises(ScenarioError, match=r'"mapsets-3" \(three maps long side to long side'):
        scenario(units, board="mapsets-4")


def test_the_rule_goes_with_a_battle_on_several_maps_and_says_why():
    battle, one_board = shipped(CLUB_BATTLE), shipped("gettysburg-picketts-charge")
    ADVANCED.check_scenario(battle, RULE)
    ADVANCED.check_scenario(one_board, {})
    with pytest.raises(OptionError, match="laid out on two maps long side to long side .* "
                                          "played under House rule: multi mapsets, so tick it"):
        ADVANCED.check_scenario(battle, {})
    with pytest.raises(OptionError, match="House rule: multi mapsets is played on a battle laid "
                                          "out on two or three maps .* on one board"):
        ADVANCED.check_scenario(one_board, RULE)
    with pytest.raises(OptionError, match="on two boards joined end to end"):
        ADVANCED.check_scenario(shipped("gettysburg-double"), RULE)
    # the standard rules do not play it; the presets leave the rule out, saying why
    assert not STANDARD.supports(battle) and STANDARD.supports(one_board)
    assert "multi_mapsets" in house_presets.left_out_of_full()
    assert "multi_mapsets" not in house_presets.full_simulation_options()


def test_the_club_battle_on_two_maps_is_a_club_layout_across_the_seam():
    battle = shipped(CLUB_BATTLE)
    assert battle.board is TWO and battle.data["layout_source"] == "club"
    rows = {s: {TWO.hexes[u.hex].row for u in battle.units if u.side == s} for s in ("union", "confederate")}
    assert max(rows["union"]) < 9 < min(rows["confederate"])       # each army on its own map
    assert len(battle.units) == len(shipped("gettysburg-picketts-charge").units)


@pytest.mark.parametrize("seed", (1, 2))
def test_random_games_on_two_maps_end_round_trip_and_replay(seed):
    game, log = play(CLUB_BATTLE, seed, RULE, limit=3000)
    assert game.outcome is not None and game.board is TWO
    again = Game.from_dict(game.to_dict())
    assert again.board is TWO and again.to_dict() == game.to_dict()
    assert pickle.loads(pickle.dumps(game)).to_dict() == game.to_dict()
    assert replay(game.scenario, seed, log, options=RULE).to_dict() == game.to_dict()
    assert game.view("union")["scenario"]["board"] == "mapsets-2"


def test_a_random_game_on_three_maps_ends_and_replays():
    # six infantry and a general a side, the Union on the bottom map, the Confederates on the
    # top one, the middle map between them
    sc = scenario([inf("union", c, 20) for c in range(2, 24, 4)]
                  + [inf("confederate", c, 8) for c in range(2, 24, 4)],
                  [G("union", 6, 20), G("confederate", 6, 8)], board="mapsets-3")
    game = Game.new(sc, options=RULE, seed=4)
    rng = random.Random(4)
    log = []
    while game.outcome is None and len(log) < 4000:
        action = game.sample_action(rng)
        log.append({"action": action, "events": game.apply(action)})
    assert game.outcome is not None and game.board is THREE
    assert replay(sc, 4, log, options=RULE).to_dict() == game.to_dict()
