"""VICTORY and FLAG TOKENS: flags by the end of a turn, objective hexes, territorial goals,
temporary flags."""
from tests.engine.helpers import H, attack, game, inf, order, to_battle


def test_flags_reached_win_at_the_end_of_the_turn():
    g = game([inf("union", 10, 6), inf("confederate", 12, 4, figures=1), inf("confederate", 0, 0)],
             flags=1)
    to_battle(g, "attack_centre", "u1")
    attack(g, "u1", 12, 4, ["infantry", "cavalry"])
    assert g.outcome is None and g.flags("union") == 1
    g.apply({"type": "end_turn"})
    assert g.outcome["winner"] == "union" and g.outcome["reason"] == "flags"


def objective_game(**kw):
    return game([inf("union", 10, 6), inf("confederate", 0, 0)],
                objectives=[{"kind": "objective", "hex": H(11, 5), "side": "union", "flags": 1,
                             "name": "Crossroads"}], **kw)


def test_objective_hex_counts_while_a_unit_holds_it():
    g = objective_game()
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    assert g.flags("union") == 1
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"})
    g.apply({"type": "play_card", "card": g.cards.hands["confederate"][0], "mode": "skirmish"})
    g.apply({"type": "confirm_orders"})
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"})
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(12, 6)})
    assert g.flags("union") == 0          # the token goes back when the unit leaves


def test_generals_do_not_capture_objectives():
    from tests.engine.helpers import G
    g = game([inf("union", 20, 6), inf("confederate", 0, 0)], [G("union", 10, 6)],
             objectives=[{"kind": "objective", "hex": H(11, 5), "side": "union", "flags": 1}])
    order(g, "attack_left")
    g.apply({"type": "move_general", "general": "g1", "to": H(11, 5)})
    assert g.flags("union") == 0


def test_territorial_side_wins_by_holding_an_objective_at_the_end_of_its_turn():
    g = objective_game(territorial="union")
    assert g.flags_needed("union") == 8
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"})
    assert g.outcome["winner"] == "union" and g.outcome["reason"] == "objective"


def test_temporary_flags_are_counted_at_the_start_of_the_holders_turn():
    g = game([inf("union", 10, 6), inf("confederate", 0, 0)],
             rules=[{"rule": "temporary_flags", "side": "union", "hexes": [H(11, 5)],
                     "flags_per_hex": 1}])
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"})
    assert g.flags("union") == 0          # not yet: checked when the union turn starts
    g.apply({"type": "play_card", "card": g.cards.hands["confederate"][0], "mode": "skirmish"})
    g.apply({"type": "confirm_orders"})
    g.apply({"type": "end_movement"})
    g.apply({"type": "end_turn"})
    assert g.flags("union") == 1
