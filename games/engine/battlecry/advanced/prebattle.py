"""Campaign pre-battle dice under the Advanced rules: the shared steps of
:mod:`games.engine.battlecry.prebattle`, seated on this ruleset's state.

Decisions queue in ``game.decisions.pending``, the bookkeeping is the declared state field
``decisions.prebattle``; a figure lost counts in ``score.casualties``; a unit falls back
by the Advanced retreat; Archie holds no hand, so only a player's hand is dealt short.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import prebattle as shared
from ..pieces import Unit
from . import battle, hand, tactics

if TYPE_CHECKING:
    from .game import Game

PHASES = shared.PHASES
STEPS = shared.STEPS


def _start_book(game: Game, book: dict) -> None:
    game.decisions.prebattle = book


def _casualty(game: Game, by: str) -> None:
    game.score.casualties[by] += 1


def _fall_back(game: Game, u: Unit, to: int, made: int, by: str) -> None:
    battle._retreat_unit(game, u, to, {"steps": 1, "made": made, "attacker_side": by,
                                       "dice": 0, "melee": False})


SEAT = shared.Seat(
    queue=lambda g: g.decisions.pending, book=lambda g: g.decisions.prebattle,
    start_book=_start_book, roll=lambda g, n: g._roll(n), event=lambda g, e: g._event(e),
    casualty=_casualty, eliminate=lambda g, u, by: battle._eliminate(g, u, by, 0, False),
    fall_back=_fall_back, capacity=lambda g, side: hand.capacity(g, side),
    hand=lambda g, side: g.cards.hands[side], draw=lambda g, side, n: hand._draw(g, side, n),
    deals_to=lambda g, side: side != g.archie,
    begin_turn=lambda g: tactics.begin_turn_cards(g))


def wanted(game: Game) -> bool:
    return shared.wanted(game)


def begin(game: Game) -> None:
    shared.begin(SEAT, game)


def choices(game: Game) -> list[dict]:
    return shared.choices(SEAT, game)


def draw_count(game: Game, side: str, normal: int) -> int:
    return shared.draw_count(SEAT, game, side, normal)


HANDLERS = shared.handlers(SEAT)
AUTOMATIC = shared.automatic(SEAT)
