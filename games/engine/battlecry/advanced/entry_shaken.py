"""The optional Shaken rolls on entering woods and streams (seed 002 L75-77 and L79;
docs/rulings.md H70-H73): a unit that moves into the ground rolls one die and is marked
Shaken (:func:`shaken.mark`) on crossed swords or a flag, on swords only when a friendly
general is with it or next to it. Each is a sub-option of its terrain rule and of
``shaken_marker``, whose marker carries what being Shaken means (no battle this turn).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Option
from ..dice import FLAG, SWORDS
from . import shaken

if TYPE_CHECKING:
    from .game import Game

OPTIONS: tuple[Option, ...] = (
    Option("woods_shaken_roll", bool, False,
           "A unit that moves into woods rolls a die: swords or a flag and it is Shaken (swords "
           "only with a general in command or next to it), so it may not battle.",
           label="House rule: woods, with the Shaken roll",
           requires=("terrain_woods", "shaken_marker"), rated=False),
    Option("stream_shaken_roll", bool, False,
           "A unit that moves into a river rolls a die as for woods and may be Shaken.",
           label="House rule: streams, with the Shaken roll",
           requires=("terrain_stream", "shaken_marker"), rated=False),
)

#: The terrain kind (``game.field.terrain``) each roll is about, by option name. A bridge is
#: not entering the stream (H71).
GROUND = {"woods_shaken_roll": "woods", "stream_shaken_roll": "river"}


def after_move(game: Game, uid: str, to: int) -> None:
    """Unit ``uid`` has moved on orders into hex ``to`` (and taken any withdrawal fire on
    leaving): if it still stands there and the ground's Shaken roll is in force, it rolls
    one die for it (Archie's extra die is for attacks, not for this roll)."""
    u = game.pieces.units.get(uid)
    if u is None or u.hex != to:
        return
    kind = game.field.terrain[to]
    if kind is None or not any(game.options.get(name) and kind == ground
                               for name, ground in GROUND.items()):
        return
    led = _led(game, u)
    faces = game._roll(1)
    shaken_now = faces[0] == SWORDS or (faces[0] == FLAG and not led)
    if game._events is not None:
        game._event({"type": "shaken_roll", "side": u.side, "unit": u.id,
                     "hex": game.board.hexes[to].to_json(), "rolls": faces,
                     "shaken": shaken_now})
    if shaken_now:
        shaken.mark(game, u)


def _led(game: Game, u) -> bool:
    """A friendly general is with ``u`` or in a hex next to it (L75)."""
    pieces = game.pieces
    for h in (u.hex, *game.board.adjacent[u.hex]):
        gid = pieces.general_at[h]
        if gid is not None and pieces.generals[gid].side == u.side:
            return True
    return False
