"""The scenario editor's overlay from a hex (``sight_and_reach``): the hexes in line of sight
by the rules of LINE-OF-SIGHT, and those the unit there reaches with its dice by range."""
from games.engine import sight_and_reach
from tests.engine.helpers import H, T, U, game


def keys(hexes):
    return {(h["col"], h["row"]) for h in hexes}


def test_woods_hide_what_lies_behind_them_and_adjacent_hexes_are_always_seen():
    g = game([U("union", "infantry", 10, 6, fresh=False), U("confederate", "infantry", 13, 1)],
             terrain=[T("woods", 11, 5)])
    found = sight_and_reach(g, H(10, 6))
    seen = keys(found["seen"])
    assert (11, 5) in seen                      # adjacent, though woods
    assert (12, 4) not in seen and (13, 3) not in seen     # behind the woods on that line
    assert (14, 6) in seen
    assert found["unit"] == "infantry"


def test_reach_follows_the_unit_s_dice_by_range():
    g = game([U("union", "artillery", 10, 6), U("confederate", "infantry", 13, 1)])
    found = sight_and_reach(g, H(10, 6))
    reach = {(r["hex"]["col"], r["hex"]["row"]): r["dice"] for r in found["reach"]}
    assert reach[(12, 6)] == 4 and reach[(14, 6)] == 3 and reach[(18, 6)] == 1
    assert (20, 6) not in reach                 # five hexes away: beyond artillery's range
    assert set(reach) <= keys(found["seen"])


def test_an_empty_hex_sees_but_reaches_nothing():
    g = game([U("union", "infantry", 4, 8), U("confederate", "infantry", 20, 0)])
    found = sight_and_reach(g, H(12, 4))
    assert found["unit"] is None and found["reach"] == [] and len(found["seen"]) > 50
