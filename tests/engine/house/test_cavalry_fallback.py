"""The house rule of the cavalry fallback (seed 002 L25; docs/rulings.md H24), each case against
the same position with the option off."""
from tests.engine.helpers import H, U, attack, game, inf, order, to_battle, types

FALLBACK = {"cavalry_fallback": True}


def cavalry_attacked(options, attacker="infantry", col=11, row=5):
    """A union unit at (col,row) next to confederate cavalry at (12,4) battles it."""
    g = game([U("union", attacker, col, row, fresh=False), U("confederate", "cavalry", 12, 4)],
             options=options)
    to_battle(g, "attack_centre")
    return g


def hexes(actions):
    return {(a["to"]["col"], a["to"]["row"]) for a in actions if a["type"] == "withdraw"}


def farthest(g):
    """A hex three hexes from the cavalry that it may fall back to."""
    here = g.board.dist[g._hex(H(12, 4))]
    return next(a["to"] for a in g.legal_actions()
                if a["type"] == "withdraw" and here[g._hex(a["to"])] == 3)


def test_cavalry_may_fall_back_up_to_three_hexes_under_half_the_dice():
    off = cavalry_attacked(None)
    ev = attack(off, "u1", 12, 4, ["cavalry"] * 3)
    assert off.phase == "battle" and next(e for e in ev if e["type"] == "attack")["dice"] == 3

    on = cavalry_attacked({**FALLBACK, "shaken_marker": True})
    attack(on, "u1", 12, 4, [])
    assert on.phase == "withdraw" and on.active_side == "confederate"
    reach = hexes(on.legal_actions())
    dist = on.board.dist[on._hex(H(12, 4))]
    assert {dist[on._hex(H(c, r))] for c, r in reach} == {1, 2, 3}
    assert {"type": "stand", "unit": "u2"} in on.legal_actions()
    to = next(a["to"] for a in on.legal_actions() if a["type"] == "withdraw")
    ev = on.apply({"type": "withdraw", "unit": "u2", "to": to}, rolls=["cavalry", "infantry"])
    shot = next(e for e in ev if e["type"] == "attack")
    assert shot["fallback_fire"] and shot["dice"] == 2 and shot["hits"] == 1
    assert {"why": "cavalry falling back: half the dice", "dice": -1} in shot["modifiers"]
    cav = on.pieces.units["u2"]
    assert cav.hex == on._hex(to) and cav.figures == 2 and cav.shaken
    assert next(e for e in ev if e["type"] == "withdrew")["fallback"]


def test_standing_takes_the_whole_attack():
    on = cavalry_attacked(FALLBACK)
    attack(on, "u1", 12, 4, [])
    ev = on.apply({"type": "stand", "unit": "u2"}, rolls=["cavalry", "cavalry", "artillery"])
    a = next(e for e in ev if e["type"] == "attack")
    assert a["dice"] == 3 and a["hits"] == 2 and on.pieces.units["u2"].hex == on._hex(H(12, 4))


def test_infantry_that_moved_into_contact_lets_the_cavalry_go_unharmed_but_shaken():
    g = game([inf("union", 10, 6), U("confederate", "cavalry", 12, 4)],
             options={**FALLBACK, "shaken_marker": True})
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    g.apply({"type": "end_movement"})
    attack(g, "u1", 12, 4, [])
    assert g.phase == "withdraw"
    far = farthest(g)
    ev = g.apply({"type": "withdraw", "unit": "u2", "to": far})
    assert "attack" not in types(ev)
    cav = g.pieces.units["u2"]
    assert cav.hex == g._hex(far) and cav.figures == 3 and cav.shaken
    # without the shaken option the cavalry falls back all the same, unmarked
    g = game([inf("union", 10, 6), U("confederate", "cavalry", 12, 4)], options=FALLBACK)
    order(g, "attack_centre", "u1")
    g.apply({"type": "move", "unit": "u1", "to": H(11, 5)})
    g.apply({"type": "end_movement"})
    attack(g, "u1", 12, 4, [])
    g.apply({"type": "withdraw", "unit": "u2", "to": farthest(g)})
    assert not g.pieces.units["u2"].shaken and g.phase == "battle"


def test_flags_of_the_parting_shot_push_the_cavalry_back_instead():
    on = cavalry_attacked(FALLBACK)
    attack(on, "u1", 12, 4, [])
    ev = on.apply({"type": "withdraw", "unit": "u2", "to": farthest(on)}, rolls=["flag", "infantry"])
    if on.phase == "retreat":
        ev += on.apply(on.legal_actions()[0])
    assert "retreated" in types(ev) and "withdrew" not in types(ev)
    assert on.board.dist[on._hex(H(12, 4))][on.pieces.units["u2"].hex] == 1


def test_artillery_attacks_give_the_fallback_and_cavalry_attacks_do_not():
    art = cavalry_attacked(FALLBACK, "artillery")
    attack(art, "u1", 12, 4, [])
    assert art.phase == "withdraw"
    cav = cavalry_attacked(FALLBACK, "cavalry")
    attack(cav, "u1", 12, 4, ["artillery"] * 3)
    assert cav.phase == "battle"
