"""The house rule of Shaken (seed 002, L55; docs/rulings.md H20-H23): a unit that retreats
from a flag is marked Shaken. The marker is the unit's own state (``Unit.shaken``, the turn
number it was marked in); the rules that read it ask :func:`is_shaken`, and any rule that
shakes a unit calls :func:`mark` (such a rule should require the ``shaken`` option, whose
effects the marker carries).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Option
from ..dice import FLAG, SWORDS

if TYPE_CHECKING:
    from .game import Game

OPTIONS: tuple[Option, ...] = (
    Option("shaken_marker", bool, False,
           "A unit that retreats from a flag is Shaken until the end of its side's next turn: "
           "no orders but to rally, no battle, no return or withdrawal fire, one more flag "
           "whenever it is hit.",
           label="House rule: Shaken", rated=False),
    Option("shaken_recovery", bool, False,
           "Shaken units no longer recover by themselves: at the end of each of their side's "
           "turns each rolls two dice, and swords or a flag clear it; a general in command "
           "clears it without a roll.",
           label="House rule: Shaken, recovery roll", requires=("shaken_marker",), rated=False),
)

#: The marker as the pages and Archie's evaluation name it (``Game.markers``).
MARKER = "shaken"


def is_shaken(unit) -> bool:
    """Whether ``unit`` carries the Shaken marker."""
    return unit.shaken > 0


def mark(game: Game, unit) -> None:
    """Make ``unit`` Shaken now (again, if it already was: the marker then lasts from now)."""
    u = game.writable_unit(unit)
    newly = not u.shaken
    u.shaken = game.current.number
    game.cache.clear()                  # a Shaken unit has no defensive fire zone
    if newly and game._events is not None:
        game._event({"type": "status", "side": u.side, "unit": u.id, "status": MARKER})


def after_retreat(game: Game, unit) -> None:
    """A unit still on the board has carried out a retreat owed to a flag."""
    if game.options.get("shaken_marker") and unit.id in game.pieces.units:
        mark(game, game.pieces.units[unit.id])


def end_of_turn(game: Game) -> None:
    """The side to play ends its turn: its units marked in an earlier turn lose the marker,
    or, with the recovery roll, each rolls two dice for it (a general in command clears it
    without a roll). Archie's extra die is for attacks, not for this roll."""
    if not game.options.get("shaken_marker"):
        return
    side, number = game.current.active, game.current.number
    recovery = game.options.get("shaken_recovery")
    for u in list(game.pieces.units.values()):
        if u.side != side or not u.shaken or u.shaken >= number:
            continue
        if recovery and game.pieces.general_at[u.hex] is None:
            faces = game._roll(2)
            cleared = SWORDS in faces or FLAG in faces
            game._event({"type": "recovery_roll", "side": side, "unit": u.id, "rolls": faces,
                         "recovered": cleared})
            if not cleared:
                continue
        game.writable_unit(u).shaken = 0
        game.cache.clear()
        game._event({"type": "status", "side": side, "unit": u.id, "status": "steady"})
