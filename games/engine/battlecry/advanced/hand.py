"""The hand of cards: its capacity, drawing (with the reshuffle of the discard pile) and
the discard owed when a hand holds too many.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import is_extra

if TYPE_CHECKING:
    from .game import Game


def capacity(game: Game, side: str) -> int:
    """Hand capacity: the scenario's cards plus one per friendly general on the board (in
    Doubles each hand's: plus one for its player's own figure)."""
    gens = sum(1 for g in game.pieces.generals.values() if g.side == side)
    if game.team is not None and game.team.mode == "doubles":
        gens = min(gens, 1)       # each player's own hand: his own figure (rulings D3)
    return max(1, game.scenario.cards[side] + gens - game.hand_reduction.get(side, 0))


def _draw(game: Game, side: str, n: int) -> list[str]:
    drawn = []
    for _ in range(n):
        deck = game.cards.decks[side]
        if not deck:
            if not game.cards.discards[side] or not reshuffle_allowed(game):
                break
            deck.extend(game.cards.discards[side])
            game.cards.discards[side].clear()
            # the discard pile is public: its extra cards are now known to be this side's
            known = game.cards.returned_extras[side]
            known.extend([c for c in deck if is_extra(c) and c not in known])
            game._shuffle(deck)
            game._event({"type": "reshuffle", "side": side, "cards": len(deck),
                         "secret": {"order": list(deck)}})
        wanted = game._script_draws.pop(0) if game._script_draws else None
        if wanted is not None and wanted in deck:
            deck.remove(wanted)
            deck.append(wanted)
        drawn.append(deck.pop())
    game.cards.hands[side].extend(drawn)
    if drawn:
        game._event({"type": "draw", "side": side, "count": len(drawn),
                     "private": {"side": game.hand_owner(side), "cards": list(drawn)}})
    return drawn


def _check_hand(game: Game, side: str) -> None:
    if side == game.archie:
        return
    excess = len(game.cards.hands[side]) - capacity(game, side)
    if excess > 0 and not any(p["do"] == "discard" and p["side"] == side for p in game.decisions.pending):
        game.decisions.pending.append({"do": "discard", "side": side})


def reshuffle_allowed(game: Game) -> bool:
    return not game.nightfall
