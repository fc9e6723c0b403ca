"""LINE-OF-SIGHT: units and terrain between block, edges need both sides blocked,
the target's own hex never blocks, and the hill exceptions."""
from tests.engine.helpers import G, H, T, U, game, order, to_battle


def inf(side, col, row):
    return U(side, "infantry", col, row, fresh=False)


def preview(terrain=()):
    g = game([inf("union", 10, 6), inf("confederate", 13, 3)], terrain=terrain)
    to_battle(g, "attack_centre", "u1")
    return g.attack_preview(H(10, 6), H(13, 3))


def test_clear_line():
    assert preview()["los"]


def test_woods_between_block():
    # (10,6) -> (13,3) is a straight diagonal through (11,5) and (12,4)
    assert not preview([T("woods", 11, 5)])["los"]
    assert not preview([T("woods", 12, 4)])["los"]
    assert preview([T("woods", 12, 6)])["los"]


def test_a_unit_between_blocks():
    g = game([inf("union", 10, 6), inf("confederate", 16, 6), inf("union", 12, 6)])
    to_battle(g, "attack_centre", "u1")
    assert not g.attack_preview(H(10, 6), H(16, 6))["los"]


def test_terrain_in_target_hex_does_not_block():
    g = game([inf("union", 10, 6), inf("confederate", 14, 6)], terrain=[T("woods", 14, 6)])
    to_battle(g, "attack_centre", "u1")
    prev = g.attack_preview(H(10, 6), H(14, 6))
    assert prev["los"] and prev["allowed"]


def test_line_along_an_edge_is_blocked_only_when_both_sides_are():
    # (10,6) -> (13,5) runs exactly along the edge between (11,5) and (12,6)
    def los(*woods):
        g = game([inf("union", 10, 6), inf("confederate", 13, 5)],
                 terrain=[T("woods", c, r) for c, r in woods])
        to_battle(g, "attack_centre", "u1")
        return g.attack_preview(H(10, 6), H(13, 5))["los"]

    assert los((11, 5)) and los((12, 6))
    assert not los((11, 5), (12, 6))


def test_sight_is_reported_even_out_of_range():
    g = game([inf("union", 10, 6), inf("confederate", 20, 6), inf("union", 14, 6)])
    to_battle(g, "attack_centre", "u1")
    prev = g.attack_preview(H(10, 6), H(20, 6))
    assert not prev["allowed"] and not prev["los"]


def test_artillery_on_a_hill_sees_past_an_adjacent_friend_on_clear_ground():
    units = [U("union", "artillery", 10, 6), inf("union", 12, 6), inf("confederate", 16, 6)]
    on_hill = game(units, terrain=[T("hill", 10, 6)])
    to_battle(on_hill, "attack_centre", "u1")
    assert on_hill.attack_preview(H(10, 6), H(16, 6))["los"]
    flat = game(units)
    to_battle(flat, "attack_centre", "u1")
    assert not flat.attack_preview(H(10, 6), H(16, 6))["los"]
    friend_in_woods = game(units, terrain=[T("hill", 10, 6), T("woods", 12, 6)])
    to_battle(friend_in_woods, "attack_centre", "u1")
    assert not friend_in_woods.attack_preview(H(10, 6), H(16, 6))["los"]


def test_hill_blocks_sight_to_another_hill_behind_it():
    g = game([inf("union", 10, 6), inf("confederate", 16, 6)],
             terrain=[T("hill", 10, 6), T("hill", 12, 6), T("hill", 16, 6)])
    to_battle(g, "attack_centre", "u1")
    assert not g.attack_preview(H(10, 6), H(16, 6))["los"]


def test_a_lone_general_between_blocks_sight_friend_or_foe():
    # AR GENERALS: a general is "a special kind of unit"; seed 004: generals block sight
    for side in ("union", "confederate"):
        g = game([inf("union", 10, 6), inf("confederate", 16, 6)], [G(side, 14, 6)])
        to_battle(g, "attack_centre", "u1")
        assert not g.attack_preview(H(10, 6), H(16, 6))["los"]


def test_artillery_on_a_hill_sees_past_an_adjacent_lone_friendly_general():
    g = game([U("union", "artillery", 10, 6), inf("confederate", 16, 6)],
             [G("union", 12, 6)], terrain=[T("hill", 10, 6)])
    to_battle(g, "attack_centre", "u1")
    assert g.attack_preview(H(10, 6), H(16, 6))["los"]


def test_a_general_moving_into_the_line_lets_a_march_go_on():
    # the enemy at (12,2) sees (11,5) and (13,5) through (12,4): a march stops there, until
    # a union general stands on (12,4) and blocks both lines
    g = game([inf("union", 12, 6), inf("confederate", 12, 2)], [G("union", 16, 4)])
    order(g, "attack_centre", "u1")
    assert (10, 4) not in {(h["col"], h["row"]) for h in g.reachable(H(12, 6))}
    g.apply({"type": "move_general", "general": "g1", "to": H(12, 4)})
    assert (10, 4) in {(h["col"], h["row"]) for h in g.reachable(H(12, 6))}
