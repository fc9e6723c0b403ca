"""The wounded general, the option of risk to the general (seed 002 L63; docs/rulings.md H30),
against the same position with the option off."""
import pytest

from games.engine import OptionError
from tests.engine.helpers import G, attack, game, inf, to_battle

RISK = {"risk_to_general": True, "auto_retreat": True}
WOUNDED = {**RISK, "wounded_generals": True}
#: A hit on the commanded unit, then two swords: the general falls (H8).
STRUCK = ["infantry", "cavalry", "cavalry", "swords", "swords"]


def struck_down(options, rolls):
    g = game([inf("union", 11, 5), inf("confederate", 12, 4), inf("confederate", 20, 0)],
             [G("confederate", 12, 4, "Lee"), G("confederate", 24, 0, "Reserve")], options=options)
    to_battle(g, "attack_centre")
    return g, attack(g, "u1", 12, 4, STRUCK + rolls)


def test_a_general_struck_down_is_only_wounded_unless_swords_or_a_flag():
    off, ev = struck_down(RISK, [])
    assert "wound_roll" not in [e["type"] for e in ev]
    assert off.score.captured["union"][-1] == {"kind": "general", "id": "g1", "name": "Lee"}

    on, ev = struck_down(WOUNDED, ["infantry"])
    roll = next(e for e in ev if e["type"] == "wound_roll")
    assert roll["wounded"] and "g1" not in on.pieces.generals
    assert on.score.captured["union"][-1]["wounded"]
    assert on.flags("union") == off.flags("union")            # a flag until he returns
    assert next(e for e in ev if e["type"] == "general_eliminated")["wounded"]

    dead, ev = struck_down(WOUNDED, ["flag"])
    assert not next(e for e in ev if e["type"] == "wound_roll")["wounded"]
    assert "wounded" not in dead.score.captured["union"][-1]


def test_a_wounded_general_may_return_at_the_start_of_his_side_s_turn():
    g, _ = struck_down(WOUNDED, ["infantry"])
    while g.phase == "discard":                  # his hand shrank with him (seed 000 L242)
        g.apply({"type": "discard", "card": g.cards.hands["confederate"][0]})
    flags, held = g.flags("union"), len(g.cards.hands["confederate"])
    ev = g.apply({"type": "end_turn"}, rolls=["cavalry"])    # the confederate turn: no luck
    assert not next(e for e in ev if e["type"] == "general_return_roll")["returned"]
    assert "g1" not in g.pieces.generals
    # the union's next turn brings no roll: only his own side's turns do
    g.apply({"type": "play_card", "card": g.cards.hands["confederate"][0], "mode": "skirmish"})
    if g.phase == "order":
        g.apply({"type": "confirm_orders"})
    g.apply({"type": "end_movement"})
    ev = g.apply({"type": "end_turn"})
    assert "general_return_roll" not in [e["type"] for e in ev]
    g.apply({"type": "play_card", "card": g.cards.hands["union"][0], "mode": "skirmish"})
    if g.phase == "order":
        g.apply({"type": "confirm_orders"})
    g.apply({"type": "end_movement"})
    ev = g.apply({"type": "end_turn"}, rolls=["flag"])
    back = next(e for e in ev if e["type"] == "general_return_roll")
    assert back["returned"] and "g1" in g.pieces.generals
    lee = g.pieces.generals["g1"]
    assert g.pieces.unit_at[lee.hex] in ("u2", "u3") and g.flags("union") == flags - 1
    assert len(g.cards.hands["confederate"]) == held + 1     # his return adds a card


def test_wounded_needs_risk_to_the_general_and_says_so_by_name():
    with pytest.raises(OptionError, match="House rule: risk to the general, wounded needs "
                                          "House rule: risk to the general: "):
        struck_down({"wounded_generals": True}, [])
