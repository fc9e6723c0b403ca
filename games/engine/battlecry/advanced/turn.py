"""The player turn: play a card, order units, move, and the end of the turn
(PLAYER TURNS, COMMAND CARDS, MOVEMENT, drawing and hand capacity).

Rules as functions of the game (:class:`games.engine.battlecry.advanced.game.Game`): ``do_*`` carry out
an action after checking it, ``*_unchecked`` the same without the checks (the search
path), ``auto_*`` a pending step the engine settles itself.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import card_of, is_extra
from ...core.errors import IllegalAction
from ..hexgrid import HEXES, SECTION_OF
from ..units import other
from . import battle, movement, prebattle, tactics
from .. import contact

if TYPE_CHECKING:
    from .game import Game

# -- cards ---------------------------------------------------------------------------
def capacity(game: Game, side: str) -> int:
    """Hand capacity: the scenario's cards plus one per friendly general on the board."""
    gens = sum(1 for g in game.generals.values() if g.side == side)
    return max(1, game.scenario.cards[side] + gens - game.hand_reduction.get(side, 0))

def _draw(game: Game, side: str, n: int) -> list[str]:
    drawn = []
    for _ in range(n):
        deck = game.decks[side]
        if not deck:
            if not game.discards[side] or not tactics.reshuffle_allowed(game):
                break
            deck.extend(game.discards[side])
            game.discards[side].clear()
            # the discard pile is public: its extra cards are now known to be this side's
            known = game.returned_extras[side]
            known.extend([c for c in deck if is_extra(c) and c not in known])
            game._shuffle(deck)
            game._event({"type": "reshuffle", "side": side, "cards": len(deck),
                         "secret": {"order": list(deck)}})
        wanted = game._script_draws.pop(0) if game._script_draws else None
        if wanted is not None and wanted in deck:
            deck.remove(wanted)
            deck.append(wanted)
        drawn.append(deck.pop())
    game.hands[side].extend(drawn)
    if drawn:
        game._event({"type": "draw", "side": side, "count": len(drawn),
                     "private": {"side": side, "cards": list(drawn)}})
    return drawn

def _check_hand(game: Game, side: str) -> None:
    if side == game.archie:
        return
    excess = len(game.hands[side]) - capacity(game, side)
    if excess > 0 and not any(p["do"] == "discard" and p["side"] == side for p in game.pending):
        game.pending.append({"do": "discard", "side": side})

# -- ordering ------------------------------------------------------------------------
def in_melee(game: Game, unit) -> bool:
    return contact.next_to_enemy(game, unit.hex, unit.side)

def order_eligible(game: Game, unit) -> bool:
    """May this unit take one of the orders the card in play still gives?"""
    rule = game.order_rule
    if rule is None or game.orders_left <= 0 or unit.id in game.ordered:
        return False
    by = rule["by"]
    if by == "supply":                       # Short Supply: any unit, either side
        return True
    if unit.side != game.active or in_melee(game, unit):
        return False
    if by == "section":
        secs = SECTION_OF[game.positions[unit.side]][unit.hex]
        return any(n > 0 and sec in secs for sec, n in rule["quota"].items())
    if by == "kind":
        return rule["quota"].get(unit.kind, 0) > 0
    if by == "infantry":
        return unit.kind == "infantry"
    if by == "fortify":
        return game.terrain[unit.hex] != "river"
    return True

def _any_eligible(game: Game) -> bool:
    return any(order_eligible(game, u) for u in game.units.values())

def _after_order(game: Game) -> None:
    if game.step == "order" and (game.orders_left <= 0 or not _any_eligible(game)):
        _close_orders(game)

def _close_orders(game: Game) -> None:
    game.step = "move"
    game.order_rule = None

def do_confirm_orders(game: Game, a) -> None:
    game.step = "move"


def do_play_card(game: Game, a) -> None:
    cid, mode = a.get("card"), a.get("mode", "section")
    hand = game.hands[game.active]
    if cid not in hand:
        raise IllegalAction("That card is not in your hand.")
    card = card_of(cid)
    if mode == "skirmish":
        effect = None
    elif mode in ("section", "tactic"):
        effect = tactics.effect_of(game, card.key)
        if effect is None:
            raise IllegalAction("Counter-Attack copies the card your opponent played on "
                                "their last turn, and they have played none yet.")
        tactics.check_card_choice(game, effect, a)
    else:
        raise IllegalAction("Play a card for its own effect or as a skirmish action.")
    _play_card(game, cid, mode, effect, a)

def play_card_unchecked(game: Game, a) -> None:
    cid, mode = a["card"], a.get("mode", "section")
    effect = None if mode == "skirmish" else tactics.effect_of(game, card_of(cid).key)
    _play_card(game, cid, mode, effect, a)

def _play_card(game: Game, cid: str, mode: str, effect: str | None, a: dict) -> None:
    hand = game.hands[game.active]
    card = card_of(cid)
    hand.remove(cid)
    game.card, game.mode, game.effect = cid, mode, effect
    game.step = "order"
    event: dict[str, Any] = {"type": "card_played", "side": game.active, "card": cid, "name": card.name,
             "mode": mode}
    if effect and effect != card.key:
        event["copies"] = effect
    game._event(event)
    if effect is None:
        game.order_rule, game.orders_left = {"by": "any"}, 1
    else:
        game.last_card[game.active] = effect
        tactics.start_effect(game, effect, a, held=len(hand) + 1)
    event["orders"] = game.orders_left + len(game.ordered)
    _after_order(game)

def do_order(game: Game, a) -> None:
    u = game._unit(a.get("unit"))
    rule = game.order_rule or {}
    if rule.get("by") != "supply" and u.side != game.active:
        raise IllegalAction("You can only order your own units.")
    if u.id in game.ordered:
        raise IllegalAction("That unit is already ordered.")
    if rule.get("by") != "supply" and in_melee(game, u):
        raise IllegalAction("Units in melee may not receive orders until the melee is over.")
    if game.orders_left <= 0:
        raise IllegalAction("The card gives no more orders.")
    if not order_eligible(game, u):
        raise IllegalAction(why_not_eligible(game, u))
    _order(game, u)

def order_unchecked(game: Game, a) -> None:
    _order(game, game.units[a["unit"]])

def _order(game: Game, u) -> None:
    rule = game.order_rule or {}
    game.orders_left -= 1
    by = rule["by"]
    if by == "section":
        quota = rule["quota"]
        secs = [s for s in SECTION_OF[game.positions[u.side]][u.hex] if quota.get(s, 0) > 0]
        quota[max(secs, key=lambda s: (quota[s], s))] -= 1
    elif by == "kind":
        rule["quota"][u.kind] -= 1
    if by == "fortify":
        tactics.fortify(game, u)
    elif by == "supply":
        tactics.short_supply(game, u)
    else:
        game.ordered.append(u.id)
        if game._events is not None:
            game._event({"type": "ordered", "side": u.side, "unit": u.id})
        tactics.on_ordered(game, u)
    _after_order(game)

def why_not_eligible(game: Game, u) -> str:
    rule = game.order_rule or {}
    by = rule.get("by")
    if by == "section":
        secs = " or ".join(s for s, n in rule["quota"].items() if n > 0)
        return f"That unit is not on your {secs} section."
    if by == "kind":
        kinds = ", ".join(k for k, n in rule["quota"].items() if n > 0) or "no"
        return f"The card orders only {kinds} units now."
    if by == "infantry":
        return "The card orders an infantry unit."
    if by == "fortify":
        return "Fieldworks cannot be built on a river."
    return "That unit cannot take this order."

# -- movement ------------------------------------------------------------------------
def unit_can_move(game: Game, u) -> bool:
    if u.side != game.active or u.id not in game.ordered or u.id in game.locked:
        return False
    if u.id in game.fx["no_move"]:
        return False
    if game.step == "move_again":
        return u.id in game.fx["hit_and_run"] and u.id not in game.fx["second_moved"]
    return u.id not in game.moved

def general_can_move(game: Game, g) -> bool:
    if g.side != game.active or g.id in game.gen_moved:
        return False
    uid = game.unit_at[g.hex]
    return uid is None or (uid not in game.moved and uid not in game.locked)

def do_move(game: Game, a) -> None:
    u = game._unit(a.get("unit"))
    if u.side != game.active:
        raise IllegalAction("You can only move your own units.")
    if u.id not in game.ordered:
        raise IllegalAction("Only ordered units may move.")
    if u.id in game.locked:
        raise IllegalAction("A general joined that unit this turn; neither may move again.")
    if u.id in game.fx["no_move"]:
        raise IllegalAction("The card played lets that unit battle but not move.")
    if not unit_can_move(game, u):
        raise IllegalAction("That unit has already moved this turn.")
    to = game._hex(a.get("to"))
    dests = movement.unit_destinations(game, u, movement.MOVE_AGAIN if game.step == "move_again" else None)
    if to not in dests:
        raise IllegalAction(f"That unit cannot reach {HEXES[to]} this turn.")
    _move_unit(game, u, to, dests[to])

def move_unchecked(game: Game, a) -> None:
    u = game.units[a["unit"]]
    to = game._hex(a["to"])
    dests = movement.unit_destinations(game, u, movement.MOVE_AGAIN if game.step == "move_again" else None)
    _move_unit(game, u, to, dests[to])

def _move_unit(game: Game, u, to: int, steps: int) -> None:
    frm = u.hex
    joined = game.general_at[to]          # a lone general the unit takes into command
    gid = game.place_unit(u, to)
    if game.step == "move_again":
        game.fx["second_moved"].append(u.id)
    else:
        game.moved[u.id] = steps
    leader = gid if gid is not None else joined
    if leader is not None:
        game.gen_moved.add(leader)
    if game._events is not None:
        game._event({"type": "moved", "side": u.side, "unit": u.id, "kind": u.kind,
                 "from": HEXES[frm].to_json(), "to": HEXES[to].to_json(), "steps": steps,
                 "general": gid})

def do_move_general(game: Game, a) -> None:
    g = game._general(a.get("general"))
    if g.side != game.active:
        raise IllegalAction("You can only move your own generals.")
    if not general_can_move(game, g):
        raise IllegalAction("That general cannot move again this turn.")
    to = game._hex(a.get("to"))
    if to not in movement.general_destinations(game, g):
        raise IllegalAction(f"That general cannot reach {HEXES[to]} this turn.")
    _move_general(game, g, to)

def move_general_unchecked(game: Game, a) -> None:
    _move_general(game, game.generals[a["general"]], game._hex(a["to"]))

def _move_general(game: Game, g, to: int) -> None:
    g = game.writable_general(g)
    frm = g.hex
    left = game.unit_at[frm]
    if game.effect == "leadership" and left in game.ordered and left not in game.moved:
        game.ordered.remove(left)     # ordered only while its general stays with it
    game.general_at[frm] = None
    game.general_at[to] = g.id
    g.hex = to
    movement.forget_after_general_move(game, g.side)
    game.gen_moved.add(g.id)
    joined = game.unit_at[to]
    if joined is not None:
        game.locked.add(joined)
    if game._events is not None:
        game._event({"type": "general_moved", "side": g.side, "general": g.id,
                 "from": HEXES[frm].to_json(), "to": HEXES[to].to_json(), "joined": joined})

def do_end_movement(game: Game, a) -> None:
    game.step = "battle"
    game._event({"type": "battle_phase", "side": game.active})

# -- end of the turn -----------------------------------------------------------------
def do_end_turn(game: Game, a) -> None:
    if battle.compulsory_melees(game):
        raise IllegalAction("Every unit in melee must battle before the turn ends.")
    end_turn_unchecked(game, a)

def end_turn_unchecked(game: Game, a) -> None:
    if game.step == "battle" and any(
            uid in game.units and unit_can_move_again(game, uid) for uid in game.fx["hit_and_run"]):
        game.step = "move_again"
        game._event({"type": "move_again", "side": game.active})
        return
    if game.card:
        tactics.discard_played(game, game.active, game.card)
    order = [game.active]
    if game.fx["fight_back"]:
        order.insert(0, game.fx["fight_back"])
    game.pending.extend({"do": "draw", "side": s} for s in order)
    game.pending.append({"do": "finish_turn", "side": game.active})

def unit_can_move_again(game: Game, uid) -> bool:
    return uid not in game.fx["second_moved"] and bool(movement.unit_destinations(game, game.units[uid], movement.MOVE_AGAIN))

def auto_draw(game: Game, item) -> None:
    side = item["side"]
    if side == game.archie:
        return                                   # Archie holds no hand
    two = side == game.active and game.fx["draw_two"]
    drawn = _draw(game, side, 2 if two else prebattle.draw_count(game, side, 1))
    if two and len(drawn) == 2:
        game.pending.insert(0, {"do": "keep_card", "side": side, "cards": drawn})
    _check_hand(game, side)

def do_keep_card(game: Game, a) -> None:
    item = game.pending[0]
    cid = a.get("card")
    if cid not in item["cards"]:
        raise IllegalAction("Keep one of the two cards you drew.")
    other_card = next(c for c in item["cards"] if c != cid)
    game.hands[item["side"]].remove(other_card)
    game.discards[item["side"]].append(other_card)
    game.pending.pop(0)
    game._event({"type": "kept_card", "side": item["side"], "discarded": other_card})

def do_discard(game: Game, a) -> None:
    item = game.pending[0]
    side = item["side"]
    cid = a.get("card")
    if cid not in game.hands[side]:
        raise IllegalAction("That card is not in your hand.")
    game.hands[side].remove(cid)
    game.discards[side].append(cid)
    game._event({"type": "discarded", "side": side, "card": cid})
    if len(game.hands[side]) <= capacity(game, side):
        game.pending.pop(0)

def auto_finish_turn(game: Game, item) -> None:
    game.check_end_of_turn()
    if game.outcome:
        return
    for u in game.units.values():
        if u.engaged and not in_melee(game, u):
            game.writable_unit(u).engaged = False
    game.active = other(game.active)
    game.turn += 1
    game._reset_turn()
    game.step = "play_card"
    game._event({"type": "turn", "turn": game.turn, "side": game.active})
    game.start_of_turn()
    if not game.outcome:
        tactics.begin_turn_cards(game)
