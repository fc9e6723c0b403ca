"""Archie's evaluation under the house rules of six-figure infantry and the profiles
(docs/rulings.md H52, H54): a unit of five has lost a figure and is worth less than a unit
of six, and profiled artillery threatens with its own dice."""
from games.ai.evaluation import evaluate
from tests.engine.helpers import H, U, game, inf


def test_a_six_figure_unit_that_loses_a_figure_is_worth_less():
    for options in ({"icon_firepower": True}, {"six_figure_infantry": True}):
        full = game([inf("union", 10, 6), inf("confederate", 12, 2)], options=options)
        hurt = game([inf("union", 10, 6), inf("confederate", 12, 2)], options=options)
        hurt.writable_unit(hurt.pieces.units["u1"]).figures = 5
        assert full.pieces.units["u1"].figures == 6
        assert evaluate(hurt, "union") < evaluate(full, "union")


def test_archie_counts_the_dice_of_profiled_artillery():
    units = [inf("union", 12, 8), U("confederate", "artillery", 16, 4)]
    off, on = game(units), game(units, options={"artillery_profile": True})
    assert off.board.dist[off._hex(H(12, 8))][off._hex(H(16, 4))] == 4   # 1 die, or 2
    assert evaluate(on, "union") < evaluate(off, "union")
