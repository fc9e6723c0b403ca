"""Retreating through or displacing a friendly unit under the house rule of retreats (seed 002
L41; docs/rulings.md H95-H97): the retreating unit and the friend each roll a die, against the
same positions under the Advanced retreat."""
from tests.engine.helpers import H, attack, game, inf, to_battle

AUTO = {"auto_retreat": True}
LONG = {"long_retreats": True}
#: u1 fires at u2 (12,4) from two hexes below; u3 and u4 fill both hexes behind u2.
BLOCKED = [inf("union", 12, 6), inf("confederate", 12, 4), inf("confederate", 11, 3),
           inf("confederate", 13, 3)]


def fired(options, units=BLOCKED, rolls=("flag", "artillery")):
    g = game(units, options=options)
    to_battle(g, "attack_centre", "u1")
    return g, attack(g, "u1", 12, 4, list(rolls))


def at(g, uid):
    u = g.pieces.units.get(uid)
    return (g._h(u.hex)["col"], g._h(u.hex)["row"], u.figures) if u else None


def rolls_of(events):
    return [(e["unit"], e["rolls"][0]) for e in events if e["type"] == "crowding_roll"]


def test_with_friends_behind_a_unit_displaces_one_instead_of_losing_a_figure():
    off, _ = fired(AUTO)
    assert at(off, "u2") == (12, 4, 3)              # the Advanced rule: a figure for the hex
    on, ev = fired({**AUTO, **LONG}, rolls=("flag", "artillery", "cavalry", "cavalry"))
    assert at(on, "u2") == (11, 3, 4) and at(on, "u3") == (12, 2, 4)
    assert rolls_of(ev) == [("u2", "cavalry"), ("u3", "cavalry")]   # the retreating unit first


def test_the_player_picks_the_friend_s_hex_and_the_rolls_cost_a_figure_or_a_hex():
    g, _ = fired(LONG)
    assert g.phase == "retreat"
    assert {(h["col"], h["row"]) for h in g.view("confederate")["decision"]["crowded"]} == {
        (11, 3), (13, 3)}
    g.apply({"type": "retreat", "unit": "u2", "to": H(13, 3)})
    assert g.phase == "retreat" and g.decisions.pending[0]["unit"] == "u4"   # u4 steps back
    ev = g.apply({"type": "retreat", "unit": "u4", "to": H(14, 2)}, rolls=["infantry", "flag"])
    assert rolls_of(ev) == [("u2", "infantry"), ("u4", "flag")]
    assert at(g, "u2") == (13, 3, 3)                # its symbol: a figure
    assert g.phase == "retreat" and g.decisions.pending[0]["unit"] == "u4"   # a flag: a hex
    assert not g.decisions.pending[0].get("crowded")    # that retreat displaces nobody


def test_passing_through_a_friend_costs_the_rolls_the_advanced_retreat_does_not():
    units = [inf("union", 12, 6), inf("confederate", 12, 4), inf("confederate", 11, 3),
             inf("confederate", 13, 3)]
    two = ("flag", "flag", "artillery", "artillery", "artillery")
    off, ev = fired(AUTO, units, two)
    assert rolls_of(ev) == [] and at(off, "u2")[1] == 2    # through u3 or u4 for free
    on, ev = fired({**AUTO, **LONG}, units, two)
    assert at(on, "u2")[1] == 2 and len(rolls_of(ev)) == 2


def test_the_default_retreat_takes_a_clear_hex_before_a_friend_s():
    units = [inf("union", 12, 6), inf("confederate", 12, 4), inf("confederate", 11, 3)]
    g, _ = fired(LONG, units)
    assert [(h["col"], h["row"]) for h in g.view("confederate")["decision"]["crowded"]] == [(11, 3)]
    auto, ev = fired({**AUTO, **LONG}, units)
    assert at(auto, "u2") == (13, 3, 4) and rolls_of(ev) == []


def test_the_search_path_leaves_the_same_state():
    for seed in range(40):
        g = game(BLOCKED, options={**AUTO, **LONG}, seed=seed)
        to_battle(g, "attack_centre", "u1")
        fast = g.copy()
        ev = g.apply({"type": "attack", "unit": "u1", "target": H(12, 4)})
        fast.apply_unchecked({"type": "attack", "unit": "u1", "target": H(12, 4)})
        assert fast.to_dict() == g.to_dict()
        if rolls_of(ev):
            return
    raise AssertionError("no seed gave a crowded retreat")
