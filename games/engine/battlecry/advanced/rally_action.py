"""The house rule of rally as an action (seed 002, L65; docs/rulings.md H27): an ordered unit
that moved no closer to the enemy may roll to regain a figure instead of battling. The
action is ``rally_unit`` in the battle step (:mod:`turn` records who moved closer)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Option
from ...core.errors import IllegalAction
from ..dice import ARTILLERY as ARTILLERY_FACE, FLAG
from ..sight import has_line_of_sight
from ..units import ARTILLERY, FULL_FIGURES
from .defensive_fire_zone import ICON

if TYPE_CHECKING:
    from .game import Game

OPTIONS: tuple[Option, ...] = (
    Option("rally_action", bool, False,
           "An ordered unit that moved no closer to the enemy may rally instead of battling: "
           "two dice (three with a general), one fewer near the enemy; its symbol or a flag "
           "brings back a figure.",
           label="House rule: rally as an action", rated=False),
)

#: Within this many hexes (and in sight) enemy infantry or cavalry costs the roll a die.
NEAR_FIRE = 2
#: Within this many hexes enemy artillery costs the roll a die.
NEAR_GUNS = 3


def nearest_enemy(game: Game, side: str, h: int) -> int:
    """Hexes from ``h`` to the nearest enemy unit (a large number when none is left)."""
    dist = game.board.dist[h]
    return min((dist[u.hex] for u in game.pieces.units.values() if u.side != side), default=99)


def closer(game: Game, side: str, frm: int, to: int) -> bool:
    """Whether a move from ``frm`` to ``to`` brings a unit of ``side`` nearer the enemy."""
    return nearest_enemy(game, side, to) < nearest_enemy(game, side, frm)


def starting_strength(game: Game, unit) -> int:
    """The figures the unit began the battle with (a reinforcement: a full unit)."""
    for s in game.scenario.units:
        if s.id == unit.id:
            return s.figures
    return FULL_FIGURES[unit.kind]


def may_rally(game: Game, unit) -> bool:
    """Whether the unit may take the rally action now (its side's battle step)."""
    current = game.current
    return (bool(game.options.get("rally_action")) and current.step == "battle"
            and unit.side == current.active and unit.id in current.ordered
            and unit.id not in current.attacked and unit.id not in game.fx.moved_closer
            and unit.figures < starting_strength(game, unit))


def why_not(game: Game, unit) -> str:
    """Why :func:`may_rally` refuses, in words."""
    if unit.id not in game.current.ordered:
        return "Only an ordered unit may rally."
    if unit.id in game.current.attacked:
        return "That unit has already battled or rallied this turn."
    if unit.id in game.fx.moved_closer:
        return "A unit that moved closer to the enemy may not rally this turn."
    return "That unit is at its starting strength."


def dice(game: Game, unit) -> tuple[int, list[dict]]:
    """The dice of the roll and why: 2, 3 with a general, one fewer near the enemy."""
    n, why = 2, []
    if game.pieces.general_at[unit.hex] is not None:
        n += 1
        why.append({"why": "general in command", "dice": 1})
    dist = game.board.dist[unit.hex]
    for e in game.pieces.units.values():
        if e.side == unit.side:
            continue
        if e.kind == ARTILLERY:
            near = dist[e.hex] <= NEAR_GUNS
        else:
            near = dist[e.hex] <= NEAR_FIRE and has_line_of_sight(game, e.hex, unit.hex, e)
        if near:
            n -= 1
            why.append({"why": "enemy near", "dice": -1})
            break
    return n, why


def do_rally_unit(game: Game, a) -> None:
    u = game._unit(a.get("unit"))
    if u.side != game.current.active:
        raise IllegalAction("You can only rally your own units.")
    if not may_rally(game, u):
        raise IllegalAction(why_not(game, u))
    rally_unit_unchecked(game, a)


def rally_unit_unchecked(game: Game, a) -> None:
    u = game.writable_unit(game.pieces.units[a["unit"]])
    game.current.attacked.add(u.id)         # it rallies instead of battling
    n, why = dice(game, u)
    faces = game._roll(n)
    icon = ICON.get(u.kind, ARTILLERY_FACE)
    regained = icon in faces or FLAG in faces
    if regained:
        u.figures += 1
    game._event({"type": "rally_roll", "side": u.side, "unit": u.id, "dice": n, "rolls": faces,
                 "modifiers": why, "regained": regained, "figures": u.figures})
