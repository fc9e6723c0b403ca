"""The house rule of the defensive fire zone and its entry roll (seed 002 L27; docs/rulings.md
H25-H26), each against the same position with the option off."""
import pytest

from games.engine import OptionError
from games.engine.battlecry.advanced.shaken import mark
from tests.engine.helpers import G, H, T, U, dests, game, inf, order, types

DFZ = {"defensive_fire_zone": True}
ROLL = {**DFZ, "dfz_entry_roll": True}


#: A hill at (11,5), next to the confederate unit at (12,4), hides the union march from
#: (11,7) (the Advanced march stops on entering a hex in sight of enemy fire).
HILL = [T("hill", 11, 5)]


def ordered(units, options, generals=(), terrain=HILL):
    g = game(units, generals, options=options, terrain=terrain)
    order(g, "attack_centre", "u1")
    return g


def zone_hexes(g, enemy_hex):
    return {n for n in g.board.adjacent[g._hex(H(*enemy_hex))]}


def far_contact(off, on, start, enemy):
    """Hexes next to the enemy that the unit at ``start`` reaches with the option off and not on."""
    lost = {off._hex(H(*h)) for h in dests(off, *start) - dests(on, *start)}
    assert lost and lost <= zone_hexes(off, enemy)
    return lost


def test_infantry_pays_two_to_enter_a_hex_next_to_the_enemy():
    units = [inf("union", 11, 7), inf("confederate", 12, 4)]
    off, on = ordered(units, None), ordered(units, DFZ)
    lost = far_contact(off, on, (11, 7), (12, 4))
    assert lost == {off._hex(H(11, 5))}           # its second hex would cost a third
    # the first hex into contact is still open: it costs the whole march of two
    near = [inf("union", 12, 6), inf("confederate", 12, 4)]
    assert dests(ordered(near, DFZ), 12, 6) == dests(ordered(near, None), 12, 6)


def test_cavalry_pays_two_only_next_to_artillery_and_shaken_units_have_no_zone():
    cav_vs_inf = [U("union", "cavalry", 12, 8), inf("confederate", 12, 4)]     # in the open
    assert (dests(ordered(cav_vs_inf, DFZ, terrain=()), 12, 8)
            == dests(ordered(cav_vs_inf, None, terrain=()), 12, 8))
    cav_vs_art = [U("union", "cavalry", 12, 8), U("confederate", "artillery", 12, 4)]
    far_contact(ordered(cav_vs_art, None, terrain=()), ordered(cav_vs_art, DFZ, terrain=()),
                (12, 8), (12, 4))

    units = [inf("union", 11, 7), inf("confederate", 12, 4)]
    shaken = game(units, options={**DFZ, "shaken_marker": True}, terrain=HILL)
    mark(shaken, shaken.pieces.units["u2"])
    order(shaken, "attack_centre", "u1")
    assert dests(shaken, 11, 7) == dests(ordered(units, None), 11, 7)


def entry_attempt(options, rolls, generals=()):
    units = [inf("union", 11, 7), inf("confederate", 12, 4)]
    g = ordered(units, options, generals)
    target = g._hex(H(11, 5))
    to = g.board.hexes[target].to_json()
    assert (11, 5) in dests(g, 11, 7) and (11, 5) not in dests(ordered(units, DFZ), 11, 7)
    ev = g.apply({"type": "move", "unit": "u1", "to": to}, rolls=rolls)
    return g, ev, target


def test_the_entry_roll_lets_a_unit_with_one_hex_left_try_the_zone():
    g, ev, target = entry_attempt(ROLL, ["infantry"])
    roll = next(e for e in ev if e["type"] == "entry_roll")
    assert roll["entered"] and g.pieces.units["u1"].hex == target
    assert types(ev).index("entry_roll") < types(ev).index("moved")

    g, ev, target = entry_attempt(ROLL, ["flag"])
    u = g.pieces.units["u1"]
    assert not next(e for e in ev if e["type"] == "entry_roll")["entered"]
    assert u.hex != target and g.board.dist[u.hex][target] == 1
    assert g.board.dist[u.hex][g._hex(H(11, 7))] == 1 and g.current.moved["u1"] == 1


def test_a_general_in_command_lets_a_flag_through():
    g, ev, target = entry_attempt(ROLL, ["flag"], generals=[G("union", 11, 7)])
    assert next(e for e in ev if e["type"] == "entry_roll")["entered"]
    assert g.pieces.units["u1"].hex == target and g.pieces.generals["g1"].hex == target


def test_the_entry_roll_needs_the_zone_and_says_so_by_name():
    with pytest.raises(OptionError, match="House rule: defensive fire zone, entry roll needs "
                                          "House rule: defensive fire zone: "):
        game([inf("union", 12, 8), inf("confederate", 12, 4)], options={"dfz_entry_roll": True})
