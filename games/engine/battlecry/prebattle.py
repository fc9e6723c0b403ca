"""Campaign pre-battle dice (Advanced Rulebook, CAMPAIGN GAMES; rulings C2-C5, C9), for
every Battle Cry ruleset that declares the options :data:`OPTIONS`.

Set up by the options ``prebattle_dice_union`` and ``prebattle_dice_confederate`` (the
dice each side rolls, worked out by the campaign from earlier battles).  With either set,
the deal of command cards waits: the pre-battle steps come first, as ordinary decisions.

1. ``prebattle_roll``: the scenario's first side rolls its dice (action ``roll_prebattle``),
   then the other side (C4).  Each face hurts the opponent:
   infantry/cavalry/artillery -> a ``prebattle_loss`` decision of the opponent (which of its
   units of that kind loses a figure); flag -> a ``prebattle_retreat`` decision (which unit,
   not yet moved back, retreats one hex and where; a unit that cannot retreat loses a
   figure); swords -> one card fewer in the opponent's first hand (never below 1, C5).
   A face with no target has no effect (C3).
2. A unit wiped out gives the roller a flag, as in battle; a general with it is not hit
   (no dice were rolled at him) and retreats as a lone general does.
3. ``prebattle_deal`` (automatic): the hands are dealt, short by the swords, and the turn
   begins.  A side dealt short draws up to 2 cards at the end of its turns, never beyond
   its hand size, until the hand is full again (C5).

What differs between rulesets (where decisions queue, how a figure is lost or a unit falls
back, the deal) is a :class:`Seat` each ruleset fills in; the functions here take it first,
and the ruleset binds it into its handler tables.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .dice import ARTILLERY, CAVALRY, FLAG, INFANTRY, SWORDS
from ..core import Option
from ..core.errors import IllegalAction
from .pieces import Unit
from .units import SIDES, other
from . import retreat

OPTION = {"union": "prebattle_dice_union", "confederate": "prebattle_dice_confederate"}
#: The set-up options a ruleset declares to take campaign pre-battle dice.
OPTIONS: tuple[Option, ...] = (
    Option(OPTION["union"], int, 0,
           "Campaign pre-battle dice the Union rolls before the deal (prebattle.py).",
           choices=tuple(range(0, 41)), label="Union pre-battle dice (campaigns)", chosen_on=()),
    Option(OPTION["confederate"], int, 0,
           "Campaign pre-battle dice the Confederates roll before the deal (prebattle.py).",
           choices=tuple(range(0, 41)), label="Confederate pre-battle dice (campaigns)",
           chosen_on=()),
)
KIND_FACES = (INFANTRY, CAVALRY, ARTILLERY)
PHASES = ("prebattle_roll", "prebattle_loss", "prebattle_retreat")
STEPS = {
    "prebattle_roll": ("roll_prebattle",),
    "prebattle_loss": ("prebattle_loss",),
    "prebattle_retreat": ("prebattle_retreat",),
}
#: Events whose ``rolls`` a replay feeds back (see replay.chance_of).
ROLL_EVENTS = ("prebattle_roll",)


@dataclass(frozen=True, slots=True)
class Seat:
    """How a ruleset's game state takes the pre-battle steps."""

    queue: Callable[[Any], list[dict]]             # the game's pending decisions
    book: Callable[[Any], dict]                    # the bookkeeping (saved with the game)
    start_book: Callable[[Any, dict], None]
    roll: Callable[[Any, int], list[str]]
    event: Callable[[Any, dict], None]
    casualty: Callable[[Any, str], None]           # one figure counted for the side named
    eliminate: Callable[[Any, Unit, str], None]    # a unit wiped out: the side named's flag
    fall_back: Callable[[Any, Unit, int, int, str], None]   # unit, to, hexes made, by
    capacity: Callable[[Any, str], int]            # a side's full hand
    hand: Callable[[Any, str], list]
    draw: Callable[[Any, str, int], Any]
    deals_to: Callable[[Any, str], bool]           # False for a side that holds no hand
    begin_turn: Callable[[Any], None] | None       # after the deal, when anything is due


def dice_of(game: Any, side: str) -> int:
    return int(game.options.get(OPTION[side]) or 0)


def wanted(game: Any) -> bool:
    """True when the options ask for pre-battle dice (the deal then waits for them)."""
    return any(dice_of(game, s) > 0 for s in SIDES)


def begin(seat: Seat, game: Any) -> None:
    """At set-up, instead of the deal: queue the rolls, first side first, then the deal."""
    seat.start_book(game, {"swords": {s: 0 for s in SIDES}, "retreated": [],
                           "catch_up": {s: False for s in SIDES}})
    queue = seat.queue(game)
    first = game.scenario.first_side
    for side in (first, other(first)):
        if dice_of(game, side) > 0:
            queue.append({"do": "prebattle_roll", "side": side, "ready": True,
                          "dice": dice_of(game, side)})
    queue.append({"do": "prebattle_deal", "side": None})


# -- choices ---------------------------------------------------------------------------------
def _targets(seat: Seat, game: Any, item: dict) -> list:
    side = item["side"]
    if item["do"] == "prebattle_loss":
        return [u for u in game.pieces.units.values() if u.side == side and u.kind == item["kind"]]
    return [u for u in game.pieces.units.values()
            if u.side == side and u.id not in seat.book(game)["retreated"]]


def choices(seat: Seat, game: Any) -> list[dict]:
    """The legal actions of the pre-battle decision first in the queue."""
    item = seat.queue(game)[0]
    if item["do"] == "prebattle_roll":
        return [{"type": "roll_prebattle"}]
    if item["do"] == "prebattle_loss":
        return [{"type": "prebattle_loss", "unit": u.id} for u in _targets(seat, game, item)]
    out = []
    for u in _targets(seat, game, item):
        made, ends = retreat.unit_retreat(game, u, 1)
        out += [{"type": "prebattle_retreat", "unit": u.id, "to": game.board.hex_json[h]} for h in ends]
    return out


def auto_check(seat: Seat, game: Any, check: dict) -> None:
    """Before each choice (queued just ahead of it): drop the choice when it has nothing to
    choose from any more, e.g. the only unit of that kind was destroyed (no effect, C3)."""
    queue = seat.queue(game)
    item = queue[0] if queue else None
    if item and item["do"] in ("prebattle_loss", "prebattle_retreat") and not _targets(seat, game, item):
        queue.pop(0)
        seat.event(game, {"type": "prebattle_no_effect", "side": item["side"], "by": item["by"],
                          "face": item.get("kind", FLAG)})


# -- handlers --------------------------------------------------------------------------------
def do_roll(seat: Seat, game: Any, a: dict) -> None:
    queue = seat.queue(game)
    item = queue.pop(0)
    roller, target = item["side"], other(item["side"])
    faces = seat.roll(game, item["dice"])
    seat.event(game, {"type": "prebattle_roll", "side": roller, "dice": item["dice"], "rolls": faces})
    follow: list[dict[str, Any]] = []
    check = {"do": "prebattle_check", "side": None}
    for f in faces:
        if f in KIND_FACES:
            follow += [dict(check), {"do": "prebattle_loss", "side": target, "by": roller,
                                     "kind": f, "ready": True}]
        elif f == FLAG:
            follow += [dict(check), {"do": "prebattle_retreat", "side": target, "by": roller,
                                     "ready": True}]
        elif f == SWORDS:
            seat.book(game)["swords"][target] += 1
    queue[0:0] = follow


def _check_unit(seat: Seat, game: Any, item: dict, uid: Any) -> Unit:
    u = game.pieces.units.get(uid) if isinstance(uid, str) else None
    if u is None or u not in _targets(seat, game, item):
        what = item.get("kind", "unit") if item["do"] == "prebattle_loss" else "unit not yet moved back"
        raise IllegalAction(f"Choose one of your own {what} units.")
    return u


def do_loss(seat: Seat, game: Any, a: dict) -> None:
    queue = seat.queue(game)
    item = queue[0]
    u = _check_unit(seat, game, item, a.get("unit"))
    queue.pop(0)
    u = game.writable_unit(u)
    u.figures -= 1
    seat.casualty(game, item["by"])
    seat.event(game, {"type": "prebattle_loss", "unit": u.id, "side": u.side, "by": item["by"],
                      "kind": u.kind, "hex": game.board.hexes[u.hex].to_json(),
                      "figures_left": u.figures})
    if u.figures == 0:
        seat.eliminate(game, u, item["by"])


def do_retreat(seat: Seat, game: Any, a: dict) -> None:
    queue = seat.queue(game)
    item = queue[0]
    u = _check_unit(seat, game, item, a.get("unit"))
    made, ends = retreat.unit_retreat(game, u, 1)
    try:
        to = game.board.index_of(a.get("to"))
    except (KeyError, TypeError, ValueError):
        raise IllegalAction(f"{a.get('to')!r} is not a hex on the board.") from None
    if to not in ends:
        raise IllegalAction(f"That unit cannot retreat to {game.board.hexes[to]}.")
    queue.pop(0)
    seat.book(game)["retreated"].append(u.id)
    seat.event(game, {"type": "prebattle_retreat", "unit": u.id, "side": u.side, "by": item["by"]})
    seat.fall_back(game, u, to, made, item["by"])


def auto_deal(seat: Seat, game: Any, item: dict) -> None:
    """The deal, short by the swords rolled against each side, then the turn begins."""
    book = seat.book(game)
    first = game.scenario.first_side
    for side in (first, other(first)):
        if not seat.deals_to(game, side):
            continue
        full = seat.capacity(game, side)
        short = book["swords"][side]
        cards = max(1, full - short)
        book["catch_up"][side] = cards < full
        seat.event(game, {"type": "prebattle_hand", "side": side, "cards": cards, "short": full - cards})
        seat.draw(game, side, cards)
    if seat.begin_turn is not None:
        seat.begin_turn(game)


def draw_count(seat: Seat, game: Any, side: str, normal: int) -> int:
    """Cards ``side`` draws at the end of its turn: up to 2 while dealt short (C5)."""
    catch_up = (seat.book(game) or {}).get("catch_up", {})
    if not catch_up.get(side):
        return normal
    room = seat.capacity(game, side) - len(seat.hand(game, side))
    if room <= normal:
        catch_up[side] = False
        return normal
    return min(2, room)


def handlers(seat: Seat) -> dict[str, Callable[[Any, dict], None]]:
    """The pre-battle actions' handlers, bound to a ruleset's seat."""
    return {"roll_prebattle": lambda g, a: do_roll(seat, g, a),
            "prebattle_loss": lambda g, a: do_loss(seat, g, a),
            "prebattle_retreat": lambda g, a: do_retreat(seat, g, a)}


def automatic(seat: Seat) -> dict[str, Callable[[Any, dict], None]]:
    """The pre-battle steps nobody decides, bound to a ruleset's seat."""
    return {"prebattle_deal": lambda g, item: auto_deal(seat, g, item),
            "prebattle_check": lambda g, item: auto_check(seat, g, item)}
