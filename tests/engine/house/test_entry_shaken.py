"""The Shaken rolls on entering woods and streams (seed 002 L75-77, L79; docs/rulings.md
H70-H73), each against the same position with the option off."""
import pytest

from games.engine import IllegalAction, OptionError
from games.engine.battlecry.advanced.house_presets import full_simulation_options
from tests.engine.helpers import G, H, T, U, game, inf, order, types

WOODS = {"terrain_woods": True, "shaken_marker": True, "woods_shaken_roll": True}
STREAM = {"terrain_stream": True, "shaken_marker": True, "stream_shaken_roll": True}


def entered(options, rolls=None, generals=(), ground="woods", kind="infantry", archie=False):
    """Union infantry (or cavalry) at (10,6) moves into the ground at (12,6), next to
    confederate infantry at (14,6)."""
    units = [U("union", kind, 10, 6), inf("confederate", 14, 6)]
    extra = {"archie": "union"} if archie else {}
    g = game(units, generals, terrain=[T(ground, 12, 6)], options={**options, **extra})
    order(g, "attack_centre", "u1")
    ev = g.apply({"type": "move", "unit": "u1", "to": H(12, 6)}, rolls=rolls)
    assert g.pieces.units["u1"].hex == g._hex(H(12, 6))
    return g, ev


def battles(g):
    g.apply({"type": "end_movement"})
    try:
        g.apply({"type": "attack", "unit": "u1", "target": H(14, 6)},
                rolls=["infantry", "infantry", "infantry", "infantry"])
    except IllegalAction:
        return False
    return True


def test_a_unit_entering_woods_is_shaken_on_a_flag_and_may_not_battle():
    off, ev = entered({"terrain_woods": True, "shaken_marker": True})
    assert "shaken_roll" not in types(ev) and not off.pieces.units["u1"].shaken
    assert battles(off)
    on, ev = entered(WOODS, rolls=["flag"])
    roll = next(e for e in ev if e["type"] == "shaken_roll")
    assert roll["rolls"] == ["flag"] and roll["shaken"]
    assert on.pieces.units["u1"].shaken
    assert on.view("confederate")["units"][0]["status"] == "shaken"
    assert not battles(on)


def test_swords_shake_it_too_and_any_other_face_leaves_it_steady():
    g, _ = entered(WOODS, rolls=["swords"])
    assert g.pieces.units["u1"].shaken
    for face in ("infantry", "cavalry", "artillery"):
        g, ev = entered(WOODS, rolls=[face])
        assert not next(e for e in ev if e["type"] == "shaken_roll")["shaken"]
        assert battles(g)


def test_a_general_with_the_unit_or_next_to_it_makes_only_swords_shake_it():
    with_it, _ = entered(WOODS, rolls=["flag"], generals=[G("union", 10, 6)])
    assert not with_it.pieces.units["u1"].shaken
    beside, _ = entered(WOODS, rolls=["flag"], generals=[G("union", 13, 7)])
    assert not beside.pieces.units["u1"].shaken
    far, _ = entered(WOODS, rolls=["flag"], generals=[G("union", 4, 6)])
    assert far.pieces.units["u1"].shaken
    enemy, _ = entered(WOODS, rolls=["flag"], generals=[G("confederate", 13, 7)])
    assert enemy.pieces.units["u1"].shaken          # only a friendly general steadies it
    swords, _ = entered(WOODS, rolls=["swords"], generals=[G("union", 10, 6)])
    assert swords.pieces.units["u1"].shaken


def test_a_unit_entering_a_river_rolls_as_for_woods_but_not_on_a_bridge():
    off, ev = entered({"terrain_stream": True, "shaken_marker": True}, ground="river")
    assert "shaken_roll" not in types(ev) and not off.pieces.units["u1"].shaken
    on, ev = entered(STREAM, rolls=["flag"], ground="river")
    assert on.pieces.units["u1"].shaken and "shaken_roll" in types(ev)
    bridge, ev = entered(STREAM, ground="bridge")
    assert "shaken_roll" not in types(ev) and not bridge.pieces.units["u1"].shaken
    woods, ev = entered(STREAM, ground="woods")           # the stream roll is not the woods'
    assert "shaken_roll" not in types(ev)


def test_archie_rolls_one_die_for_it_not_two():
    g, ev = entered(WOODS, rolls=["infantry"], archie=True)
    assert next(e for e in ev if e["type"] == "shaken_roll")["rolls"] == ["infantry"]


@pytest.mark.parametrize("name, needs", [("woods_shaken_roll", "terrain_woods"),
                                         ("woods_shaken_roll", "shaken_marker"),
                                         ("stream_shaken_roll", "terrain_stream"),
                                         ("stream_shaken_roll", "shaken_marker")])
def test_each_roll_needs_its_terrain_rule_and_shaken_and_says_so_by_label(name, needs):
    label = "woods" if name.startswith("woods") else "streams"
    options = {**(WOODS if label == "woods" else STREAM), needs: False}
    with pytest.raises(OptionError, match=f"House rule: {label}, with the Shaken roll"):
        game([inf("union", 11, 5), inf("confederate", 12, 4)], options=options)


def test_the_full_simulation_holds_the_woods_roll_the_seed_recommends():
    full = full_simulation_options()
    assert full["woods_shaken_roll"] and full["stream_shaken_roll"] and full["shaken_marker"]
