"""The house rule of terrain victory points (seed 002, L93-95; docs/rulings.md H51): 9 flags
win, and a defensible hex taken in melee carries a flag token that turns over when the other
side moves back in; shown on the board and counted in the victory view."""
import pytest

from games.board_svg import render_board
from games.engine import Game
from tests.engine.helpers import G, H, T, U, attack, game, give, inf, order, types

OPTION = {"terrain_victory_points": True}


def taken(terrain, options=None, first="union"):
    """A commanded Union unit at (10,6) destroys the last figure at (11,5) and takes the hex."""
    g = game([inf("union", 10, 6), inf("confederate", 11, 5, figures=1), inf("confederate", 20, 2),
              inf("union", 20, 8)], [G("union", 10, 6)], terrain=terrain, options=options)
    order(g, "attack_centre")
    g.apply({"type": "end_movement"})
    attack(g, "u1", 11, 5, ["infantry", "cavalry", "cavalry"])
    assert g.phase == "take_ground"
    return g, g.apply({"type": "take_ground", "unit": "u1"})


@pytest.mark.parametrize("terrain", [[T("hill", 11, 5)], [T("very_rough", 13, 1)]])
def test_nine_flags_win_and_the_scenario_number_does_not(terrain):
    off = game([inf("union", 10, 6), inf("confederate", 12, 2)], terrain=terrain)
    on = game([inf("union", 10, 6), inf("confederate", 12, 2)], terrain=terrain, options=OPTION)
    assert off.flags_needed("union") == 6 and on.flags_needed("union") == on.flags_needed("confederate") == 9
    assert on.view("union")["flags_needed"] == {"union": 9, "confederate": 9}


@pytest.mark.parametrize("terrain", [[T("hill", 11, 5)], [T("fieldwork", 11, 5, ["NE"])]])
def test_a_hill_or_breastworks_taken_in_melee_carries_a_flag_for_the_taker(terrain):
    off, ev_off = taken(terrain)
    on, ev = taken(terrain, OPTION)
    assert off.flags("union") == 1 and "terrain_flag" not in types(ev_off)
    assert on.flags("union") == 2
    flag = next(e for e in ev if e["type"] == "terrain_flag")
    assert flag["side"] == "union" and flag["hex"] == H(11, 5) and not flag["turned"]
    assert on.view("confederate")["terrain_flags"] == [{"hex": H(11, 5), "side": "union"}]
    assert "terrain_flags" not in off.view("confederate")


def test_open_ground_taken_in_melee_carries_no_flag():
    on, ev = taken([], OPTION)
    assert "terrain_flag" not in types(ev) and on.flags("union") == 1


def test_the_other_side_moving_back_in_turns_the_flag_over():
    on, _ = taken([T("hill", 11, 5)], OPTION)
    on.place_unit(on.pieces.units["u1"], on._hex(H(20, 6)))       # the taker leaves the hill
    on.apply({"type": "end_turn"})
    on.place_unit(on.pieces.units["u3"], on._hex(H(12, 4)))
    assert on.current.active == "confederate"
    order(on, "attack_centre", "u3")
    ev = on.apply({"type": "move", "unit": "u3", "to": H(11, 5)})
    flag = next(e for e in ev if e["type"] == "terrain_flag")
    assert flag["side"] == "confederate" and flag["turned"]
    assert on.flags("confederate") == 1 and on.flags("union") == 1
    again = Game.from_dict(on.to_dict())
    assert again.score.terrain_flags == on.score.terrain_flags and again.to_dict() == on.to_dict()


def test_the_flag_is_drawn_on_the_board_and_counted_in_the_victory_view():
    on, _ = taken([T("hill", 11, 5)], OPTION)
    svg = render_board(on.view("union"))
    assert 'class="objective terrain-flag union held"' in svg
    assert "terrain flag of the Union" in svg
    assert on.view("union")["flags"]["union"] == 2


def test_a_hill_left_and_followed_up_carries_a_flag_for_the_follower():
    """Union cavalry charges onto the hill at (11,5) next to confederate infantry under Hit
    and Run, misses, and rides off in its second move; the infantry follows it up the hill."""
    flagged = {}
    for options in ({"following_up": True}, {"following_up": True, **OPTION}):
        g = game([U("union", "cavalry", 10, 8), inf("confederate", 12, 4)],
                 terrain=[T("hill", 11, 5)], options=options)
        give(g, "union", "hit_and_run")
        g.apply({"type": "play_card", "card": "hit_and_run", "mode": "tactic"})
        g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
        g.apply({"type": "end_movement"})
        attack(g, "u1", 12, 4, ["artillery"] * 3)
        g.apply({"type": "decline"})
        g.apply({"type": "end_turn"})
        g.apply({"type": "move", "unit": "u1", "to": H(11, 7)})
        assert g.phase == "take_ground"
        ev = g.apply({"type": "take_ground", "unit": "u2"})
        flagged[len(options)] = ([e["side"] for e in ev if e["type"] == "terrain_flag"],
                                 g.flags("confederate"))
    assert flagged == {1: ([], 0), 2: (["confederate"], 1)}
