"""Archie's evaluation under six-figure infantry (docs/rulings.md H52): a unit of five has
lost a figure, and is worth less than a unit of six."""
from games.ai.evaluation import evaluate
from tests.engine.helpers import game, inf


def test_a_six_figure_unit_that_loses_a_figure_is_worth_less():
    for options in ({"firepower": True}, {"six_figure_infantry": True}):
        full = game([inf("union", 10, 6), inf("confederate", 12, 2)], options=options)
        hurt = game([inf("union", 10, 6), inf("confederate", 12, 2)], options=options)
        hurt.writable_unit(hurt.pieces.units["u1"]).figures = 5
        assert full.pieces.units["u1"].figures == 6
        assert evaluate(hurt, "union") < evaluate(full, "union")
