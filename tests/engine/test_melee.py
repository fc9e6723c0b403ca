"""MELEE: compulsory, first, no orders, swords hit, +1 against artillery, withdrawal,
taking ground only with a general."""
import pytest

from games.engine import IllegalAction
from tests.engine.helpers import G, H, U, attack, game, give, inf, order, to_battle, types


def test_units_in_melee_take_no_orders():
    g = game([inf("union", 10, 6), inf("union", 14, 6), inf("confederate", 11, 5)])
    give(g, "union", "attack_centre")
    g.apply({"type": "play_card", "card": "attack_centre", "mode": "section"})
    with pytest.raises(IllegalAction, match="melee"):
        g.apply({"type": "order", "unit": "u1"})


def test_melee_comes_first_and_is_compulsory():
    g = game([inf("union", 10, 6), inf("union", 14, 6), inf("confederate", 11, 5),
              inf("confederate", 16, 4)])
    to_battle(g, "attack_centre", "u2")
    with pytest.raises(IllegalAction, match="Melees come first"):
        attack(g, "u2", 16, 4, ["cavalry"])
    with pytest.raises(IllegalAction, match="must battle"):
        g.apply({"type": "end_turn"})
    assert {a["type"] for a in g.legal_actions()} == {"attack"}
    attack(g, "u1", 11, 5, ["cavalry", "cavalry", "cavalry"])
    attack(g, "u2", 16, 4, ["cavalry", "cavalry"])
    g.apply({"type": "end_turn"})


def test_swords_hit_in_melee():
    g = game([inf("union", 10, 6), inf("confederate", 11, 5)])
    to_battle(g)
    attack(g, "u1", 11, 5, ["swords", "swords", "artillery"])
    assert g.pieces.units["u2"].figures == 2


def test_infantry_and_cavalry_get_an_extra_die_against_artillery_in_melee():
    g = game([inf("union", 10, 6), U("confederate", "artillery", 11, 5)])
    to_battle(g)
    prev = g.attack_preview(H(10, 6), H(11, 5))
    assert prev["dice"] == 4 and prev["melee"]


def test_melee_goes_on_in_the_next_turn_for_the_other_side():
    g = game([inf("union", 10, 6), inf("confederate", 11, 5)])
    to_battle(g)
    attack(g, "u1", 11, 5, ["cavalry", "cavalry", "cavalry"])
    g.apply({"type": "end_turn"})
    to_battle(g, "attack_centre")
    assert [a for a in g.legal_actions() if a["type"] == "attack"] == [
        {"type": "attack", "unit": "u2", "target": H(10, 6)}]
    assert not any(a["type"] == "end_turn" for a in g.legal_actions())


def advancing_into_cavalry():
    g = game([inf("union", 12, 6), U("confederate", "cavalry", 12, 4)])
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    g.apply({"type": "end_movement"})
    attack(g, "u1", 12, 4, [])
    return g


def test_cavalry_may_withdraw_from_advancing_infantry():
    g = advancing_into_cavalry()
    assert g.phase == "withdraw" and g.active_side == "confederate"
    options = [a for a in g.legal_actions() if a["type"] == "withdraw"]
    assert {(a["to"]["col"], a["to"]["row"]) for a in options} == {(11, 3), (13, 3)}
    ev = g.apply({"type": "withdraw", "unit": "u2", "to": H(13, 3)})
    assert "withdrew" in types(ev) and "attack" not in types(ev)
    assert g.pieces.units["u2"].hex == g._hex(H(13, 3)) and g.phase == "battle"


def test_cavalry_that_stands_takes_the_dice():
    g = advancing_into_cavalry()
    ev = g.apply({"type": "stand", "unit": "u2"}, rolls=["cavalry", "cavalry", "infantry"])
    assert g.pieces.units["u2"].figures == 1 and "attack" in types(ev)


def test_no_withdrawal_once_the_melee_has_rolled():
    g = game([inf("union", 12, 6), inf("union", 10, 4), U("confederate", "cavalry", 12, 4)])
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    g.apply({"type": "end_movement"})
    attack(g, "u2", 12, 4, ["infantry", "infantry", "infantry"])   # u2 was already in melee
    attack(g, "u1", 12, 4, ["infantry"])
    assert g.phase == "battle"


def test_winner_takes_ground_only_with_a_general():
    g = game([inf("union", 10, 6), inf("confederate", 11, 5, figures=1)], [G("union", 10, 6)])
    to_battle(g)
    attack(g, "u1", 11, 5, ["infantry", "cavalry", "cavalry"])
    assert g.phase == "take_ground" and g.active_side == "union"
    g.apply({"type": "take_ground", "unit": "u1"})
    assert g.pieces.units["u1"].hex == g._hex(H(11, 5)) == g.pieces.generals["g1"].hex
    plain = game([inf("union", 10, 6), inf("confederate", 11, 5, figures=1)])
    to_battle(plain)
    attack(plain, "u1", 11, 5, ["infantry", "cavalry", "cavalry"])
    assert plain.phase == "battle"


def test_lone_general_attacked_only_in_melee_falls_to_swords_or_cavalry():
    g = game([inf("union", 10, 6), inf("confederate", 0, 0)],
             [G("confederate", 11, 5), G("confederate", 2, 0)])
    to_battle(g, "attack_centre")            # in melee with him: it battles without an order
    attack(g, "u1", 11, 5, ["infantry", "infantry", "cavalry"])
    assert "g1" not in g.pieces.generals and g.score.captured["union"][-1]["kind"] == "general"


def test_lone_general_who_survives_retreats_up_to_three_hexes():
    g = game([inf("union", 10, 6), inf("confederate", 0, 0)],
             [G("confederate", 11, 5), G("confederate", 2, 0)])
    to_battle(g, "attack_centre")            # in melee with him: it battles without an order
    attack(g, "u1", 11, 5, ["infantry", "infantry", "flag"])
    assert g.phase == "general_retreat" and g.active_side == "confederate"
    options = {(a["to"]["col"], a["to"]["row"]) for a in g.legal_actions()}
    assert (10, 4) in options and (11, 3) in options and (12, 2) in options
    assert all(row < 5 for _, row in options)
    g.apply({"type": "general_retreat", "general": "g1", "to": H(12, 2)})
    assert g.pieces.generals["g1"].hex == g._hex(H(12, 2))


def test_a_unit_next_to_a_lone_enemy_general_is_in_melee_with_him():
    # ruling 8: it takes no orders and must battle him before any other attack
    g = game([inf("union", 10, 6), inf("union", 15, 5), inf("confederate", 15, 3)],
             [G("confederate", 11, 5), G("confederate", 2, 0)])
    give(g, "union", "attack_centre")
    g.apply({"type": "play_card", "card": "attack_centre", "mode": "section"})
    with pytest.raises(IllegalAction, match="melee"):
        g.apply({"type": "order", "unit": "u1"})
    g.apply({"type": "order", "unit": "u2"})   # the only unit that may take an order
    g.apply({"type": "end_movement"})
    assert g.compulsory_melees() == ["u1"]
    with pytest.raises(IllegalAction, match="Melees come first"):
        attack(g, "u2", 15, 3, ["infantry"])
    with pytest.raises(IllegalAction):
        g.apply({"type": "end_turn"})
    attack(g, "u1", 11, 5, ["infantry", "infantry", "flag"])
    assert g.phase == "general_retreat"
