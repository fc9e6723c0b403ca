"""Retreats: rear only, the defender's choice, through friends, never next to enemies,
no rough, not off the board, a figure for each hex not made, green troops."""
from tests.engine.helpers import G, H, T, U, attack, game, inf, to_battle, types


def shot(units, terrain=(), flags=1, options=None, generals=()):
    """Union artillery at (10,6) fires at the confederate unit at (12,4) (u2)."""
    g = game([U("union", "artillery", 10, 6), *units], generals, terrain=terrain, options=options)
    to_battle(g, "attack_centre", "u1")
    ev = attack(g, "u1", 12, 4, ["flag"] * flags)
    return g, ev


def where(g, uid):
    from games.engine.battlecry.hexgrid import HEXES
    return tuple(HEXES[g.pieces.units[uid].hex])


def test_defender_chooses_among_rear_hexes():
    g, _ = shot([inf("confederate", 12, 4)])
    assert g.phase == "retreat" and g.active_side == "confederate"
    assert {(a["to"]["col"], a["to"]["row"]) for a in g.legal_actions()} == {(11, 3), (13, 3)}
    g.apply({"type": "retreat", "unit": "u2", "to": H(13, 3)})
    assert where(g, "u2") == (13, 3) and g.phase == "battle" and g.active_side == "union"


def test_two_flags_two_hexes():
    g, _ = shot([inf("confederate", 12, 4)], flags=2)
    options = {(a["to"]["col"], a["to"]["row"]) for a in g.legal_actions()}
    assert options == {(10, 2), (12, 2), (14, 2)}


def test_retreat_passes_through_friends_but_does_not_end_on_them():
    g, _ = shot([inf("confederate", 12, 4), inf("confederate", 11, 3), inf("confederate", 13, 3)])
    # one flag: both rear hexes are full, the hex cannot be made: a figure is lost
    assert g.pieces.units["u2"].figures == 3 and where(g, "u2") == (12, 4)
    g2, _ = shot([inf("confederate", 12, 4), inf("confederate", 11, 3), inf("confederate", 13, 3)],
                 flags=2)
    assert {(a["to"]["col"], a["to"]["row"]) for a in g2.legal_actions()} == {
        (10, 2), (12, 2), (14, 2)}


def test_retreat_never_enters_a_hex_next_to_an_enemy():
    g, _ = shot([inf("confederate", 12, 4), inf("union", 10, 2)])
    assert where(g, "u2") == (13, 3)       # (11,3) touches the union unit at (10,2)


def test_no_retreat_into_rough_or_off_the_board():
    g, ev = shot([inf("confederate", 12, 4)], terrain=[T("rough", 11, 3), T("rough", 13, 3)])
    assert g.pieces.units["u2"].figures == 3
    r = next(e for e in ev if e["type"] == "retreated")
    assert r["figures_lost"] == 1 and r["hexes"] == 0
    g2 = game([U("union", "artillery", 10, 4), inf("confederate", 12, 0)])
    to_battle(g2, "attack_centre", "u1")
    attack(g2, "u1", 12, 0, ["flag"])          # 4 hexes: one die
    assert g2.pieces.units["u2"].figures == 3


def test_green_troops_retreat_two_hexes_per_flag():
    g, _ = shot([inf("confederate", 12, 4, green=True)])
    options = {(a["to"]["col"], a["to"]["row"]) for a in g.legal_actions()}
    assert options == {(10, 2), (12, 2), (14, 2)}


def test_losses_on_retreat_can_eliminate_and_give_the_flag():
    g, ev = shot([inf("confederate", 12, 4, figures=1), inf("confederate", 11, 3),
                  inf("confederate", 13, 3)])
    assert "u2" not in g.pieces.units and g.score.captured["union"][0]["id"] == "u2"


def test_general_in_command_ignores_the_first_retreat():
    g, ev = shot([inf("confederate", 12, 4)], generals=[G("confederate", 12, 4)])
    assert where(g, "u2") == (12, 4) and g.phase == "battle"
    assert next(e for e in ev if e["type"] == "attack")["flags_ignored"] == ["general in command"]


def test_commanded_unit_takes_its_general_along_when_it_retreats():
    g, _ = shot([inf("confederate", 12, 4)], generals=[G("confederate", 12, 4)], flags=2)
    g.apply({"type": "retreat", "unit": "u2", "to": H(11, 3)})
    assert g.pieces.generals["g1"].hex == g.pieces.units["u2"].hex


def test_default_policy_decides_when_the_game_is_set_to():
    g, ev = shot([inf("confederate", 12, 4), inf("union", 16, 4)], options={"auto_retreat": True})
    assert g.phase == "battle" and "retreated" in types(ev)
    assert where(g, "u2") == (11, 3)       # farther from the union unit at (16,4)


def test_retreat_never_passes_next_to_a_lone_enemy_general():
    g, _ = shot([inf("confederate", 12, 4)], generals=[G("union", 10, 2)])
    assert where(g, "u2") == (13, 3)       # (11,3) touches the union general at (10,2)
