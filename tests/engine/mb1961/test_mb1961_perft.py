"""Perft-style counts of the 1961 rules from set positions on the test map (helpers.py): the
action sequences of a turn to a given depth (the end of the turn ends a sequence). The small
ones are worked out by hand in the comments."""
from tests.engine.mb1961.helpers import SHIPPED, game, position


def perft(g, depth, only=None, side=None):
    side = side or g.side
    if depth == 0 or g.outcome or g.side != side:
        return 1
    n = 0
    for a in g.legal_actions():
        if only and a["type"] not in only:
            continue
        c = g.copy()
        c.apply_unchecked(a)
        n += perft(c, depth - 1, only, side)
    return n


def test_two_pips_of_a_lone_infantry_piece():
    # 8 squares, then from each 8 squares or a halt; the station F4 adds its 2 rail hops; or
    # a halt at once: 8 * 9 + 2 + 1
    assert perft(position({"UI1": (5, 5), "CI1": (9, 0)}, pips=2), 2) == 75


def test_one_pip_of_a_lone_cavalry_piece():
    # the 24 squares within two, or a halt
    assert perft(position({"UC1": (5, 5), "CI1": (9, 0)}, pips=1), 1) == 25


def test_pips_split_among_three_kinds():
    assert perft(position({"UC1": (5, 5), "CI1": (9, 0)}, pips=2), 2) == 502
    assert perft(position({"UI1": (2, 6), "UC1": (5, 6), "UA1": (8, 6), "CI1": (9, 0)}, pips=2), 2) == 2094


def test_rail_hops_between_two_pieces_on_a_line_of_three_stations():
    # B4 -> F4 or J4 -> F4 (2); then only back (1); then either again (2): 2 * 1 * 2... per
    # piece: 2 + 2
    g = position({"UI1": (1, 4), "UC1": (9, 4), "CI1": (9, 0)}, pips=3)
    assert perft(g, 3, only={"rail"}) == 4


def test_jumps_from_a_crowded_position():
    g = position({"UI1": (5, 7), "UI2": (5, 6), "CI1": (5, 5), "CC1": (4, 5), "CI2": (6, 5), "CC3": (3, 4),
                  "UC4": (2, 5), "CI4": (0, 0), "CI5": (5, 3)}, phase="battle", pips=0)
    assert len(g.legal_actions()) == 5        # four battles (one over two cavalry) or none
    # declining (1); the cavalry's jump (1); UI2's two jumps (1 + 1); UI1's jump, after which
    # it may jump again three ways or stop (4)
    assert perft(g, 3) == 8


def test_the_opening_of_the_shipped_map():
    g = game(seed=1, scenario=SHIPPED)
    assert g.pips == 6 and len(g.legal_actions()) == 186
