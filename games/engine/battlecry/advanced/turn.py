"""The player turn: play a card, order units, move, and the end of the turn
(PLAYER TURNS, COMMAND CARDS, MOVEMENT, drawing and hand capacity).

Rules as functions of the game (:class:`games.engine.battlecry.advanced.game.Game`): ``do_*`` carry out
an action after checking it, ``*_unchecked`` the same without the checks (the search
path), ``auto_*`` a pending step the engine settles itself.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import card_of
from ...core.errors import IllegalAction
from ..units import other
from . import (battle, changing_places, combat, defensive_fire_zone, dice_command, entry_shaken, hand,
               house_ground, movement, prebattle, rally_action, shaken, tactics, terrain_victory,
               wounded)
from .. import contact

if TYPE_CHECKING:
    from .game import Game

# -- cards ---------------------------------------------------------------------------
# -- ordering ------------------------------------------------------------------------
def order_eligible(game: Game, unit) -> bool:
    """May this unit take one of the orders the card in play still gives?"""
    current = game.current
    rule = current.order_rule
    if rule is None or current.orders_left <= 0 or unit.id in current.ordered:
        return False
    by = rule["by"]
    if by == "supply":                       # Short Supply: any unit, either side
        return True
    team = game.team
    if team is not None and team.command.get(unit.id) != team.acting:
        return False                         # another Major-General's unit (Epic)
    if unit.side != current.active or contact.enemy_zone(game, unit.side)[unit.hex]:
        return False
    if unit.shaken and not game.options.get("rally_action"):
        return False                         # house rule of Shaken: only to rally (H21, H27)
    if by == "section":
        secs = game.board.section_of[game.field.positions[unit.side]][unit.hex]
        return any(n > 0 and sec in secs for sec, n in rule["quota"].items())
    if by == "kind":
        return rule["quota"].get(unit.kind, 0) > 0
    if by == "dice":
        return dice_command.eligible(rule, unit)
    if by == "infantry":
        return unit.kind == "infantry"
    if by == "fortify":
        return game.field.terrain[unit.hex] != "river"
    return True

def _order_candidates(game: Game) -> list:
    """The units an order could go to, in the pieces' order: the active side's, or every
    unit under Short Supply (the only order that reaches the other side)."""
    rule = game.current.order_rule
    units = game.pieces.units.values()
    if rule is None or rule["by"] == "supply":
        return list(units)
    active = game.current.active
    return [u for u in units if u.side == active]

def orderable(game: Game) -> list:
    """The units that may take an order now (:func:`order_eligible`), in the pieces' order."""
    current = game.current
    if current.order_rule is None or current.orders_left <= 0:
        return []
    return [u for u in _order_candidates(game) if order_eligible(game, u)]

def _any_eligible(game: Game) -> bool:
    current = game.current
    if current.order_rule is None or current.orders_left <= 0:
        return False
    return any(order_eligible(game, u) for u in _order_candidates(game))

def _after_order(game: Game) -> None:
    if game.current.step == "order" and (game.current.orders_left <= 0 or not _any_eligible(game)):
        _close_orders(game)

def _close_orders(game: Game) -> None:
    game.current.step = "move"
    game.current.order_rule = None

def do_confirm_orders(game: Game, a) -> None:
    game.current.step = "move"


def do_play_card(game: Game, a) -> None:
    cid, mode = a.get("card"), a.get("mode", "section")
    hand = game.cards.hands[game.current.active]
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
    hand = game.cards.hands[game.current.active]
    card = card_of(cid)
    hand.remove(cid)
    game.current.card, game.current.mode, game.current.effect = cid, mode, effect
    game.current.step = "order"
    event: dict[str, Any] = {"type": "card_played", "side": game.current.active, "card": cid, "name": card.name,
             "mode": mode}
    if effect and effect != card.key:
        event["copies"] = effect
    game._event(event)
    if effect is None:
        game.current.order_rule, game.current.orders_left = {"by": "any"}, 1
    else:
        game.cards.last_card[game.current.active] = effect
        tactics.start_effect(game, effect, a, held=len(hand) + 1)
    event["orders"] = game.current.orders_left + len(game.current.ordered)
    _after_order(game)

def do_order(game: Game, a) -> None:
    u = game._unit(a.get("unit"))
    rule = game.current.order_rule or {}
    if rule.get("by") != "supply" and u.side != game.current.active:
        raise IllegalAction("You can only order your own units.")
    if u.id in game.current.ordered:
        raise IllegalAction("That unit is already ordered.")
    if rule.get("by") != "supply" and combat.in_melee(game, u):
        raise IllegalAction("Units in melee may not receive orders until the melee is over.")
    if game.current.orders_left <= 0:
        raise IllegalAction("The card gives no more orders.")
    if not order_eligible(game, u):
        raise IllegalAction(why_not_eligible(game, u))
    _order(game, u)

def order_unchecked(game: Game, a) -> None:
    _order(game, game.pieces.units[a["unit"]])

def _order(game: Game, u) -> None:
    rule = game.current.order_rule or {}
    game.current.orders_left -= 1
    by = rule["by"]
    if by == "section":
        quota = rule["quota"]
        secs = [s for s in game.board.section_of[game.field.positions[u.side]][u.hex] if quota.get(s, 0) > 0]
        quota[max(secs, key=lambda s: (quota[s], s))] -= 1
    elif by == "kind":
        rule["quota"][u.kind] -= 1
    elif by == "dice":
        dice_command.spend(rule, u)
    if by == "fortify":
        tactics.fortify(game, u)
    elif by == "supply":
        tactics.short_supply(game, u)
    else:
        game.current.ordered.append(u.id)
        if game._events is not None:
            game._event({"type": "ordered", "side": u.side, "unit": u.id})
        tactics.on_ordered(game, u)
    _after_order(game)

def why_not_eligible(game: Game, u) -> str:
    rule = game.current.order_rule or {}
    by = rule.get("by")
    if u.shaken and by != "supply" and not game.options.get("rally_action"):
        return "A Shaken unit may not be ordered."
    if by == "section":
        secs = " or ".join(s for s, n in rule["quota"].items() if n > 0)
        return f"That unit is not on your {secs} section."
    if by == "kind":
        kinds = ", ".join(k for k, n in rule["quota"].items() if n > 0) or "no"
        return f"The card orders only {kinds} units now."
    if by == "dice":
        kinds = ", ".join(k for k, n in rule["quota"].items() if n > 0) or "no"
        return f"Your command roll orders only {kinds} units now."
    if by == "infantry":
        return "The card orders an infantry unit."
    if by == "fortify":
        return "Fieldworks cannot be built on a river."
    return "That unit cannot take this order."

# -- movement ------------------------------------------------------------------------
def unit_can_move(game: Game, u) -> bool:
    current, fx, uid = game.current, game.fx, u.id
    if u.side != current.active or uid not in current.ordered or uid in current.locked:
        return False
    if uid in fx.no_move:
        return False
    team = game.team
    if team is not None and team.pinned.get(team.acting or "") == current.number:
        return False                         # swords on his own initiative (Epic)
    if current.step == "move_again":
        return uid in fx.hit_and_run and uid not in fx.second_moved
    return uid not in current.moved

def general_can_move(game: Game, g) -> bool:
    current = game.current
    if g.side != current.active or g.id in current.gen_moved:
        return False
    team = game.team
    if team is not None and team.seat_of_general(g.id) != team.acting:
        return False                         # another Major-General's figure (Epic)
    uid = game.pieces.unit_at[g.hex]
    return uid is None or (uid not in current.moved and uid not in current.locked)

def do_move(game: Game, a) -> None:
    u = game._unit(a.get("unit"))
    if u.side != game.current.active:
        raise IllegalAction("You can only move your own units.")
    if u.id not in game.current.ordered:
        raise IllegalAction("Only ordered units may move.")
    if u.id in game.current.locked:
        raise IllegalAction("A general joined that unit this turn; neither may move again.")
    if u.id in game.fx.no_move:
        raise IllegalAction("The card played lets that unit battle but not move.")
    if not unit_can_move(game, u):
        raise IllegalAction("That unit has already moved this turn.")
    to = game._hex(a.get("to"))
    dests = movement.unit_destinations(game, u, _again(game))
    if to not in dests:
        raise IllegalAction(f"That unit cannot reach {game.board.hexes[to]} this turn.")
    _move_unit(game, u, *house_ground.try_entry(game, u, to, dests[to], dests))

def move_unchecked(game: Game, a) -> None:
    u = game.pieces.units[a["unit"]]
    to = game._hex(a["to"])
    dests = movement.unit_destinations(game, u, _again(game))
    _move_unit(game, u, *house_ground.try_entry(game, u, to, dests[to], dests))

def _again(game: Game) -> int | None:
    """The allowance of Hit and Run's second move, or None for the unit's own."""
    return movement.MOVE_AGAIN if game.current.step == "move_again" else None

def _move_unit(game: Game, u, to: int, steps: int) -> None:
    tried_from = movement.entry_tries(game, u, _again(game)).get(to) if game.options.get(
        "dfz_entry_roll") else None
    if tried_from is not None:
        faces = game._roll(1)
        entered = defensive_fire_zone.entry_succeeds(game, u, faces[0])
        if game._events is not None:
            game._event({"type": "entry_roll", "side": u.side, "unit": u.id,
                         "to": game.board.hexes[to].to_json(), "rolls": faces,
                         "entered": entered})
        if not entered:
            to, steps = tried_from, steps - 1       # it stops where it tried from
    frm = u.hex
    if game.options.get("rally_action") and rally_action.closer(game, u.side, frm, to):
        game.fx.moved_closer.append(u.id)
    joined = game.pieces.general_at[to]          # a lone general the unit takes into command
    battle.risk_on_withdrawal(game, u)
    gid = game.place_unit(u, to)
    if game.current.step == "move_again":
        game.fx.second_moved.append(u.id)
    else:
        game.current.moved[u.id] = steps
    leader = gid if gid is not None else joined
    if leader is not None:
        game.current.gen_moved.add(leader)
    if game._events is not None:
        game._event({"type": "moved", "side": u.side, "unit": u.id, "kind": u.kind,
                 "from": game.board.hexes[frm].to_json(), "to": game.board.hexes[to].to_json(), "steps": steps,
                 "general": gid})
    terrain_victory.moved_in(game, u)
    battle.offer_follow_up(game, u, frm)      # before the fire marks who has fired
    battle.fire_at_withdrawal(game, u, frm)
    entry_shaken.after_move(game, u.id, to)
    battle.offer_refuge(game, u, frm)

def change_places_choices(game: Game) -> list[dict]:
    """The move step's changes of place under the house rule of support (H92)."""
    out = []
    for uid in game.current.ordered:
        u = game.pieces.units.get(uid)
        if u is not None and unit_can_move(game, u):
            out += [{"type": "change_places", "unit": uid, "with": f}
                    for f in changing_places.partners(game, u)]
    return out


def do_change_places(game: Game, a) -> None:
    u = game._unit(a.get("unit"))
    if u.side != game.current.active or not unit_can_move(game, u):
        raise IllegalAction("Only an ordered unit that has not moved may change places.")
    if a.get("with") not in changing_places.partners(game, u):
        raise IllegalAction("That unit may not change places with that one.")
    changing_places.swap(game, u, game.pieces.units[a["with"]])


def change_places_unchecked(game: Game, a) -> None:
    changing_places.swap(game, game.pieces.units[a["unit"]], game.pieces.units[a["with"]])


def do_move_general(game: Game, a) -> None:
    g = game._general(a.get("general"))
    if g.side != game.current.active:
        raise IllegalAction("You can only move your own generals.")
    if not general_can_move(game, g):
        raise IllegalAction("That general cannot move again this turn.")
    to = game._hex(a.get("to"))
    if to not in movement.general_destinations(game, g):
        raise IllegalAction(f"That general cannot reach {game.board.hexes[to]} this turn.")
    _move_general(game, g, to)

def move_general_unchecked(game: Game, a) -> None:
    _move_general(game, game.pieces.generals[a["general"]], game._hex(a["to"]))

def _move_general(game: Game, g, to: int) -> None:
    g = game.writable_general(g)
    frm = g.hex
    left = game.pieces.unit_at[frm]
    if game.current.effect == "leadership" and left in game.current.ordered and left not in game.current.moved:
        game.current.ordered.remove(left)     # ordered only while its general stays with it
    game.pieces.general_at[frm] = None
    game.pieces.general_at[to] = g.id
    g.hex = to
    movement.forget_after_general_move(game, g.side, frm, to)
    game.current.gen_moved.add(g.id)
    joined = game.pieces.unit_at[to]
    if joined is not None:
        game.current.locked.add(joined)
    if game._events is not None:
        game._event({"type": "general_moved", "side": g.side, "general": g.id,
                 "from": game.board.hexes[frm].to_json(), "to": game.board.hexes[to].to_json(), "joined": joined})

def do_end_movement(game: Game, a) -> None:
    game.current.step = "battle"
    game._event({"type": "battle_phase", "side": game.current.active})

# -- end of the turn -----------------------------------------------------------------
def do_end_turn(game: Game, a) -> None:
    if battle.compulsory_melees(game):
        raise IllegalAction("Every unit in melee must battle before the turn ends.")
    end_turn_unchecked(game, a)

def end_turn_unchecked(game: Game, a) -> None:
    if game.current.step == "battle" and any(
            uid in game.pieces.units and unit_can_move_again(game, uid) for uid in game.fx.hit_and_run):
        game.current.step = "move_again"
        game._event({"type": "move_again", "side": game.current.active})
        return
    shaken.end_of_turn(game)
    if game.current.card:
        tactics.discard_played(game, game.current.active, game.current.card)
    order = [] if dice_command.in_force(game) else [game.current.active]   # no cards to draw
    if game.fx.fight_back:
        order.insert(0, game.fx.fight_back)
    game.decisions.pending.extend({"do": "draw", "side": s} for s in order)
    game.decisions.pending.append({"do": "finish_turn", "side": game.current.active})

def unit_can_move_again(game: Game, uid) -> bool:
    return uid not in game.fx.second_moved and bool(movement.unit_destinations(game, game.pieces.units[uid], movement.MOVE_AGAIN))

def auto_draw(game: Game, item) -> None:
    side = item["side"]
    if side == game.archie:
        return                                   # Archie holds no hand
    two = side == game.current.active and game.fx.draw_two
    drawn = hand._draw(game, side, 2 if two else prebattle.draw_count(game, side, 1))
    if two and len(drawn) == 2:
        game.decisions.pending.insert(0, {"do": "keep_card", "side": side, "cards": drawn})
        if not game.hand_limit_before_keep:
            return                      # the hand limit waits for the card kept
    hand._check_hand(game, side)

def do_keep_card(game: Game, a) -> None:
    item = game.decisions.pending[0]
    cid = a.get("card")
    if cid not in item["cards"]:
        raise IllegalAction("Keep one of the two cards you drew.")
    other_card = next(c for c in item["cards"] if c != cid)
    game.cards.hands[item["side"]].remove(other_card)
    game.cards.discards[item["side"]].append(other_card)
    game.decisions.pending.pop(0)
    game._event({"type": "kept_card", "side": item["side"], "discarded": other_card})
    if not game.hand_limit_before_keep:
        hand._check_hand(game, item["side"])

def do_discard(game: Game, a) -> None:
    item = game.decisions.pending[0]
    side = item["side"]
    cid = a.get("card")
    if cid not in game.cards.hands[side]:
        raise IllegalAction("That card is not in your hand.")
    game.cards.hands[side].remove(cid)
    game.cards.discards[side].append(cid)
    game._event({"type": "discarded", "side": side, "card": cid})
    if len(game.cards.hands[side]) <= hand.capacity(game, side):
        game.decisions.pending.pop(0)

def auto_finish_turn(game: Game, item) -> None:
    game.check_end_of_turn()
    if game.outcome:
        return
    begin_turn(game, other(game.current.active))


def begin_turn(game: Game, side: str) -> None:
    """The next player turn begins, ``side``'s (the other side's, but in Doubles)."""
    for u in game.pieces.units.values():
        if u.engaged and not combat.in_melee(game, u):
            game.writable_unit(u).engaged = False
    game.current.active = side
    game.current.number += 1
    game._reset_turn()
    game.current.step = "play_card"
    game._event({"type": "turn", "turn": game.current.number, "side": game.current.active})
    game.start_of_turn()
    wounded.begin_turn(game)
    if not game.outcome:
        tactics.begin_turn_cards(game)
