"""The house rule of the breakthrough (seed 002, L37, L23, L29; docs/rulings.md H31): an
infantry or cavalry unit whose melee clears the defender's hex may advance into it; cavalry
may press on one hex more, and cavalry, or infantry with a general in command, may then
attack once more, an adjacent enemy only. Once a turn per unit. Another unit may advance in
the attacker's place (L37, L49; H88): one next to the cleared hex not yet activated,
or one supporting the attacker, which passes through it.

The advance is the take-ground decision of :mod:`battle` (without a general needed); the
hex more is the ``press_on`` decision; ``game.fx.breakthrough`` holds, per unit that broke
through this turn, whether its second attack is still to come (1) or not (0).

Under the house rule of support alone (L49, H90) a unit supporting the attacker may still
leapfrog through it into the cleared hex, without a breakthrough attack; the attacker itself
takes ground only with a general, as in the Advanced rules. Either way a supporter that
passes through the attacker may take the attacker's general with it (L37, H91)."""
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


def others_may_advance(game: Game) -> bool:
    """Whether a unit other than the attacker may move into a hex its melee cleared: under
    the breakthrough (H88) or, for a supporter's leapfrog, under support (H90)."""
    return in_force(game) or bool(game.options.get("mutual_support"))


def led_may_take(game: Game, u, h: int) -> bool:
    """The Advanced taking ground (ruling 31): the attacker with its own general in command
    may move into the empty hex ``h``."""
    pieces = game.pieces
    gid = pieces.general_at[u.hex]
    return (gid is not None and pieces.generals[gid].side == u.side
            and pieces.unit_at[h] is None and pieces.general_at[h] is None and u.hex != h)


def may_advance(game: Game, unit, h: int) -> bool:
    """Whether ``unit`` may break through into the cleared hex ``h`` now."""
    pieces = game.pieces
    return (unit.id not in game.fx.breakthrough and pieces.unit_at[h] is None
            and pieces.general_at[h] is None and game.board.dist[unit.hex][h] == 1)


def movers(game: Game, item) -> list[str]:
    """The units that may break through into the hex cleared by the attack of ``item``'s
    unit, the attacker first: also a unit of its side next to that hex that has not battled
    this turn, and a unit supporting the attacker (next to it, no enemy next to itself) that
    reaches the hex through it; infantry or cavalry, not Shaken, once a turn each (H88).
    Under support alone: the attacker if it has a general, and the supporters (H90)."""
    pieces, h = game.pieces, item["hex"]
    u = pieces.units.get(item["unit"])
    if u is None or pieces.unit_at[h] is not None or pieces.general_at[h] is not None:
        return []
    breaking = in_force(game)
    if breaking:
        out = [u.id] if may_advance(game, u, h) else []
    else:
        out = [u.id] if led_may_take(game, u, h) else []
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
        next_to_hex = (breaking and dist[n][h] == 1 and uid not in attacked
                       and uid not in ordered)
        supporting = dist[n][u.hex] == 1 and not zone[n] and dist[n][h] <= 2
        if next_to_hex or supporting:
            others.add(uid)
    return out + sorted(others)


def general_to_pick_up(game: Game, item, uid: str) -> str | None:
    """The attacker's general that unit ``uid``, a supporter passing through the attacker on
    its way into the cleared hex, may take with it (L37, H91): the attacker has one of its
    side in command, and the mover none of its own (two generals never share a hex)."""
    pieces = game.pieces
    u, mover = pieces.units.get(item["unit"]), pieces.units.get(uid)
    if u is None or mover is None or mover.id == u.id:
        return None
    gid = pieces.general_at[u.hex]
    if gid is None or pieces.generals[gid].side != u.side or pieces.general_at[mover.hex] is not None:
        return None
    if game.board.dist[mover.hex][u.hex] != 1 or enemy_zone(game, u.side)[mover.hex]:
        return None             # only a supporter goes through the attacker
    return gid


def take_with(game: Game, gid: str, to: int) -> None:
    """The attacker's general goes with the supporter that passed through into hex ``to``."""
    pieces = game.pieces
    g = game.writable_general(pieces.generals[gid])
    pieces.general_at[g.hex] = None
    pieces.general_at[to] = gid
    g.hex = to
    game.cache.clear()


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
