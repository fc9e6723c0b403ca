"""The leapfrog of a supporting unit through the attacker (seed 002 L49, L37; docs/rulings.md
H90-H91): under support alone a supporter may move through the attacker into the hex its
melee cleared, and a supporter that does may take the attacker's general along, against the
same positions with the options off."""
from games.engine import IllegalAction
from tests.engine.helpers import G, H, attack, game, give, inf

SUPPORT = {"mutual_support": True}
BREAK = {"breakthrough_advance": True}
#: u1 attacks the last figure at (12,4); u3 supports u1 from behind, touching no enemy.
UNITS = [inf("union", 11, 5), inf("confederate", 12, 4, figures=1), inf("union", 10, 6),
         inf("confederate", 20, 0)]


def cleared(options, generals=()):
    g = game(UNITS, generals, options=options)
    give(g, "union", "attack_centre")
    g.apply({"type": "play_card", "card": "attack_centre", "mode": "section"})
    if g.phase == "order":
        g.apply({"type": "confirm_orders"})
    g.apply({"type": "end_movement"})
    attack(g, "u1", 12, 4, ["infantry", "cavalry", "cavalry"])
    return g


def choices(g):
    return [(a["unit"], bool(a.get("general"))) for a in g.legal_actions()
            if a["type"] == "take_ground"]


def test_under_support_alone_a_supporter_leapfrogs_into_the_cleared_hex():
    off = cleared({})
    assert off.phase == "battle" and choices(off) == []     # no general: nobody moves in
    on = cleared(SUPPORT)
    assert on.phase == "take_ground" and choices(on) == [("u3", False)]   # not the attacker
    ev = on.apply({"type": "take_ground", "unit": "u3"})
    assert on.pieces.units["u3"].hex == on._hex(H(12, 4))
    assert on.pieces.units["u1"].hex == on._hex(H(11, 5))
    assert "took_ground" in [e["type"] for e in ev]
    assert on.fx.breakthrough == {}                         # a move, no breakthrough attack
    assert not [a for a in on.legal_actions() if a["type"] == "attack" and a["unit"] == "u3"]


def test_with_a_general_the_attacker_may_take_ground_and_the_supporter_may_take_him_along():
    led = [G("union", 11, 5)]
    off = cleared({}, led)
    assert choices(off) == [("u1", False)]                 # the Advanced taking ground
    on = cleared(SUPPORT, led)
    assert choices(on) == [("u1", False), ("u3", False), ("u3", True)]
    on.apply({"type": "take_ground", "unit": "u3", "general": True})
    gen = next(iter(on.pieces.generals.values()))
    assert gen.hex == on._hex(H(12, 4)) == on.pieces.units["u3"].hex
    assert on.pieces.general_at[on._hex(H(11, 5))] is None


def test_under_the_breakthrough_the_general_taken_along_leads_the_supporter_s_own_battle():
    led = [G("union", 11, 5)]
    g = cleared(BREAK, led)
    assert ("u3", True) in choices(g)
    g.apply({"type": "take_ground", "unit": "u3", "general": True})
    assert g.fx.breakthrough["u3"] == 0          # not battled yet: it keeps its own battle
    assert g.pieces.general_at[g.pieces.units["u3"].hex] is not None
    assert g.pieces.general_at[g.pieces.units["u1"].hex] is None


def test_only_a_supporter_through_the_attacker_may_take_its_general():
    led = [G("union", 11, 5)]
    g = cleared(SUPPORT, led)
    try:
        g.apply({"type": "take_ground", "unit": "u1", "general": True})
        raise AssertionError("the attacker took its own general along as a passenger")
    except IllegalAction:
        pass
