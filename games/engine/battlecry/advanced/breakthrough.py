"""The house rule of the breakthrough (seed 002, L37, L23, L29; docs/rulings.md H31): an
infantry or cavalry unit whose melee clears the defender's hex may advance into it; cavalry
may press on one hex more, and cavalry, or infantry with a general in command, may then
attack once more, an adjacent enemy only. Once a turn per unit. Another unit may advance in
the attacker's place (L37, L49; H88): one next to the cleared hex not yet activated,
or one supporting the attacker, which passes through it.

The advance is the take-ground decision of :mod:`battle` (without a general needed); the
hex more is the ``press_on`` decision; ``game.fx.breakthrough`` holds, per unit that broke
through this turn, whether its second attack is still to come (1) or not (0)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Option
from ..contact import enemy_zone
from ..units import CAVALRY, INFANTRY
from .hex_choice import take_hex_choice

if TYPE_CHECKING:
    from .game import Game

OPTIONS: tuple[Option, ...] = (
    Option("breakthrough_advance", bool, False,
           "A unit whose melee clears the hex, or a friend beside the hex not yet activated, "
           "or one supporting it, may advance into it, once a turn; cavalry may go one hex "
           "more, and cavalry or infantry with a general may then attack an adjacent enemy "
           "again, which gets no return fire.",
           label="House rule: breakthrough", rated=False),
)


def in_force(game: Game) -> bool:
    return bool(game.options.get("breakthrough_advance"))


def may_advance(game: Game, unit, h: int) -> bool:
    """Whether ``unit`` may break through into the cleared hex ``h`` now."""
    pieces = game.pieces
    return (unit.id not in game.fx.breakthrough and pieces.unit_at[h] is None
            and pieces.general_at[h] is None and game.board.dist[unit.hex][h] == 1)


def movers(game: Game, item) -> list[str]:
    """The units that may break through into the hex cleared by the attack of ``item``'s
    unit, the attacker first: also a unit of its side next to that hex that has not battled
    this turn, and a unit supporting the attacker (next to it, no enemy next to itself) that
    reaches the hex through it; infantry or cavalry, not Shaken, once a turn each (H88)."""
    pieces, h = game.pieces, item["hex"]
    u = pieces.units.get(item["unit"])
    if u is None or pieces.unit_at[h] is not None or pieces.general_at[h] is not None:
        return []
    out = [u.id] if may_advance(game, u, h) else []
    zone, dist, adjacent = enemy_zone(game, u.side), game.board.dist, game.board.adjacent
    command = game.team.command if game.team is not None else None
    attacked, ordered, broke = game.current.attacked, game.current.ordered, game.fx.breakthrough
    others = set()
    for n in (*adjacent[h], *adjacent[u.hex]):
        uid = pieces.unit_at[n]
        if uid is None or uid == u.id or uid in broke:
            continue
        friend = pieces.units[uid]
        if friend.side != u.side or friend.kind not in (INFANTRY, CAVALRY) or friend.shaken:
            continue
        if command is not None and command.get(uid) != command.get(u.id):
            continue            # in team games, a unit of the same commander's only
        next_to_hex = dist[n][h] == 1 and uid not in attacked and uid not in ordered
        supporting = dist[n][u.hex] == 1 and not zone[n] and dist[n][h] <= 2
        if next_to_hex or supporting:
            others.add(uid)
    return out + sorted(others)


def second_attack_pending(game: Game, unit) -> bool:
    """Whether the unit's breakthrough attack is still to come this turn."""
    return bool(game.fx.breakthrough.get(unit.id))


def advanced(game: Game, unit) -> None:
    """The unit has broken through: it is owed its second attack if it is cavalry or has a
    general in command and has battled this turn (one that has not keeps its own battle,
    H88); cavalry may first press on one hex."""
    second = (unit.kind == CAVALRY or game.pieces.general_at[unit.hex] is not None) and (
        unit.id in game.current.attacked)
    game.fx.breakthrough[unit.id] = int(second)
    if unit.kind == CAVALRY:
        options = onward(game, unit)
        if options:
            game.decisions.pending.insert(0, {"do": "press_on", "side": unit.side,
                                              "unit": unit.id, "options": options})


def onward(game: Game, unit) -> list[int]:
    """The hexes next to the unit it may press on to: empty of pieces and passable."""
    pieces, field = game.pieces, game.field
    return [n for n in game.board.adjacent[unit.hex]
            if pieces.unit_at[n] is None and pieces.general_at[n] is None
            and not field.impassable[n]]


def do_press_on(game: Game, a) -> None:
    item, to = take_hex_choice(game, a, "Another unit is pressing on now.",
                               "That unit cannot press on to {hex}.")
    u = game.pieces.units[item["unit"]]
    frm = u.hex
    game.place_unit(u, to)
    game._event({"type": "pressed_on", "unit": u.id, "side": u.side,
                 "from": game.board.hexes[frm].to_json(), "to": game.board.hexes[to].to_json()})
