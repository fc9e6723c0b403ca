"""The house rule of command by dice (seed 002 L13; docs/rulings.md H29), against the same
position with the option off."""
import pytest

from games.engine import IllegalAction, OptionError
from tests.engine.helpers import G, U, game, inf

DICE = {"dice_command": True}


def table(options):
    """Union infantry; the confederates hold infantry and cavalry (no artillery) and a general."""
    return game([inf("union", 12, 8), inf("confederate", 12, 0), U("confederate", "cavalry", 4, 0),
                 inf("confederate", 20, 0)], [G("confederate", 12, 0)], options=options)


def to_confederate_turn(g, rolls):
    """The union ends its turn at once; ``rolls`` are the confederate command roll's dice."""
    if g.phase == "order":
        g.apply({"type": "confirm_orders"})
    if g.phase == "move":
        g.apply({"type": "end_movement"})
    return g.apply({"type": "end_turn"}, rolls=rolls)


def test_no_cards_are_dealt_or_drawn_and_each_turn_begins_with_a_roll():
    off = table(None)
    assert len(off.cards.hands["union"]) == 4 and off.phase == "play_card"

    on = table(DICE)
    decks = {s: len(on.cards.decks[s]) for s in ("union", "confederate")}
    assert on.cards.hands == {"union": [], "confederate": []}
    assert on.setup_events[-1]["type"] == "command_roll" and on.phase in ("order", "move")
    ev = to_confederate_turn(on, ["infantry", "flag"])          # 1 die + 1 per general
    roll = next(e for e in ev if e["type"] == "command_roll")
    assert roll["dice"] == 2 and roll["orders"] == {"infantry": 1, "cavalry": 0, "artillery": 0,
                                                     "any": 1}
    assert "draw" not in [e["type"] for e in ev]
    assert {s: len(on.cards.decks[s]) for s in decks} == decks
    assert on.phase == "order" and on.current.orders_left == 2


def test_a_symbol_orders_its_kind_and_a_flag_any_kind():
    g = table(DICE)
    to_confederate_turn(g, ["infantry", "flag"])
    g.apply({"type": "order", "unit": "u2"})           # infantry: its own symbol
    g.apply({"type": "order", "unit": "u3"})           # cavalry: the flag
    assert g.phase == "move" and g.current.ordered == ["u2", "u3"]

    g = table(DICE)
    to_confederate_turn(g, ["infantry", "swords"])
    with pytest.raises(IllegalAction, match="orders only infantry"):
        g.apply({"type": "order", "unit": "u3"})
    g.apply({"type": "order", "unit": "u2"})
    assert g.phase == "move"                           # swords order nothing


def test_a_symbol_of_a_kind_the_side_no_longer_has_is_rolled_again_once():
    g = table(DICE)
    ev = to_confederate_turn(g, ["artillery", "infantry", "cavalry"])
    roll = next(e for e in ev if e["type"] == "command_roll")
    assert roll["rerolled"] == 1 and roll["orders"]["cavalry"] == 1 and roll["orders"]["infantry"] == 1

    g = table(DICE)
    ev = to_confederate_turn(g, ["artillery", "artillery", "artillery", "artillery"])
    roll = next(e for e in ev if e["type"] == "command_roll")
    assert roll["rerolled"] == 2 and sum(roll["orders"].values()) == 0
    assert g.phase == "move" and g.active == "confederate"


def test_command_by_dice_refuses_what_works_through_the_cards():
    for other in ({"nightfall": True}, {"discard_instead_of_play": True}):
        with pytest.raises(OptionError, match="House rule: command by dice cannot be played "
                                              "with .*nobody holds or draws cards"):
            table({**DICE, **other})
