"""Changing places under the house rule of support (seed 002 L51, L35, L39; docs/rulings.md
H92-H94): an ordered unit and a friend next to it swap hexes as one order, against the same
positions with the option off."""
from games.engine import IllegalAction
from tests.engine.helpers import G, H, U, game, give, inf

SUPPORT = {"mutual_support": True}
#: u1 holds the line against u2; u3 stands behind u1, clear of the enemy.
FRONT = [inf("union", 11, 5), inf("confederate", 12, 4), inf("union", 10, 6)]


def ordered(units, options, *uids, generals=()):
    g = game(units, generals, options=options)
    give(g, "union", "attack_centre")
    g.apply({"type": "play_card", "card": "attack_centre", "mode": "section"})
    for uid in uids:
        g.apply({"type": "order", "unit": uid})
    if g.phase == "order":
        g.apply({"type": "confirm_orders"})
    return g


def swaps(g):
    return [(a["unit"], a["with"]) for a in g.legal_actions() if a["type"] == "change_places"]


def attackers(g):
    return {a["unit"] for a in g.legal_actions() if a["type"] == "attack"}


def test_the_supporter_comes_forward_and_the_unit_in_contact_goes_back_as_one_order():
    off = ordered(FRONT, {}, "u3")
    assert swaps(off) == []
    on = ordered(FRONT, SUPPORT, "u3")
    assert swaps(on) == [("u3", "u1")]
    ev = on.apply({"type": "change_places", "unit": "u3", "with": "u1"})
    assert [e["type"] for e in ev] == ["changed_places"]
    assert on.pieces.units["u3"].hex == on._hex(H(11, 5))
    assert on.pieces.units["u1"].hex == on._hex(H(10, 6))
    assert "change_places" not in {a["type"] for a in on.legal_actions()}   # one order, spent
    assert not [a for a in on.legal_actions() if a["type"] == "move"]
    on.apply({"type": "end_movement"})
    assert attackers(on) == {"u3"}          # the new front unit battles; the other one not


def test_no_withdrawal_fire_nor_following_up_answers_the_change():
    options = {**SUPPORT, "withdrawal_fire": True, "following_up": True}
    g = ordered(FRONT, options, "u3")
    ev = g.apply({"type": "change_places", "unit": "u3", "with": "u1"})
    assert "attack" not in [e["type"] for e in ev] and g.phase == "move"
    assert not g.decisions.pending


def test_two_units_out_of_contact_change_places_as_the_whole_action_of_both():
    units = [inf("union", 11, 5), inf("confederate", 8, 4), inf("union", 10, 6)]
    stay = ordered(units, SUPPORT, "u3", "u1")
    stay.apply({"type": "end_movement"})
    assert attackers(stay) == {"u1", "u3"}          # both could fire at range
    g = ordered(units, SUPPORT, "u3", "u1")
    assert ("u3", "u1") in swaps(g)
    g.apply({"type": "change_places", "unit": "u3", "with": "u1"})
    g.apply({"type": "end_movement"})
    assert attackers(g) == set()                    # the swap was their whole action


def test_generals_go_with_their_units_and_a_gun_never_comes_forward_into_contact():
    g = ordered(FRONT, SUPPORT, "u3", generals=[G("union", 11, 5)])
    g.apply({"type": "change_places", "unit": "u3", "with": "u1"})
    gen = next(iter(g.pieces.generals.values()))
    assert gen.hex == g.pieces.units["u1"].hex == g._hex(H(10, 6))
    guns = [inf("union", 11, 5), inf("confederate", 12, 4), U("union", "artillery", 10, 6)]
    g = ordered(guns, SUPPORT, "u3")
    assert swaps(g) == []
    try:
        g.apply({"type": "change_places", "unit": "u3", "with": "u1"})
        raise AssertionError("a gun came forward next to the enemy")
    except IllegalAction:
        pass


def test_the_general_of_the_unit_leaving_contact_is_at_risk():
    options = {**SUPPORT, "risk_to_general": True}
    g = ordered(FRONT, options, "u3", generals=[G("union", 11, 5)])
    ev = g.apply({"type": "change_places", "unit": "u3", "with": "u1"}, rolls=["flag", "flag"])
    risk = next(e for e in ev if e["type"] == "general_risk")
    assert risk["killed"] and not g.pieces.generals


def test_the_search_path_leaves_the_same_state():
    g = ordered(FRONT, {**SUPPORT, "withdrawal_fire": True}, "u3")
    fast = g.copy()
    g.apply({"type": "change_places", "unit": "u3", "with": "u1"})
    fast.apply_unchecked({"type": "change_places", "unit": "u3", "with": "u1"})
    assert fast.to_dict() == g.to_dict()
