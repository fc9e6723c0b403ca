"""The hands and the shared deck: drawing, with the reshuffle of the discard pile."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import StandardGame


def draw(game: StandardGame, side: str, n: int) -> None:
    """Draw ``n`` cards from the shared deck, never above the scenario's hand size (L99)."""
    drawn = []
    for _ in range(n):
        if len(game.hands[side]) >= game.capacity(side):
            break
        if not game.deck:
            if not game.discards:
                break
            game.deck = game.discards
            game.discards = []
            game.shuffle(game.deck)
            game.event({"type": "reshuffle", "side": side, "cards": len(game.deck)})
        card = game.deck.pop()
        game.hands[side].append(card)
        drawn.append(card)
    game.event({"type": "draw", "side": side, "count": len(drawn),
                "private": {"side": game.hand_owner(side), "cards": drawn}})
