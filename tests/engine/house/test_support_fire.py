"""The house rule of support fire (seed 002 L53, with L49; docs/rulings.md H84-H87): a gun
fires past an unengaged infantry unit it supports or adds 2 dice to an engaged one, and a
supporting unit adds a die against an adjacent target, against the same position with the
option off."""
import random

from games.ai import Budget, search_policy
from games.engine import Game
from games.engine.battlecry.advanced.combat import attack_profile
from tests.engine.helpers import H, U, attack, game, give, inf
from tests.engine.scenarios import shipped

ON = {"support_fire": True}
GUN = U("union", "artillery", 10, 6)        # next to (11,5) and (9,5), clear of the enemy


def to_battle(g, *ordered):
    """Play Attack Centre ordering only ``ordered`` (units in melee battle without orders)."""
    give(g, "union", "attack_centre")
    g.apply({"type": "play_card", "card": "attack_centre", "mode": "section"})
    for uid in ordered:
        g.apply({"type": "order", "unit": uid})
    if g.phase == "order":
        g.apply({"type": "confirm_orders"})
    g.apply({"type": "end_movement"})
    return g


def dice(g, uid, col, row):
    return attack_profile(g, g.pieces.units[uid], g._hex(H(col, row)))["dice"]


def rolled(events, side="union"):
    return next(e for e in events if e["type"] == "attack" and e["side"] == side)["dice"]


def test_a_gun_adds_two_dice_to_engaged_infantry_and_a_friend_one_in_melee():
    units = [inf("union", 11, 5), inf("confederate", 12, 4), GUN, inf("union", 12, 6)]
    off = to_battle(game(units))
    assert rolled(attack(off, "u1", 12, 4, ["cavalry"] * 3)) == 3
    on = to_battle(game(units, options=ON))
    ev = attack(on, "u1", 12, 4, ["cavalry"] * 6)
    assert rolled(ev) == 6
    mods = next(e for e in ev if e["type"] == "attack")["modifiers"]
    assert {"why": "supporting artillery", "dice": 2} in mods
    assert {"why": "supporting unit", "dice": 1} in mods


def test_each_supporting_unit_helps_one_attack_a_turn_and_an_ordered_one_none():
    units = [inf("union", 11, 5), inf("confederate", 12, 4), GUN,
             inf("union", 9, 5), inf("confederate", 8, 4)]
    on = to_battle(game(units, options=ON))
    assert dice(on, "u4", 8, 4) == 5 and dice(on, "u1", 12, 4) == 5
    attack(on, "u1", 12, 4, ["cavalry"] * 5)
    assert dice(on, "u4", 8, 4) == 3                  # the gun has given its support
    # a gun ordered this turn acts for itself and supports nobody
    ordered = to_battle(game([inf("union", 11, 5), inf("confederate", 12, 4), GUN,
                              inf("confederate", 12, 0)], options=ON), "u3")
    assert dice(ordered, "u1", 12, 4) == 3


def test_a_gun_fires_past_the_unengaged_infantry_it_supports():
    units = [inf("union", 11, 5), GUN, inf("confederate", 13, 3)]
    off = to_battle(game(units), "u2")
    assert not attack_profile(off, off.pieces.units["u2"], off._hex(H(13, 3)))["los"]
    on = to_battle(game(units, options=ON), "u2")
    assert attack_profile(on, on.pieces.units["u2"], on._hex(H(13, 3)))["allowed"]
    # cavalry is no screen under support fire (the artillery profile's own rule is, H54)
    cav = [U("union", "cavalry", 11, 5), GUN, inf("confederate", 13, 3)]
    on = to_battle(game(cav, options=ON), "u2")
    assert not attack_profile(on, on.pieces.units["u2"], on._hex(H(13, 3)))["los"]
    both = to_battle(game(cav, options={**ON, "artillery_profile": True}), "u2")
    assert attack_profile(both, both.pieces.units["u2"], both._hex(H(13, 3)))["los"]


def test_no_fire_past_infantry_in_contact_whose_attack_the_gun_joins_instead():
    units = [inf("union", 11, 5), GUN, inf("confederate", 13, 3), inf("confederate", 13, 5)]
    on = to_battle(game(units, options=ON), "u2")
    assert not attack_profile(on, on.pieces.units["u2"], on._hex(H(13, 3)))["los"]
    joined = to_battle(game(units, options=ON))        # the gun not ordered: it supports
    assert dice(joined, "u1", 13, 5) == 5


def test_return_fire_gets_no_fire_support():
    units = [inf("union", 11, 5), inf("confederate", 12, 4), inf("confederate", 13, 3)]
    back = []
    for options in ({"return_fire": True}, {"return_fire": True, **ON}):
        g = to_battle(game(units, options=options))
        back.append(rolled(attack(g, "u1", 12, 4, ["cavalry"] * 3 + ["cavalry"] * 2),
                           "confederate"))
    assert back[0] == back[1] == 2


def test_archie_plays_legal_actions_under_support_fire():
    g = Game.new(shipped("fredericksburg"), seed=4,
                 options={**ON, "mutual_support": True, "archie": "confederate"})
    rng, phases = random.Random(4), set()
    for n in range(150):
        if g.outcome is not None:
            break
        legal = g.legal_actions()
        if g.active_side == "confederate":
            phases.add(g.phase)
            action = search_policy(g, "confederate", Budget(iterations=4), seed=n)
            assert action in legal, (g.phase, action)
        else:
            action = rng.choice(legal)
        g.apply(action)
    assert "battle" in phases
