"""The house rule of Shaken (seed 002 L55; docs/rulings.md H20-H23), each case against the same
position with the option off (or the unit not marked)."""
import pytest

from games.board_svg import render_board
from games.engine import IllegalAction, OptionError
from games.engine.battlecry.advanced.shaken import mark
from games.engine.battlecry.advanced.withdrawal_fire import firers
from tests.engine.helpers import G, H, U, attack, game, inf, order, to_battle, types

SHAKEN = {"shaken_marker": True, "auto_retreat": True}


def pushed_back(options, generals=()):
    """Union infantry at (11,5) pushes the confederate infantry at (12,4) back with a flag (a
    second confederate unit stands far off)."""
    g = game([inf("union", 11, 5), inf("confederate", 12, 4), inf("confederate", 4, 0)], generals,
             options=options)
    to_battle(g, "attack_centre")
    ev = attack(g, "u1", 12, 4, ["flag", "cavalry", "cavalry"])
    assert "retreated" in types(ev)
    return g, ev


def end_turn(g, rolls=None):
    return g.apply({"type": "end_turn"}, rolls=rolls)


def pass_turn(g, rolls=None):
    """The side to play plays a card as a skirmish, orders nothing and ends its turn."""
    g.apply({"type": "play_card", "card": g.cards.hands[g.current.active][0], "mode": "skirmish"})
    if g.phase == "order":
        g.apply({"type": "confirm_orders"})
    g.apply({"type": "end_movement"})
    return end_turn(g, rolls)


def test_a_unit_that_retreats_from_a_flag_is_shaken_and_shown_so():
    off, _ = pushed_back({"auto_retreat": True})
    assert not off.pieces.units["u2"].shaken and "status" not in off.view("union")["units"][1]

    on, ev = pushed_back(SHAKEN)
    assert {"type": "status", "side": "confederate", "unit": "u2", "status": "shaken"} in ev
    assert on.markers == {"u2": "shaken"}
    for viewer in ("union", "confederate", None):
        unit = next(u for u in on.view(viewer)["units"] if u["id"] == "u2")
        assert unit["status"] == "shaken"
    svg = render_board(on.view(None))
    assert 'class="status shaken"' in svg and "shaken" in svg.split('class="status shaken"')[0][-600:]


def test_a_shaken_unit_takes_no_orders_until_the_end_of_its_next_turn():
    off, _ = pushed_back({"auto_retreat": True})
    end_turn(off)
    order(off, "attack_centre", "u2")
    assert "u2" in off.current.ordered

    on, _ = pushed_back(SHAKEN)
    end_turn(on)
    assert on.pieces.units["u2"].shaken      # its own turn comes next: still Shaken
    on.apply({"type": "play_card", "card": on.cards.hands["confederate"][0], "mode": "skirmish"})
    with pytest.raises(IllegalAction, match="A Shaken unit may not be ordered"):
        on.apply({"type": "order", "unit": "u2"})
    assert all(a.get("unit") != "u2" for a in on.legal_actions())
    on.apply({"type": "confirm_orders"})
    on.apply({"type": "end_movement"})
    ev = end_turn(on)
    assert {"type": "status", "side": "confederate", "unit": "u2", "status": "steady"} in ev
    assert not on.pieces.units["u2"].shaken and on.markers == {}


def test_a_unit_shaken_in_its_own_turn_stays_so_through_its_next_one():
    g = game([inf("union", 11, 5), inf("confederate", 12, 4)],
             options={**SHAKEN, "return_fire": True})
    to_battle(g, "attack_centre")
    attack(g, "u1", 12, 4, ["cavalry"] * 3 + ["flag", "cavalry"])   # return fire pushes u1 back
    assert g.pieces.units["u1"].shaken == 1
    end_turn(g)
    pass_turn(g)
    assert g.pieces.units["u1"].shaken       # the union's turn 3 is its next friendly turn
    pass_turn(g)
    assert not g.pieces.units["u1"].shaken


def test_a_shaken_unit_does_not_fire_back_and_takes_one_more_flag_when_hit():
    options = {**SHAKEN, "return_fire": True}
    steady = game([inf("union", 11, 5), inf("confederate", 12, 4)], options=options)
    to_battle(steady, "attack_centre")
    ev = attack(steady, "u1", 12, 4, ["infantry", "cavalry", "cavalry", "cavalry", "cavalry"])
    a = next(e for e in ev if e["type"] == "attack")
    assert a["hits"] == 1 and a["flags"] == 0 and any(e.get("fired_back") for e in ev)

    shaken = game([inf("union", 11, 5), inf("confederate", 12, 4)], options=options)
    mark(shaken, shaken.pieces.units["u2"])
    to_battle(shaken, "attack_centre")
    ev = attack(shaken, "u1", 12, 4, ["infantry", "cavalry", "cavalry"])
    a = next(e for e in ev if e["type"] == "attack")
    assert a["hits"] == 1 and a["flags"] == 1 and a["flags_added"] == ["shaken"]
    assert "retreated" in types(ev) and not any(e.get("fired_back") for e in ev)

    # no hit, no added flag, and still no return fire
    shaken = game([inf("union", 11, 5), inf("confederate", 12, 4)], options=options)
    mark(shaken, shaken.pieces.units["u2"])
    to_battle(shaken, "attack_centre")
    ev = attack(shaken, "u1", 12, 4, ["cavalry"] * 3)
    assert next(e for e in ev if e["type"] == "attack")["flags"] == 0
    assert [e["side"] for e in ev if e["type"] == "attack"] == ["union"]


def test_the_added_flag_is_a_flag_a_general_may_ignore():
    g = game([inf("union", 11, 5), inf("confederate", 12, 4)], [G("confederate", 12, 4)],
             options=SHAKEN)
    mark(g, g.pieces.units["u2"])
    to_battle(g, "attack_centre")
    ev = attack(g, "u1", 12, 4, ["infantry", "cavalry", "cavalry"])
    a = next(e for e in ev if e["type"] == "attack")
    assert a["flags_ignored"] == ["general in command"] and "retreated" not in types(ev)


def test_a_shaken_unit_in_contact_neither_must_nor_may_battle():
    g = game([inf("union", 11, 5), inf("confederate", 12, 4)], options=SHAKEN)
    to_battle(g, "attack_centre")
    assert g.compulsory_melees() == ["u1"]

    g = game([inf("union", 11, 5), inf("confederate", 12, 4)], options=SHAKEN)
    mark(g, g.pieces.units["u1"])
    to_battle(g, "attack_centre")
    assert g.compulsory_melees() == []
    assert not g.attack_preview(H(11, 5), H(12, 4))["allowed"]
    with pytest.raises(IllegalAction, match="A Shaken unit may not battle"):
        attack(g, "u1", 12, 4, [])
    end_turn(g)                                # the turn may end without the melee
    assert g.active == "confederate"


def test_shaken_enemies_give_no_withdrawal_fire_and_do_not_follow_up():
    g = game([U("union", "cavalry", 11, 5), inf("confederate", 12, 4)],
             options={"shaken_marker": True, "withdrawal_fire": True})
    cav = g.pieces.units["u1"]
    assert [e.id for e, _ in firers(g, cav, cav.hex)] == ["u2"]
    mark(g, g.pieces.units["u2"])
    assert firers(g, g.pieces.units["u1"], cav.hex) == []


def test_the_recovery_roll_clears_on_swords_or_a_flag_and_a_general_clears_it_at_once():
    options = {**SHAKEN, "shaken_recovery": True}
    g, _ = pushed_back(options)
    end_turn(g)
    ev = pass_turn(g, rolls=["infantry", "cavalry"])
    roll = next(e for e in ev if e["type"] == "recovery_roll")
    assert roll["rolls"] == ["infantry", "cavalry"] and not roll["recovered"]
    assert g.pieces.units["u2"].shaken       # without the roll it would have cleared here
    pass_turn(g)
    ev = pass_turn(g, rolls=["artillery", "flag"])
    assert next(e for e in ev if e["type"] == "recovery_roll")["recovered"]
    assert not g.pieces.units["u2"].shaken

    # a general in command: two flags, so that the unit still retreats (he ignores one)
    g = game([inf("union", 11, 5), inf("confederate", 12, 4)], [G("confederate", 12, 4)],
             options=options)
    to_battle(g, "attack_centre")
    attack(g, "u1", 12, 4, ["flag", "flag", "cavalry"])
    assert g.pieces.units["u2"].shaken
    end_turn(g)
    ev = pass_turn(g)
    assert "recovery_roll" not in types(ev) and not g.pieces.units["u2"].shaken


def test_the_recovery_roll_needs_shaken_and_says_so_by_name():
    with pytest.raises(OptionError, match="House rule: Shaken, recovery roll.*House rule: Shaken"):
        game([inf("union", 11, 5), inf("confederate", 12, 4)], options={"shaken_recovery": True})
