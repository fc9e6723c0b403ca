"""The house rule of command by dice (seed 002, L13; docs/rulings.md H29): no command cards; at
the start of its turn a side rolls one die and one per general it has on the board, and each
symbol orders one unit of that kind, each flag one unit of any kind, swords nothing. A symbol
of a kind the side no longer has is rolled again, once, and then counts for nothing."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Option
from ..dice import ARTILLERY as ARTILLERY_FACE, CAVALRY as CAVALRY_FACE, FLAG, INFANTRY as INFANTRY_FACE
from ..prebattle import OPTION as PREBATTLE
from ..units import ARTILLERY, CAVALRY, INFANTRY

if TYPE_CHECKING:
    from .game import Game

OPTIONS: tuple[Option, ...] = (
    Option("dice_command", bool, False,
           "No command cards: each turn a side rolls one die plus one per general on the "
           "board; each symbol orders a unit of that kind, each flag a unit of any kind.",
           label="House rule: command by dice", rated=False,
           chosen_on=("match", "solo", "competition"),     # not where cards are needed
           excludes=("nightfall", "team_mode", "discard_instead_of_play",
                     PREBATTLE["union"], PREBATTLE["confederate"]),
           why="with command by dice nobody holds or draws cards, and Nightfall, team play, "
               "discarding and a campaign's pre-battle dice all work through the cards."),
)

#: The kind of unit each symbol orders.
KIND_OF = {INFANTRY_FACE: INFANTRY, CAVALRY_FACE: CAVALRY, ARTILLERY_FACE: ARTILLERY}
#: The quota key of a flag: a unit of any kind.
ANY = "any"


def in_force(game: Game) -> bool:
    return bool(game.options.get("dice_command"))


def begin(game: Game) -> None:
    """The side to play rolls for its orders; the turn goes on to the order step."""
    side = game.current.active
    n = 1 + sum(1 for g in game.pieces.generals.values() if g.side == side)
    have = {u.kind for u in game.pieces.units.values() if u.side == side}
    first = game._roll(n)
    missing = [f for f in first if f in KIND_OF and KIND_OF[f] not in have]
    again = game._roll(len(missing)) if missing else []
    result = [f for f in first if f not in missing]
    dead = set(missing)
    result += [f for f in again if f not in dead]
    quota = {INFANTRY: 0, CAVALRY: 0, ARTILLERY: 0, ANY: 0}
    for f in result:
        if f in KIND_OF:
            quota[KIND_OF[f]] += 1
        elif f == FLAG:
            quota[ANY] += 1
    game._event({"type": "command_roll", "side": side, "dice": n, "rolls": first + again,
                 "rerolled": len(again), "orders": dict(quota)})
    game.current.orders_left = sum(quota.values())
    if game.current.orders_left:
        game.current.step = "order"
        game.current.order_rule = {"by": "dice", "quota": quota}
    else:                               # all swords: nothing to order, the turn moves on
        game.current.step = "move"
        game.current.order_rule = None


def eligible(rule: dict, unit) -> bool:
    """Whether the roll still orders a unit of this kind."""
    quota = rule["quota"]
    return quota.get(unit.kind, 0) > 0 or quota[ANY] > 0


def spend(rule: dict, unit) -> None:
    """An order given to ``unit``: its own symbol first, else a flag."""
    quota = rule["quota"]
    if quota.get(unit.kind, 0) > 0:
        quota[unit.kind] -= 1
    else:
        quota[ANY] -= 1
