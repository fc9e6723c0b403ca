"""The answer to a decision that waits for one unit to pick a hex among those offered (a
retreat, a withdrawal, a fallback, pressing on, a unit sent back): checked, then taken off
the queue."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import IllegalAction

if TYPE_CHECKING:
    from .game import Game


def take_hex_choice(game: Game, a: dict, busy: str, refused: str) -> tuple[dict, int]:
    """The decision at the head of the queue and the hex action ``a`` picks for its unit; the
    decision leaves the queue. ``busy`` is the refusal when ``a`` names another unit,
    ``refused`` when the hex is not offered (``{hex}`` stands for the hex's name)."""
    item = game.decisions.pending[0]
    if a.get("unit") != item["unit"]:
        raise IllegalAction(busy)
    to = game._hex(a.get("to"))
    if to not in item["options"]:
        raise IllegalAction(refused.format(hex=game.board.hexes[to]))
    game.decisions.pending.pop(0)
    return item, to
