"""Campaign pre-battle dice under the standard rules (ruling C9): the shared steps of
:mod:`games.engine.battlecry.prebattle`, seated on this ruleset's state.

Seed 004 (L88) has campaign pre-battle rolls but leaves their effects to the Advanced
Rulebook, so they are the same steps.  Decisions queue in ``game.pending``, the
bookkeeping is ``game.prebattle``; a unit falls back by the standard retreat (a figure
per hex it cannot make); Archie holds a hand under these rules, so it is dealt short too.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import prebattle as shared
from ..pieces import Unit
from . import battle, hand

if TYPE_CHECKING:
    from .game import StandardGame

PHASES = shared.PHASES
STEPS = shared.STEPS


def _start_book(game: StandardGame, book: dict) -> None:
    game.prebattle = book


def _casualty(game: StandardGame, by: str) -> None:
    game.casualties[by] += 1


def _fall_back(game: StandardGame, u: Unit, to: int, made: int, by: str) -> None:
    battle._retreat(game, u, to, {"steps": 1, "made": made, "by": by})


SEAT = shared.Seat(
    queue=lambda g: g.pending, book=lambda g: g.prebattle, start_book=_start_book,
    roll=lambda g, n: g.roll(n), event=lambda g, e: g.event(e), casualty=_casualty,
    eliminate=lambda g, u, by: battle.eliminate(g, u, by), fall_back=_fall_back,
    capacity=lambda g, side: g.capacity(side), hand=lambda g, side: g.hands[side],
    draw=lambda g, side, n: hand.draw(g, side, n), deals_to=lambda g, side: True,
    begin_turn=None)            # the first turn begins with its card: nothing to set up


def wanted(game: StandardGame) -> bool:
    return shared.wanted(game)


def begin(game: StandardGame) -> None:
    shared.begin(SEAT, game)


def choices(game: StandardGame) -> list[dict]:
    return shared.choices(SEAT, game)


def draw_count(game: StandardGame, side: str, normal: int) -> int:
    return shared.draw_count(SEAT, game, side, normal)


HANDLERS = shared.handlers(SEAT)
AUTOMATIC = shared.automatic(SEAT)
