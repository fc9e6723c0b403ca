"""The house rule of discarding instead of playing (seed 002, L11; docs/rulings.md H28): a side
may give up its turn to discard up to 1 + its generals on the board and refill its hand.

The turn's ``refit`` action opens a decision of that name: ``refit_card`` discards one card,
``end_refit`` (after at least one) ends it; the hand is then drawn up to its capacity and the
turn ends (no other draw)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Option
from ...core.errors import IllegalAction
from . import hand, shaken

if TYPE_CHECKING:
    from .game import Game

OPTIONS: tuple[Option, ...] = (
    Option("discard_instead_of_play", bool, False,
           "Instead of playing a card, a player may discard up to one card plus one per "
           "general on the board and refill the hand: the whole turn goes on it.",
           label="House rule: discard instead of playing", excludes=("team_mode",),
           chosen_on=("match", "solo", "campaign", "competition"),       # not at team tables
           rated=False,
           why="in team games the hand is shared out among seats (Epic) or each player's own "
               "(Doubles), and the seed's rule is written for one player holding one hand."),
)


def offered(game: Game, side: str) -> bool:
    """Whether ``side`` may discard instead of playing now (it holds cards; Archie holds none)."""
    return (bool(game.options.get("discard_instead_of_play")) and side != game.archie
            and bool(game.cards.hands[side]))


def allowance(game: Game, side: str) -> int:
    """How many cards it may discard: one, and one per friendly general on the board."""
    return 1 + sum(1 for g in game.pieces.generals.values() if g.side == side)


def do_refit(game: Game, a) -> None:
    if not offered(game, game.current.active):
        raise IllegalAction("You may not discard instead of playing now.")
    refit_unchecked(game, a)


def refit_unchecked(game: Game, a) -> None:
    side = game.current.active
    game.decisions.pending.insert(0, {"do": "refit", "side": side,
                                      "left": allowance(game, side), "made": 0})
    game._event({"type": "refit", "side": side, "cards": allowance(game, side)})


def do_refit_card(game: Game, a) -> None:
    item = game.decisions.pending[0]
    cid = a.get("card")
    if cid not in game.cards.hands[item["side"]]:
        raise IllegalAction("That card is not in your hand.")
    side = item["side"]
    game.cards.hands[side].remove(cid)
    game.cards.discards[side].append(cid)
    game._event({"type": "discarded", "side": side, "card": cid})
    item["left"] -= 1
    item["made"] += 1
    if item["left"] <= 0 or not game.cards.hands[side]:
        _finish(game)


def do_end_refit(game: Game, a) -> None:
    if not game.decisions.pending[0]["made"]:
        raise IllegalAction("Discard at least one card first.")
    _finish(game)


def choices(game: Game, item) -> list[dict]:
    """The refit decision's actions: discard any card in hand; stop after one at least."""
    out: list[dict] = [{"type": "refit_card", "card": c} for c in game.cards.hands[item["side"]]]
    if item["made"]:
        out.append({"type": "end_refit"})
    return out


def _finish(game: Game) -> None:
    """The hand is refilled and the turn ends (the turn's own draw is this one)."""
    item = game.decisions.pending.pop(0)
    side = item["side"]
    shaken.end_of_turn(game)
    hand._draw(game, side, max(0, hand.capacity(game, side) - len(game.cards.hands[side])))
    game.decisions.pending.append({"do": "finish_turn", "side": side})
