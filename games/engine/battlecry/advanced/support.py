"""Support (seed 002, L49): a unit is supported when a friendly unit next to it touches no
enemy piece. Read by the house rules of holding your ground (docs/rulings.md H5) and of
mutual support (H80), under which a supported unit ignores the first flag of each attack;
under both rules that flag is counted once (H81). The leapfrog and the change of places the
rule also gives are in :mod:`breakthrough` and :mod:`changing_places` (H90-H94)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Option
from ..contact import enemy_zone

if TYPE_CHECKING:
    from .game import Game

OPTIONS: tuple[Option, ...] = (
    Option("mutual_support", bool, False,
           "A unit with a friend next to it that touches no enemy ignores the first flag of "
           "each attack against it (one flag with holding your ground, never two); such a "
           "friend may pass through an attacker into the hex it cleared, or change places "
           "with it as one order.",
           label="House rule: support", rated=False),
)


def supported(game: Game, unit) -> bool:
    """Whether a friendly unit adjacent to ``unit`` is itself next to no enemy unit or general."""
    zone = enemy_zone(game, unit.side)
    pieces = game.pieces
    for n in game.board.adjacent[unit.hex]:
        uid = pieces.unit_at[n]
        if uid is not None and pieces.units[uid].side == unit.side and not zone[n]:
            return True
    return False


def support_flag(game: Game, target) -> list[str]:
    """The flag a supported target ignores under mutual support, beside those its position
    (hill, works, house ground) holds, as works add to a hill (H81). Under holding your
    ground support is one of those position reasons and is read there, so it adds nothing
    here: the same flag is never held twice."""
    if not game.options.get("mutual_support") or game.options.get("holding_ground"):
        return []
    return ["supported"] if supported(game, target) else []
