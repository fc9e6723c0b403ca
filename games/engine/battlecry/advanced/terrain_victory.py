"""The house rule of terrain victory points (seed 002, L93-95; docs/rulings.md H51): 9 flags
win, and a hill, very rough or breastworks hex taken in melee or by following up carries a
flag token of the side that took it, which turns over when the other side moves back in.

The tokens are ``game.score.terrain_flags`` (hex -> side); each counts as a flag of its
side (``Game.flags``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game

OPTION = "terrain_victory_points"
#: Flags to win under the rule, for both sides (L93: "it now takes 9 Flags").
FLAGS_TO_WIN = 9
WORKS = ("entrenchment", "fieldwork")


def defensible(game: Game, h: int) -> bool:
    """A hill, very rough ground, or a hex with breastworks (entrenchment or fieldwork)."""
    t = game.field.terrain[h]
    if t in ("hill", "very_rough"):
        return True
    sides = game.pieces.obstacles[h]
    return sides is not None and any(k in WORKS for k in sides.values())


def took_ground(game: Game, u) -> None:
    """Unit ``u`` has just taken the hex it stands on after a melee or by following up a
    withdrawal: a defensible hex gets (or turns over) a token of its side."""
    if not game.options.get(OPTION) or not defensible(game, u.hex):
        return
    _mark(game, u)


def moved_in(game: Game, u) -> None:
    """Unit ``u`` has just moved onto its hex in its own move: a token of the other side
    there turns over (a hex holds one only once it has been contested)."""
    if not game.options.get(OPTION):
        return
    side = game.score.terrain_flags.get(u.hex)
    if side is not None and side != u.side:
        _mark(game, u)


def _mark(game: Game, u) -> None:
    flags = game.score.terrain_flags
    before = flags.get(u.hex)
    if before == u.side:
        return
    flags[u.hex] = u.side
    if game._events is not None:
        game._event({"type": "terrain_flag", "side": u.side, "unit": u.id,
                     "hex": game.board.hexes[u.hex].to_json(), "turned": before is not None})


def count(game: Game, side: str) -> int:
    return sum(1 for s in game.score.terrain_flags.values() if s == side)
