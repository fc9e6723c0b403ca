"""The house rule of rally as an action (seed 002 L65; docs/rulings.md H27), each against the
same position with the option off."""
import pytest

from games.engine import IllegalAction
from games.engine.battlecry.advanced.shaken import mark
from tests.engine.helpers import G, H, U, dests, game, inf, order, to_battle

RALLY = {"rally_action": True}


def worn(g, uid="u1", figures=3):
    """The unit has lost figures since the battle began (it started with 4)."""
    g.writable_unit(g.pieces.units[uid]).figures = figures
    return g


def rallying(options, units=(), generals=(), figures=3):
    g = worn(game([inf("union", 12, 8), inf("confederate", 12, 0), *units], generals,
                  options=options), figures=figures)
    to_battle(g, "attack_centre", "u1")
    return g


def rally(g, rolls):
    ev = g.apply({"type": "rally_unit", "unit": "u1"}, rolls=rolls)
    return next(e for e in ev if e["type"] == "rally_roll")


def test_an_ordered_unit_may_rally_instead_of_battling():
    off = rallying(None)
    assert not any(a["type"] == "rally_unit" for a in off.legal_actions())
    with pytest.raises(IllegalAction):
        off.apply({"type": "rally_unit", "unit": "u1"})

    on = rallying(RALLY)
    assert {"type": "rally_unit", "unit": "u1"} in on.legal_actions()
    roll = rally(on, ["infantry", "swords"])
    assert roll["dice"] == 2 and roll["regained"] and on.pieces.units["u1"].figures == 4
    assert "u1" in on.current.attacked and not any(
        a.get("unit") == "u1" for a in on.legal_actions())       # neither battles nor rallies again

    on = rallying(RALLY)
    roll = rally(on, ["cavalry", "swords"])
    assert not roll["regained"] and on.pieces.units["u1"].figures == 3
    on = rallying(RALLY)
    assert rally(on, ["flag", "artillery"])["regained"]


def test_the_dice_a_general_adds_and_the_enemy_near_takes_away():
    assert rally(rallying(RALLY, generals=[G("union", 12, 8)]), [])["dice"] == 3
    near = rallying(RALLY, units=[inf("confederate", 12, 6)])        # 2 hexes, in sight
    assert rally(near, [])["dice"] == 1
    guns = rallying(RALLY, units=[U("confederate", "artillery", 13, 5)])    # 3 hexes
    roll = rally(guns, [])
    assert roll["dice"] == 1 and {"why": "enemy near", "dice": -1} in roll["modifiers"]
    assert rally(rallying(RALLY, units=[U("confederate", "artillery", 12, 4)]), [])["dice"] == 2


def test_a_unit_that_moved_closer_or_is_whole_may_not_rally():
    assert not any(a["type"] == "rally_unit" for a in rallying(RALLY, figures=4).legal_actions())

    closer = worn(game([inf("union", 12, 8), inf("confederate", 12, 0)], options=RALLY))
    order(closer, "attack_centre", "u1")
    closer.apply({"type": "move", "unit": "u1", "to": H(13, 7)})
    closer.apply({"type": "end_movement"})
    with pytest.raises(IllegalAction, match="moved closer to the enemy"):
        closer.apply({"type": "rally_unit", "unit": "u1"})

    back = worn(game([inf("union", 12, 6), inf("confederate", 12, 0)], options=RALLY))
    order(back, "attack_centre", "u1")
    back.apply({"type": "move", "unit": "u1", "to": H(12, 8)})
    back.apply({"type": "end_movement"})
    assert {"type": "rally_unit", "unit": "u1"} in back.legal_actions()


def test_a_shaken_unit_may_be_ordered_to_rally_only():
    def shaken(options):
        g = worn(game([inf("union", 12, 6), inf("confederate", 12, 0), inf("union", 4, 6)],
                      options={"shaken_marker": True, **options}))
        mark(g, g.pieces.units["u1"])
        return g

    off = shaken({})
    order(off, "attack_centre")
    assert "u1" not in off.current.ordered

    on = shaken(RALLY)
    order(on, "attack_centre", "u1")
    here = on.board.dist[on._hex(H(12, 6))]
    enemy = on._hex(H(12, 0))
    reach = dests(on, 12, 6)
    assert reach and all(on.board.dist[on._hex(H(*h))][enemy] >= here[enemy] for h in reach)
    on.apply({"type": "end_movement"})
    assert [a["type"] for a in on.legal_actions() if a.get("unit") == "u1"] == ["rally_unit"]
