"""The house rule of the breakthrough (seed 002 L37, L23, L29; docs/rulings.md H31), each case
against the same position with the option off."""
import pytest

from games.engine import IllegalAction
from tests.engine.helpers import G, H, U, attack, game, inf, order, to_battle, types

BREAK = {"breakthrough_advance": True, "auto_retreat": True}


def charged(options, generals=()):
    """Union cavalry charges from (10,8) to (11,5) and pushes the confederate infantry at
    (12,4) back with a flag; another confederate unit stands at (13,3)."""
    g = game([U("union", "cavalry", 10, 8), inf("confederate", 12, 4), inf("confederate", 13, 3),
              inf("confederate", 4, 0)], generals, options=options)
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    g.apply({"type": "end_movement"})
    dice = g.attack_preview(H(11, 5), H(12, 4))["dice"]
    ev = attack(g, "u1", 12, 4, ["flag"] + ["artillery"] * (dice - 1))
    assert "retreated" in types(ev)
    return g


def test_the_attacker_may_advance_into_the_hex_it_cleared_without_a_general():
    off = charged({"auto_retreat": True})
    assert off.phase == "battle"                 # the Advanced rules want a general for that

    on = charged(BREAK)
    assert on.phase == "take_ground" and on.active_side == "union"
    on.apply({"type": "take_ground", "unit": "u1"})
    assert on.pieces.units["u1"].hex == on._hex(H(12, 4))


def test_cavalry_presses_on_and_attacks_again_without_charge_or_return_fire():
    on = charged({**BREAK, "cavalry_charge": True, "return_fire": True})
    on.apply({"type": "take_ground", "unit": "u1"})
    assert on.phase == "press_on"
    assert {"type": "hold_ground", "unit": "u1"} in on.legal_actions()
    on.apply({"type": "hold_ground", "unit": "u1"})
    prev = on.attack_preview(H(12, 4), H(13, 3))
    assert prev["allowed"] and prev["dice"] == 3           # a charge would give 5
    assert on.compulsory_melees() == []                    # the second attack is a choice
    ev = attack(on, "u1", 13, 3, ["artillery"] * 3)
    a = next(e for e in ev if e["type"] == "attack")
    assert a["breakthrough"] and not any(e.get("fired_back") for e in ev)
    with pytest.raises(IllegalAction):
        attack(on, "u1", 13, 3, [])                        # one breakthrough attack

    pressed = charged(BREAK)
    pressed.apply({"type": "take_ground", "unit": "u1"})
    to = next(a["to"] for a in pressed.legal_actions() if a["type"] == "press_on")
    ev = pressed.apply({"type": "press_on", "unit": "u1", "to": to})
    assert "pressed_on" in types(ev) and pressed.pieces.units["u1"].hex == pressed._hex(to)


def test_infantry_attacks_again_only_with_a_general_and_each_unit_breaks_through_once():
    def pushed(generals):
        g = game([inf("union", 11, 5), inf("confederate", 12, 4), inf("confederate", 13, 3),
                  inf("confederate", 4, 0)], generals, options=BREAK)
        to_battle(g, "attack_centre")
        attack(g, "u1", 12, 4, ["flag", "cavalry", "cavalry"])
        g.apply({"type": "take_ground", "unit": "u1"})
        return g

    plain = pushed(())
    assert not any(a["type"] == "attack" for a in plain.legal_actions())
    led = pushed([G("union", 11, 5)])
    assert {"type": "attack", "unit": "u1", "target": H(13, 3)} in led.legal_actions()
    attack(led, "u1", 13, 3, ["flag", "cavalry", "cavalry"])
    assert led.phase == "battle"                 # its hex is cleared again: no second advance
    assert led.pieces.units["u1"].hex == led._hex(H(12, 4))
