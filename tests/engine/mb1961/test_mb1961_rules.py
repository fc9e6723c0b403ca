"""The 1961 rules rule by rule, from hand-built positions on the test map (helpers.py);
rulings M1-M16 of docs/rulings.md."""
import json

import pytest

from games.engine.core.errors import IllegalAction, ScenarioError
from games.engine.mb1961.board import load_scenario
from tests.engine.mb1961.helpers import MAP_DATA, SHIPPED, game, of, position, sq, targets


def events_of(events, kind):
    return [e for e in events if e["type"] == kind]


# -- M1: two dice, the South first ---------------------------------------------------------------
def test_the_south_moves_first_with_the_pips_of_two_dice():
    g = game(seed=5)
    turn = events_of(g.setup_events, "turn")[0]
    assert g.side == "confederate" and turn["side"] == "confederate" and turn["turn"] == 1
    assert len(turn["rolls"]) == 2 and all(1 <= r <= 6 for r in turn["rolls"])
    assert g.pips == sum(turn["rolls"])


def test_the_next_side_rolls_when_a_turn_ends():
    g = position({"UI1": (5, 6), "CI1": (9, 0)}, pips=1)
    events = g.apply({"type": "move", "piece": "UI1", "to": sq(5, 5)}, rolls=[6, 5])
    assert events_of(events, "turn")[0]["rolls"] == [6, 5]
    assert g.side == "confederate" and g.pips == 11 and g.phase == "move"


def test_each_side_sets_up_two_artillery_ten_cavalry_and_ten_infantry_on_its_squares():
    g = game(scenario=SHIPPED)
    for side, kinds in SHIPPED.setup.items():
        for kind, squares in kinds.items():
            on = sorted(s for p, s in g.where.items() if p[0] == side[0].upper() and p[1] == kind[0].upper())
            assert on == sorted(squares)
    assert {p[1] for p in g.where}.issuperset({"A", "C", "I"}) and len(g.where) == 44


# -- M2, M3: pips, steps and corners -----------------------------------------------------------
def test_a_pip_moves_infantry_one_square_in_any_of_eight_directions():
    g = position({"UI1": (5, 6), "CI1": (9, 0)})
    assert targets(g, "move", "UI1") == [(4, 5), (4, 6), (4, 7), (5, 5), (5, 7), (6, 5), (6, 6), (6, 7)]


@pytest.mark.parametrize("pid", ["UC1", "UA1"])
def test_a_pip_moves_cavalry_and_artillery_up_to_two_squares_turning_a_corner(pid):
    g = position({pid: (5, 5), "CI1": (9, 0)})
    reach = targets(g, "move", pid)
    assert len(reach) == 24                  # every square within two, the river square too
    assert (6, 3) in reach and (4, 3) in reach      # a corner move; a river square


def test_a_one_square_move_of_cavalry_still_spends_its_pip():
    g = position({"UC1": (5, 6), "UI1": (0, 7), "CI1": (9, 0)}, pips=2)
    g.apply({"type": "move", "piece": "UC1", "to": sq(5, 5)})
    assert g.pips == 1
    g.apply({"type": "move", "piece": "UC1", "to": sq(5, 4)})
    assert g.side == "confederate"          # both pips spent: the turn is over


def test_the_pips_may_be_split_among_pieces_and_spent_on_one_piece_again():
    g = position({"UI1": (2, 6), "UI2": (6, 6), "CI1": (9, 0)}, pips=3)
    g.apply({"type": "move", "piece": "UI1", "to": sq(2, 5)})
    g.apply({"type": "move", "piece": "UI2", "to": sq(6, 5)})
    g.apply({"type": "move", "piece": "UI1", "to": sq(2, 4)})
    assert g.where["UI1"] == (2, 4) and g.where["UI2"] == (6, 5) and g.side == "confederate"


def test_pieces_block_the_way_and_nothing_moves_onto_water_or_off_the_map():
    g = position({"UC1": (5, 5), "UI1": (4, 4), "UI2": (5, 4), "UI3": (6, 4), "CI1": (9, 0)})
    reach = targets(g, "move", "UC1")
    assert (5, 3) not in reach and (7, 3) not in reach and (7, 4) in reach
    g = position({"UI1": (10, 2), "CI1": (0, 0)})
    assert targets(g, "move", "UI1") == [(9, 1), (9, 2), (9, 3), (10, 1)]     # K5 is water


# -- M5: mountains and rivers stop a piece ---------------------------------------------------
def test_a_piece_stops_on_a_mountain_even_with_a_square_of_its_pip_left():
    walls = {f"UI{n}": s for n, s in enumerate([(2, 0), (3, 0), (4, 0), (2, 1), (4, 1), (2, 2), (4, 2)], 1)}
    g = position({"UC1": (3, 1), **walls, "CI1": (9, 7)})
    assert targets(g, "move", "UC1") == [(3, 2)]


def test_a_piece_on_a_river_square_moves_no_more_this_turn_but_does_the_next():
    g = position({"UI1": (4, 4), "UI2": (8, 7), "CI1": (9, 0)}, pips=3)
    events = g.apply({"type": "move", "piece": "UI1", "to": sq(4, 3)})
    assert events[0]["stopped"] is True
    assert of(g, "move", "UI1") == [] and of(g, "move", "UI2")
    with pytest.raises(IllegalAction, match="stopped on a mountain or river"):
        g.apply({"type": "move", "piece": "UI1", "to": sq(4, 2)})
    g.apply({"type": "halt"}, rolls=[1, 1])                     # the South's turn
    g.apply({"type": "halt"}, rolls=[3, 3])
    assert g.side == "union" and of(g, "move", "UI1")


# -- M4, M6, M7: railroads -----------------------------------------------------------------
def test_one_pip_takes_any_piece_from_a_station_to_the_next_along_the_line():
    for pid in ("UI1", "UC1", "UA1"):
        g = position({pid: (1, 4), "CI1": (9, 0)}, pips=2)
        assert targets(g, "rail", pid) == [(5, 4)]
        g.apply({"type": "rail", "piece": pid, "to": sq(5, 4)})
        assert g.pips == 1 and targets(g, "rail", pid) == [(1, 4), (9, 4)]


def test_rail_moves_start_only_at_a_station_and_never_stop_between_stations():
    g = position({"UI1": (3, 4), "UI2": (1, 4), "CI1": (9, 0)})
    assert of(g, "rail", "UI1") == []                                  # A
    assert targets(g, "rail", "UI2") == [(5, 4)]                       # C: to the station only


def test_the_next_station_must_be_empty():
    g = position({"UI1": (1, 4), "UC1": (5, 4), "CI1": (9, 0)})
    assert of(g, "rail", "UI1") == []                                  # B, by its own side too


def test_own_pieces_on_the_track_let_a_train_pass_and_enemy_pieces_block_it():
    g = position({"UI1": (1, 4), "UI2": (3, 4), "CI1": (9, 0)})
    assert targets(g, "rail", "UI1") == [(5, 4)]                       # D
    g = position({"UI1": (1, 4), "CI2": (3, 4), "CI1": (9, 0)})
    assert of(g, "rail", "UI1") == []                                  # E


# -- M8-M11: battles --------------------------------------------------------------------------
def battle_phase(pieces):
    return position(pieces, phase="battle", pips=0)


def test_the_rear_piece_of_a_column_jumps_both_columns_and_the_defenders_are_captured():
    g = battle_phase({"UI1": (5, 7), "UI2": (5, 6), "CI1": (5, 5), "CI2": (0, 0)})
    assert of(g, "battle") == [{"type": "battle", "piece": "UI1", "to": sq(5, 4)}]
    events = g.apply(of(g, "battle")[0])
    battle = events_of(events, "battle")[0]
    assert battle["strength"] == [4, 2] and battle["defenders"] == ["CI1"]
    assert g.where["UI1"] == (5, 4) and g.where["UI2"] == (5, 6) and "CI1" not in g.where
    assert g.captured["union"] == 1


def test_the_attacker_wins_ties_and_a_weaker_column_may_not_attack():
    g = battle_phase({"UI1": (5, 6), "CI1": (5, 5), "CI2": (0, 0)})
    assert len(of(g, "battle")) == 1                                   # 2 against 2
    g = battle_phase({"UC1": (5, 6), "CI1": (5, 5), "CI2": (0, 0)})
    assert of(g, "battle") == []                                       # 1 against 2


def test_lone_infantry_beats_lone_cavalry():
    g = battle_phase({"UI1": (5, 6), "CC1": (5, 5), "CI2": (0, 0)})
    g.apply(of(g, "battle")[0])
    assert "CC1" not in g.where


def test_the_infantry_behind_its_cavalry_jumps_both_into_the_open_square():
    g = battle_phase({"CC1": (4, 4), "CI1": (3, 4), "UI1": (5, 4), "UI2": (0, 7)})
    g.side_index = 0
    assert of(g, "battle") == [{"type": "battle", "piece": "CI1", "to": sq(6, 4)}]


def test_columns_of_several_pieces_add_their_strengths():
    g = battle_phase({"UI1": (5, 7), "UI2": (5, 6), "UC1": (5, 5), "CI1": (5, 4), "CI2": (5, 3),
                      "CI3": (0, 0)})
    battle = events_of(g.apply(of(g, "battle")[0]), "battle")[0]
    assert battle["strength"] == [5, 4] and g.where["UI1"] == (5, 2)


def test_columns_face_each_other_on_a_diagonal_too():
    g = battle_phase({"UI1": (2, 6), "CI1": (3, 5), "CI2": (0, 0)})
    assert of(g, "battle") == [{"type": "battle", "piece": "UI1", "to": sq(4, 4)}]


def test_no_battle_without_an_open_square_beyond_the_defending_column():
    edge = battle_phase({"UI1": (5, 1), "CI1": (5, 0), "CI2": (9, 7)})
    water = battle_phase({"UI1": (8, 3), "CI1": (9, 3), "CI2": (0, 0)})
    taken = battle_phase({"UI1": (5, 6), "CI1": (5, 5), "UI2": (5, 4), "CI2": (0, 0)})
    apart = battle_phase({"UI1": (5, 6), "CI1": (6, 4), "CI2": (0, 0)})
    for g in (edge, water, taken, apart):
        assert of(g, "battle") == []


# -- M12: the battle is the extra move at the end of the turn -------------------------------
def test_battles_come_after_the_movement_and_one_a_turn():
    g = position({"UC1": (5, 6), "CC1": (5, 5), "UC2": (1, 6), "CC2": (1, 5), "UI9": (8, 7), "CI2": (0, 0)},
                 pips=2)
    assert of(g, "battle") == []
    g.apply({"type": "halt"})
    assert g.phase == "battle" and len(of(g, "battle")) == 2 and {"type": "end_turn"} in g.legal_actions()
    g.apply({"type": "battle", "piece": "UC1", "to": sq(5, 4)}, rolls=[2, 2])
    assert g.side == "confederate" and "CC2" in g.where


def test_spending_the_last_pip_leads_to_the_battle_and_ending_the_turn_declines_it():
    g = position({"UI1": (5, 7), "CI1": (5, 5), "CI2": (0, 0)}, pips=1)
    g.apply({"type": "move", "piece": "UI1", "to": sq(5, 6)})
    assert g.phase == "battle"
    g.apply({"type": "end_turn"})
    assert g.side == "confederate" and "CI1" in g.where


# -- M10: infantry's double jump ------------------------------------------------------------
def test_infantry_that_jumped_may_jump_once_more_from_where_it_landed():
    g = battle_phase({"UI1": (5, 7), "CI1": (5, 6), "CI2": (5, 4), "CI3": (5, 2), "CI4": (0, 0)})
    g.apply({"type": "battle", "piece": "UI1", "to": sq(5, 5)})
    assert g.side == "union" and g.phase == "battle" and g.chain == "UI1"
    assert of(g, "battle") == [{"type": "battle", "piece": "UI1", "to": sq(5, 3)}]
    g.apply(of(g, "battle")[0])
    assert g.side == "confederate" and "CI3" in g.where and g.captured["union"] == 2


def test_cavalry_jumps_once():
    g = battle_phase({"UC1": (5, 7), "CC1": (5, 6), "CC2": (5, 4), "CI4": (0, 0)})
    g.apply({"type": "battle", "piece": "UC1", "to": sq(5, 5)})
    assert g.side == "confederate"


# -- M14: battles on mountains and rivers --------------------------------------------------
def test_a_piece_stopped_on_a_river_may_still_battle_and_a_jump_may_land_on_a_mountain():
    g = position({"UI1": (4, 4), "CC1": (4, 2), "UI2": (3, 4), "CC2": (3, 3), "CI9": (9, 0)}, pips=1)
    g.apply({"type": "move", "piece": "UI1", "to": sq(4, 3)})
    assert g.phase == "battle"
    assert {"type": "battle", "piece": "UI1", "to": sq(4, 1)} in of(g, "battle")
    assert {"type": "battle", "piece": "UI2", "to": sq(3, 2)} in of(g, "battle")
    g.apply({"type": "battle", "piece": "UI1", "to": sq(4, 1)}, rolls=[1, 1])
    assert g.stopped == set()


# -- M13: surrounded pieces -------------------------------------------------------------------
def end_union_turn(g):
    return g.apply({"type": "halt"}, rolls=[1, 1])


def test_a_piece_hemmed_in_by_enemies_and_the_map_edge_is_captured_at_the_start_of_its_turn():
    g = position({"CI1": (0, 0), "UI1": (1, 0), "UI2": (0, 1), "UI3": (1, 1), "CI2": (9, 7)})
    events = end_union_turn(g)
    assert events_of(events, "surrounded")[0]["pieces"] == ["CI1"]
    assert "CI1" not in g.where and g.captured["union"] == 1 and g.side == "confederate"


def test_water_hems_a_piece_in_as_the_edge_does():
    g = position({"CI1": (10, 2), "UI1": (9, 1), "UI2": (10, 1), "UI3": (9, 2), "UI4": (9, 3), "CI2": (0, 7)})
    end_union_turn(g)
    assert "CI1" not in g.where


def test_a_group_that_cannot_move_is_captured_together_and_a_piece_with_room_is_not():
    g = position({"CI1": (0, 0), "CI2": (1, 0), "UI1": (2, 0), "UI2": (0, 1), "UI3": (1, 1), "UI4": (2, 1),
                  "CI3": (9, 7)})
    end_union_turn(g)
    assert "CI1" not in g.where and "CI2" not in g.where and g.captured["union"] == 2
    g = position({"CI1": (0, 0), "UI1": (1, 0), "UI3": (1, 1), "CI3": (9, 7)})
    end_union_turn(g)
    assert "CI1" in g.where


# -- M15, M16: winning ------------------------------------------------------------------------
def test_capturing_the_last_enemy_piece_wins():
    g = battle_phase({"UI1": (5, 6), "CI1": (5, 5)})
    events = g.apply(of(g, "battle")[0])
    assert g.outcome["winner"] == "union" and g.outcome["reason"] == "eliminated"
    assert events[-1]["type"] == "game_over" and g.legal_actions() == []


def test_when_the_rounds_run_out_more_captured_pieces_win_and_equal_is_a_draw():
    g = position({"UI1": (5, 6), "CI1": (0, 0)}, options={"round_limit": 12})
    g.round, g.captured = 12, {"union": 3, "confederate": 2}
    g.apply({"type": "halt"})
    assert g.outcome["winner"] == "union" and g.outcome["reason"] == "turns"
    g = position({"UI1": (5, 6), "CI1": (0, 0)}, options={"round_limit": 12})
    g.round, g.captured = 12, {"union": 2, "confederate": 2}
    g.apply({"type": "halt"})
    assert g.outcome["winner"] is None


def test_a_lead_in_captured_pieces_wins_when_chosen():
    g = battle_phase({"UI1": (5, 6), "CI1": (5, 5), "CI2": (0, 0)})
    g.options = {"capture_lead": 3}
    g.captured = {"union": 4, "confederate": 2}
    g.apply(of(g, "battle")[0])
    assert g.outcome["winner"] == "union" and g.outcome["reason"] == "lead"


# -- state, views, the map file -------------------------------------------------------------
def test_nothing_is_hidden_but_the_seed_and_the_dice_to_come():
    g = game(seed=9)
    view = json.dumps(g.view("union"))
    assert '"seed"' not in view and '"rng"' not in view and str(g.rng) not in view
    assert g.view("union") == {**g.view(None), "viewer": "union"}


def test_determinize_is_a_copy_with_other_dice_to_come():
    g = position({"UI1": (5, 6), "CI1": (0, 0)}, pips=1)
    d = g.determinize("union", 1)
    assert d.where == g.where and d.pips == g.pips and d.rng != g.rng
    rolls = set()
    for seed in range(8):
        d = g.determinize("union", seed)
        d.apply({"type": "halt"})
        rolls.add(tuple(d.dice))
    assert len(rolls) > 1 and g.side == "union"


def test_illegal_actions_are_refused_in_words():
    g = position({"UI1": (5, 6), "CI1": (0, 0)})
    with pytest.raises(IllegalAction, match="Spend your pips first"):
        g.apply({"type": "end_turn"})
    with pytest.raises(IllegalAction, match="not one of the moves"):
        g.apply({"type": "move", "piece": "UI1", "to": sq(5, 3)})


def test_the_map_file_is_checked():
    bad = dict(MAP_DATA, ground=MAP_DATA["ground"][:-1])
    with pytest.raises(ScenarioError, match="ground"):
        load_scenario(bad)
    bad = dict(MAP_DATA, railroads=[{"name": "x", "squares": [[0, 0], [5, 5]]}])
    with pytest.raises(ScenarioError, match="touch the one before"):
        load_scenario(bad)
    bad = dict(MAP_DATA, setup={"union": {}, "confederate": {}})
    with pytest.raises(ScenarioError, match="setup.union.cavalry: 10 squares"):
        load_scenario(bad)
