"""Campaign pre-battle dice (Advanced Rulebook, CAMPAIGN GAMES; rulings C2-C5).

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

The bookkeeping lives in the declared state field ``prebattle``.  In Epic games only the
Commanding Generals roll and choose: the side is the decider here, so that needs no change
here when Epic play arrives.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dice import ARTILLERY, CAVALRY, FLAG, INFANTRY, SWORDS
from ...core.errors import IllegalAction
from ..units import SIDES, other
from . import battle, tactics, turn
from .. import retreat

if TYPE_CHECKING:
    from .game import Game

OPTION = {"union": "prebattle_dice_union", "confederate": "prebattle_dice_confederate"}
KIND_FACES = (INFANTRY, CAVALRY, ARTILLERY)
PHASES = ("prebattle_roll", "prebattle_loss", "prebattle_retreat")
STEPS = {
    "prebattle_roll": ("roll_prebattle",),
    "prebattle_loss": ("prebattle_loss",),
    "prebattle_retreat": ("prebattle_retreat",),
}
#: Events whose ``rolls`` a replay feeds back (see replay.chance_of).
ROLL_EVENTS = ("prebattle_roll",)


def dice_of(game: Game, side: str) -> int:
    return int(game.options.get(OPTION[side]) or 0)


def wanted(game: Game) -> bool:
    """True when the options ask for pre-battle dice (the deal then waits for them)."""
    return any(dice_of(game, s) > 0 for s in SIDES)


def begin(game: Game) -> None:
    """At set-up, instead of the deal: queue the rolls, first side first, then the deal."""
    game.decisions.prebattle = {"swords": {s: 0 for s in SIDES}, "retreated": [],
                      "catch_up": {s: False for s in SIDES}}
    first = game.scenario.first_side
    for side in (first, other(first)):
        if dice_of(game, side) > 0:
            game.decisions.pending.append({"do": "prebattle_roll", "side": side, "ready": True,
                                 "dice": dice_of(game, side)})
    game.decisions.pending.append({"do": "prebattle_deal", "side": None})


# -- choices ---------------------------------------------------------------------------------
def _targets(game: Game, item: dict) -> list:
    side = item["side"]
    if item["do"] == "prebattle_loss":
        return [u for u in game.pieces.units.values() if u.side == side and u.kind == item["kind"]]
    return [u for u in game.pieces.units.values()
            if u.side == side and u.id not in game.decisions.prebattle["retreated"]]


def choices(game: Game, item: dict) -> list[dict]:
    """The legal actions of a pre-battle decision."""
    if item["do"] == "prebattle_roll":
        return [{"type": "roll_prebattle"}]
    if item["do"] == "prebattle_loss":
        return [{"type": "prebattle_loss", "unit": u.id} for u in _targets(game, item)]
    out = []
    for u in _targets(game, item):
        made, ends = retreat.unit_retreat(game, u, 1)
        out += [{"type": "prebattle_retreat", "unit": u.id, "to": game.board.hex_json[h]} for h in ends]
    return out


def auto_check(game: Game, check: dict) -> None:
    """Before each choice (queued just ahead of it): drop the choice when it has nothing to
    choose from any more, e.g. the only unit of that kind was destroyed (no effect, C3)."""
    item = game.decisions.pending[0] if game.decisions.pending else None
    if item and item["do"] in ("prebattle_loss", "prebattle_retreat") and not _targets(game, item):
        game.decisions.pending.pop(0)
        game._event({"type": "prebattle_no_effect", "side": item["side"], "by": item["by"],
                     "face": item.get("kind", FLAG)})


# -- handlers --------------------------------------------------------------------------------
def do_roll(game: Game, a: dict) -> None:
    item = game.decisions.pending.pop(0)
    roller, target = item["side"], other(item["side"])
    faces = game._roll(item["dice"])
    game._event({"type": "prebattle_roll", "side": roller, "dice": item["dice"], "rolls": faces})
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
            game.decisions.prebattle["swords"][target] += 1
    game.decisions.pending[0:0] = follow


def _check_unit(game: Game, item: dict, uid: Any):
    u = game.pieces.units.get(uid) if isinstance(uid, str) else None
    if u is None or u not in _targets(game, item):
        what = item.get("kind", "unit") if item["do"] == "prebattle_loss" else "unit not yet moved back"
        raise IllegalAction(f"Choose one of your own {what} units.")
    return u


def do_loss(game: Game, a: dict) -> None:
    item = game.decisions.pending[0]
    u = _check_unit(game, item, a.get("unit"))
    game.decisions.pending.pop(0)
    u = game.writable_unit(u)
    u.figures -= 1
    game.score.casualties[item["by"]] += 1
    game._event({"type": "prebattle_loss", "unit": u.id, "side": u.side, "by": item["by"],
                 "kind": u.kind, "hex": game.board.hexes[u.hex].to_json(), "figures_left": u.figures})
    if u.figures == 0:
        battle._eliminate(game, u, item["by"], 0, False)


def do_retreat(game: Game, a: dict) -> None:
    item = game.decisions.pending[0]
    u = _check_unit(game, item, a.get("unit"))
    made, ends = retreat.unit_retreat(game, u, 1)
    to = game._hex(a.get("to"))
    if to not in ends:
        raise IllegalAction(f"That unit cannot retreat to {game.board.hexes[to]}.")
    game.decisions.pending.pop(0)
    game.decisions.prebattle["retreated"].append(u.id)
    game._event({"type": "prebattle_retreat", "unit": u.id, "side": u.side, "by": item["by"]})
    battle._retreat_unit(game, u, to, {"steps": 1, "made": made, "attacker_side": item["by"],
                                       "dice": 0, "melee": False})


def auto_deal(game: Game, item: dict) -> None:
    """The deal, short by the swords rolled against each side, then the turn begins."""
    first = game.scenario.first_side
    for side in (first, other(first)):
        if side == game.archie:
            continue
        full = turn.capacity(game, side)
        short = game.decisions.prebattle["swords"][side]
        cards = max(1, full - short)
        game.decisions.prebattle["catch_up"][side] = cards < full
        game._event({"type": "prebattle_hand", "side": side, "cards": cards, "short": full - cards})
        turn._draw(game, side, cards)
    tactics.begin_turn_cards(game)


def draw_count(game: Game, side: str, normal: int) -> int:
    """Cards ``side`` draws at the end of its turn: up to 2 while dealt short (C5)."""
    catch_up = (game.decisions.prebattle or {}).get("catch_up", {})
    if not catch_up.get(side):
        return normal
    room = turn.capacity(game, side) - len(game.cards.hands[side])
    if room <= normal:
        catch_up[side] = False
        return normal
    return min(2, room)


HANDLERS = {"roll_prebattle": do_roll, "prebattle_loss": do_loss, "prebattle_retreat": do_retreat}
AUTOMATIC = {"prebattle_deal": auto_deal, "prebattle_check": auto_check}
