"""Grand Battle Cry's move step taken by the Field Generals at the same time (seed 004 L32
"all movement before any battle"; ruling G11): each moves his own pieces in any order and
ends his own movement; the battles come after all have ended, one Field General at a time.
The checked path (``apply``) and the search path (``sample_action`` / ``apply_unchecked``)
agree, and a game whose moves were interleaved replays exactly."""
import json
import random

import pytest

from games.engine import Game, IllegalAction
from tests.engine.standard.test_grand_battle_cry import end_command, give, grand, uid
from tests.engine.helpers import G, H, U


def two_flanks_moving(units=None):
    """The union's left and right Field Generals each given a card and played; the centre
    passed his initiative: the move step, both with an ordered unit."""
    g = grand(units) if units else grand()
    give(g, "union", ["std_probe_right", "std_skirmish_left", "std_rally", "std_bombard"])
    g.apply({"type": "assign_card", "card": "std_probe_right", "to": "union-right"})
    g.apply({"type": "assign_card", "card": "std_skirmish_left", "to": "union-left"})
    end_command(g)
    g.apply({"type": "play_card", "card": "std_skirmish_left"})
    g.apply({"type": "play_card", "card": "std_probe_right"})
    g.apply({"type": "pass_initiative"})
    assert g.phase == "move"
    return g


def moves_of(g, seat):
    return [a for a in g.legal_actions(seat) if a["type"] == "move"]


def test_every_field_general_with_ordered_pieces_may_move_now_each_his_own():
    g = two_flanks_moving()
    assert g.deciding_seats == ("union-left", "union-right")
    assert g.deciding == "union-left"
    assert {a["unit"] for a in moves_of(g, "union-left")} == {uid(g, 4, 8)}
    assert {a["unit"] for a in moves_of(g, "union-right")} == {uid(g, 20, 8)}
    assert {"type": "end_movement", "seat": "union-right"} in g.legal_actions("union-right")
    # nobody else: the centre ordered nothing, the commander and the enemy wait
    for seat in ("union-centre", "union-commander", "confederate-left"):
        assert g.legal_actions(seat) == []
    assert g.view("union-right")["team"]["deciding_seats"] == ["union-left", "union-right"]


@pytest.mark.parametrize("right_first", [True, False])
def test_two_field_generals_move_in_either_order_to_the_same_position(right_first):
    g = two_flanks_moving()
    left = {"type": "move", "unit": uid(g, 4, 8), "to": H(5, 7)}
    right = {"type": "move", "unit": uid(g, 20, 8), "to": H(21, 7)}
    for action in ([right, left] if right_first else [left, right]):
        g.apply(action)
    assert uid(g, 5, 7) is not None and uid(g, 21, 7) is not None
    assert g.deciding_seats == ("union-left", "union-right")


def test_one_ends_his_movement_while_the_other_still_moves_then_the_battles_one_by_one():
    g = two_flanks_moving()
    events = g.apply({"type": "end_movement", "seat": "union-right"})
    assert [e["seat"] for e in events if e["type"] == "field_general_done"] == ["union-right"]
    assert g.deciding_seats == ("union-left",)
    assert g.legal_actions("union-right") == []
    with pytest.raises(IllegalAction):
        g.apply({"type": "move", "unit": uid(g, 20, 8), "to": H(21, 7)})
    g.apply({"type": "move", "unit": uid(g, 4, 8), "to": H(5, 7)})
    assert g.phase == "move"
    g.apply({"type": "end_movement"})
    # the battles only once all have ended, one Field General at a time, left to right
    assert (g.phase, g.deciding_seats) == ("battle", ("union-left",))
    g.apply({"type": "end_turn"})
    assert (g.phase, g.deciding_seats) == ("battle", ("union-right",))


def test_an_end_of_movement_naming_no_seat_ends_the_first_ones_as_saved_games_recorded():
    g = two_flanks_moving()
    g.apply({"type": "end_movement"})
    assert g.deciding_seats == ("union-right",)
    # once he alone moves, his end of movement names nobody, as before
    assert g.legal_actions("union-right")[-1] == {"type": "end_movement"}


def test_a_move_to_a_hex_another_field_general_took_first_is_refused_in_words():
    units = [U("union", "infantry", 6, 8), U("union", "infantry", 10, 8),
             U("confederate", "infantry", 12, 0)]
    g = grand(units=units, generals=[G("union", 22, 8), G("confederate", 16, 0)])
    give(g, "union", ["std_probe_left", "std_probe_centre", "std_rally", "std_bombard"])
    g.apply({"type": "assign_card", "card": "std_probe_left", "to": "union-left"})
    g.apply({"type": "assign_card", "card": "std_probe_centre", "to": "union-centre"})
    end_command(g)
    while g.phase != "move":             # each plays his card, the right waits
        g.apply(next(a for a in g.legal_actions() if a["type"] in (
            "play_card", "order", "confirm_orders", "pass_initiative")))
    assert g.deciding_seats == ("union-left", "union-centre")
    left, centre = uid(g, 6, 8), uid(g, 10, 8)
    g.apply({"type": "move", "unit": centre, "to": H(8, 8)})
    with pytest.raises(IllegalAction, match="Another Field General moved a piece to that hex first"):
        g.apply({"type": "move", "unit": left, "to": H(8, 8)})


def test_the_search_path_agrees_with_the_checked_path_for_every_seat_moving():
    g = two_flanks_moving()
    g.apply({"type": "move", "unit": uid(g, 20, 8), "to": H(21, 7)})
    for seat in g.deciding_seats:
        for action in g.legal_actions(seat):
            checked, searched = g.copy(), g.copy()
            checked.apply(action)
            searched.apply_unchecked(action)
            assert searched.to_dict() == checked.to_dict()
        # a search on the seat's behalf: a copy where he decides first, the game unchanged
        led = g.led_by(seat)
        assert led.deciding == seat and g.deciding == "union-left"
        assert [a for a in led.legal_actions() if a["type"] == "move"] == moves_of(g, seat)
    rng = random.Random(3)
    every = [a for seat in g.deciding_seats for a in g.legal_actions(seat)]
    for _ in range(30):
        assert g.sample_action(rng) in every + [{"type": "end_movement"}]


def test_moves_interleaved_between_the_flanks_replay_exactly():
    g = two_flanks_moving()
    before = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    log = []
    for action in ({"type": "move", "unit": uid(g, 20, 8), "to": H(21, 7)},
                   {"type": "move", "unit": uid(g, 4, 8), "to": H(5, 7)},
                   {"type": "end_movement", "seat": "union-right"},
                   {"type": "end_movement"}):
        log.append({"action": action, "events": g.apply(action)})
    again = before
    for entry in log:
        again.apply(entry["action"])
    assert again.to_dict() == g.to_dict()
    assert Game.from_dict(json.loads(json.dumps(g.to_dict()))).to_dict() == g.to_dict()
