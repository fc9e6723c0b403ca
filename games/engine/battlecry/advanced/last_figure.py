"""The house rule of the last figure (seed 002, L57; docs/rulings.md H1).

Pure arithmetic on one attack's result, so the checked and the search paths share it.
"""
from __future__ import annotations


def last_figure(figures: int, hits: int, swords: int) -> tuple[int, int]:
    """``(figures lost, flags added)`` for a unit of ``figures`` figures that an attack scores
    ``hits`` hits on (as the Advanced rules count them), ``swords`` crossed swords among its
    dice.

    The last figure falls only to an attack with hits enough for every figure and at least
    two swords in its roll. Otherwise hits stop at the last figure; an attack that brings
    the unit down to it adds one flag, and against a unit already on its last figure each
    sword is a flag.
    """
    if hits >= figures and swords >= 2:
        return figures, 0
    if figures <= 1:
        return 0, swords
    lost = min(hits, figures - 1)
    return lost, 1 if figures - lost == 1 else 0
