"""Perft-style counts under the standard ruleset: the moves open to a lone piece of each
kind in the open, and the actions two plies deep from a fixed position."""
import pytest

from tests.engine.standard.helpers import G, art, cav, inf, play, std


def moves(g, kind):
    return [a for a in g.legal_actions() if a["type"] == kind]


@pytest.mark.parametrize("make,count", [(inf, 6), (cav, 36), (art, 6)],
                         ids=["infantry", "cavalry", "artillery"])
def test_a_lone_unit_in_the_open_has_its_kinds_count_of_moves(make, count):
    g = std([make("union", 12, 4), inf("confederate", 2, 0)])
    play(g, "std_skirmish_centre")
    assert len(moves(g, "move")) == count


def test_infantry_on_force_march_reaches_every_hex_within_three():
    g = std([inf("union", 12, 4), inf("confederate", 2, 0)])
    play(g, "std_force_march", section="centre")
    assert len(moves(g, "move")) == 36


def test_a_lone_general_has_36_moves():
    g = std([inf("union", 2, 8), inf("confederate", 2, 0)], [G("union", 12, 4)])
    play(g, "std_skirmish_centre")
    assert len(moves(g, "move_general")) == 36


def test_two_plies_from_a_fixed_opening():
    g = std([inf("union", 10, 6), inf("union", 12, 6), cav("union", 14, 6), art("union", 12, 8),
             inf("confederate", 11, 3), cav("confederate", 13, 3)], [G("union", 12, 8)], seed=3)
    play(g, "std_attack_centre")
    first = g.legal_actions()
    assert len(first) == 6                  # 5 pieces to order (3 of them) and "confirm"
    total = 0
    for a in first:
        c = g.copy()
        c.apply(a)
        total += len(c.legal_actions())
    assert total == TWO_PLIES


#: After each order: the four other pieces and "confirm"; after "confirm": "end movement".
TWO_PLIES = 5 * 5 + 1
