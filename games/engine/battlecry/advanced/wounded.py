"""The wounded general, the option of risk to the general (seed 002, L63; docs/rulings.md H30):
a general struck down rolls one die; unless it shows swords or a flag he is only wounded, off
the board and on the enemy's victory stand as a flag until he returns, which he may do at
the start of any later turn of his side on swords or a flag.

A wounded general is the entry of the enemy's ``captured`` list marked ``"wounded"``."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Option
from ..dice import FLAG, SWORDS
from ..pieces import General
from ..units import other
from .. import retreat
from . import dice_command, hand

if TYPE_CHECKING:
    from .game import Game

OPTIONS: tuple[Option, ...] = (
    Option("wounded_generals", bool, False,
           "A general struck down rolls a die: only swords or a flag kill him; otherwise he "
           "is wounded, counts as a flag for the enemy, and may come back on swords or a flag "
           "at the start of a later turn of his side.",
           label="House rule: risk to the general, wounded", requires=("risk_to_general",),
           excludes=("team_mode",), rated=False,
           chosen_on=("match", "solo", "campaign", "competition"),       # not at team tables
           why="in team games each general belongs to a seat's command, and the rule does "
               "not say which seat a returning general would join."),
)

#: The faces that kill a general struck down, and that bring a wounded one back.
FACES = (SWORDS, FLAG)


def struck_down(game: Game, general) -> bool:
    """A general struck down rolls for his life: True when he is only wounded."""
    if not game.options.get("wounded_generals"):
        return False
    faces = game._roll(1)
    wounded = faces[0] not in FACES
    game._event({"type": "wound_roll", "general": general.id, "side": general.side,
                 "rolls": faces, "wounded": wounded})
    return wounded


def begin_turn(game: Game) -> None:
    """At the start of its turn, each wounded general of the side to play rolls one die to
    return: he joins the friendly unit without a general farthest from the enemy (the
    default policy of ruling 29) and his side draws the card his return adds to its hand."""
    if not game.options.get("wounded_generals"):
        return
    side = game.current.active
    stand = game.score.captured[other(side)]
    for entry in [e for e in stand if e.get("wounded")]:
        pieces = game.pieces
        hexes = [u.hex for u in pieces.units.values()
                 if u.side == side and pieces.general_at[u.hex] is None]
        if not hexes:
            return
        faces = game._roll(1)
        back = faces[0] in FACES
        to = retreat.default_choice(game, side, hexes) if back else None
        game._event({"type": "general_return_roll", "general": entry["id"], "side": side,
                     "rolls": faces, "returned": back,
                     **({"hex": game.board.hexes[to].to_json()} if to is not None else {})})
        if to is None:
            continue
        stand.remove(entry)
        g = General(entry["id"], side, to, entry.get("name", ""))
        g.owner = game._token
        pieces.generals[g.id] = g
        pieces.general_at[to] = g.id
        game.cache.clear()
        if side != game.archie and not dice_command.in_force(game):
            hand._draw(game, side, 1)
