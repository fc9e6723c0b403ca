"""The player turn: play a card, order units, move, and the end of the turn
(PLAYER TURNS, COMMAND CARDS, MOVEMENT, drawing and hand capacity).

A mixin of :class:`games.engine.game.Game`; it changes the state and appends events.
"""
from __future__ import annotations

from .cards import card_of, is_extra
from .errors import IllegalAction
from .hexgrid import HEXES, SECTION_OF
from .movement import (MOVE_AGAIN, forget_after_general_move, general_destinations,
                       next_to_enemy, unit_destinations)
from .units import other


class TurnMixin:
    # -- cards ---------------------------------------------------------------------------
    def capacity(self, side: str) -> int:
        """Hand capacity: the scenario's cards plus one per friendly general on the board."""
        gens = sum(1 for g in self.generals.values() if g.side == side)
        return max(1, self.scenario.cards[side] + gens - self.hand_reduction.get(side, 0))

    def _draw(self, side: str, n: int) -> list[str]:
        drawn = []
        for _ in range(n):
            deck = self.decks[side]
            if not deck:
                if not self.discards[side] or not self.reshuffle_allowed():
                    break
                deck.extend(self.discards[side])
                self.discards[side].clear()
                # the discard pile is public: its extra cards are now known to be this side's
                known = self.returned_extras[side]
                known.extend([c for c in deck if is_extra(c) and c not in known])
                self._shuffle(deck)
                self._event({"type": "reshuffle", "side": side, "cards": len(deck),
                             "secret": {"order": list(deck)}})
            wanted = self._script_draws.pop(0) if self._script_draws else None
            if wanted is not None and wanted in deck:
                deck.remove(wanted)
                deck.append(wanted)
            drawn.append(deck.pop())
        self.hands[side].extend(drawn)
        if drawn:
            self._event({"type": "draw", "side": side, "count": len(drawn),
                         "private": {"side": side, "cards": list(drawn)}})
        return drawn

    def _check_hand(self, side: str) -> None:
        if side == self.archie:
            return
        excess = len(self.hands[side]) - self.capacity(side)
        if excess > 0 and not any(p["do"] == "discard" and p["side"] == side for p in self.pending):
            self.pending.append({"do": "discard", "side": side})

    # -- ordering ------------------------------------------------------------------------
    def in_melee(self, unit) -> bool:
        return next_to_enemy(self, unit.hex, unit.side)

    def order_eligible(self, unit) -> bool:
        """May this unit take one of the orders the card in play still gives?"""
        rule = self.order_rule
        if rule is None or self.orders_left <= 0 or unit.id in self.ordered:
            return False
        by = rule["by"]
        if by == "supply":                       # Short Supply: any unit, either side
            return True
        if unit.side != self.active or self.in_melee(unit):
            return False
        if by == "section":
            secs = SECTION_OF[self.positions[unit.side]][unit.hex]
            return any(n > 0 and sec in secs for sec, n in rule["quota"].items())
        if by == "kind":
            return rule["quota"].get(unit.kind, 0) > 0
        if by == "infantry":
            return unit.kind == "infantry"
        if by == "fortify":
            return self.terrain[unit.hex] != "river"
        return True

    def _any_eligible(self) -> bool:
        return any(self.order_eligible(u) for u in self.units.values())

    def _after_order(self) -> None:
        if self.step == "order" and (self.orders_left <= 0 or not self._any_eligible()):
            self._close_orders()

    def _close_orders(self) -> None:
        self.step = "move"
        self.order_rule = None

    def _do_play_card(self, a) -> None:
        cid, mode = a.get("card"), a.get("mode", "section")
        hand = self.hands[self.active]
        if cid not in hand:
            raise IllegalAction("That card is not in your hand.")
        card = card_of(cid)
        if mode == "skirmish":
            effect = None
        elif mode in ("section", "tactic"):
            effect = self.effect_of(card.key)
            if effect is None:
                raise IllegalAction("Counter-Attack copies the card your opponent played on "
                                    "their last turn, and they have played none yet.")
            self.check_card_choice(effect, a)
        else:
            raise IllegalAction("Play a card for its own effect or as a skirmish action.")
        self._play_card(cid, mode, effect, a)

    def _play_card_unchecked(self, a) -> None:
        cid, mode = a["card"], a.get("mode", "section")
        effect = None if mode == "skirmish" else self.effect_of(card_of(cid).key)
        self._play_card(cid, mode, effect, a)

    def _play_card(self, cid: str, mode: str, effect: str | None, a: dict) -> None:
        hand = self.hands[self.active]
        card = card_of(cid)
        hand.remove(cid)
        self.card, self.mode, self.effect = cid, mode, effect
        self.step = "order"
        event = {"type": "card_played", "side": self.active, "card": cid, "name": card.name,
                 "mode": mode}
        if effect and effect != card.key:
            event["copies"] = effect
        self._event(event)
        if effect is None:
            self.order_rule, self.orders_left = {"by": "any"}, 1
        else:
            self.last_card[self.active] = effect
            self.start_effect(effect, a, held=len(hand) + 1)
        event["orders"] = self.orders_left + len(self.ordered)
        self._after_order()

    def _do_order(self, a) -> None:
        u = self._unit(a.get("unit"))
        rule = self.order_rule or {}
        if rule.get("by") != "supply" and u.side != self.active:
            raise IllegalAction("You can only order your own units.")
        if u.id in self.ordered:
            raise IllegalAction("That unit is already ordered.")
        if rule.get("by") != "supply" and self.in_melee(u):
            raise IllegalAction("Units in melee may not receive orders until the melee is over.")
        if self.orders_left <= 0:
            raise IllegalAction("The card gives no more orders.")
        if not self.order_eligible(u):
            raise IllegalAction(self.why_not_eligible(u))
        self._order(u)

    def _order_unchecked(self, a) -> None:
        self._order(self.units[a["unit"]])

    def _order(self, u) -> None:
        rule = self.order_rule or {}
        self.orders_left -= 1
        by = rule["by"]
        if by == "section":
            quota = rule["quota"]
            secs = [s for s in SECTION_OF[self.positions[u.side]][u.hex] if quota.get(s, 0) > 0]
            quota[max(secs, key=lambda s: (quota[s], s))] -= 1
        elif by == "kind":
            rule["quota"][u.kind] -= 1
        if by == "fortify":
            self.fortify(u)
        elif by == "supply":
            self.short_supply(u)
        else:
            self.ordered.append(u.id)
            if self._events is not None:
                self._event({"type": "ordered", "side": u.side, "unit": u.id})
            self.on_ordered(u)
        self._after_order()

    def why_not_eligible(self, u) -> str:
        rule = self.order_rule or {}
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
    def unit_can_move(self, u) -> bool:
        if u.side != self.active or u.id not in self.ordered or u.id in self.locked:
            return False
        if u.id in self.fx["no_move"]:
            return False
        if self.step == "move_again":
            return u.id in self.fx["hit_and_run"] and u.id not in self.fx["second_moved"]
        return u.id not in self.moved

    def general_can_move(self, g) -> bool:
        if g.side != self.active or g.id in self.gen_moved:
            return False
        uid = self.unit_at[g.hex]
        return uid is None or (uid not in self.moved and uid not in self.locked)

    def _do_move(self, a) -> None:
        u = self._unit(a.get("unit"))
        if u.side != self.active:
            raise IllegalAction("You can only move your own units.")
        if u.id not in self.ordered:
            raise IllegalAction("Only ordered units may move.")
        if u.id in self.locked:
            raise IllegalAction("A general joined that unit this turn; neither may move again.")
        if u.id in self.fx["no_move"]:
            raise IllegalAction("The card played lets that unit battle but not move.")
        if not self.unit_can_move(u):
            raise IllegalAction("That unit has already moved this turn.")
        to = self._hex(a.get("to"))
        dests = unit_destinations(self, u, MOVE_AGAIN if self.step == "move_again" else None)
        if to not in dests:
            raise IllegalAction(f"That unit cannot reach {HEXES[to]} this turn.")
        self._move_unit(u, to, dests[to])

    def _move_unchecked(self, a) -> None:
        u = self.units[a["unit"]]
        to = self._hex(a["to"])
        dests = unit_destinations(self, u, MOVE_AGAIN if self.step == "move_again" else None)
        self._move_unit(u, to, dests[to])

    def _move_unit(self, u, to: int, steps: int) -> None:
        frm = u.hex
        joined = self.general_at[to]          # a lone general the unit takes into command
        gid = self.place_unit(u, to)
        if self.step == "move_again":
            self.fx["second_moved"].append(u.id)
        else:
            self.moved[u.id] = steps
        if gid is not None or joined is not None:
            self.gen_moved.add(gid if gid is not None else joined)
        if self._events is not None:
            self._event({"type": "moved", "side": u.side, "unit": u.id, "kind": u.kind,
                     "from": HEXES[frm].to_json(), "to": HEXES[to].to_json(), "steps": steps,
                     "general": gid})

    def _do_move_general(self, a) -> None:
        g = self._general(a.get("general"))
        if g.side != self.active:
            raise IllegalAction("You can only move your own generals.")
        if not self.general_can_move(g):
            raise IllegalAction("That general cannot move again this turn.")
        to = self._hex(a.get("to"))
        if to not in general_destinations(self, g):
            raise IllegalAction(f"That general cannot reach {HEXES[to]} this turn.")
        self._move_general(g, to)

    def _move_general_unchecked(self, a) -> None:
        self._move_general(self.generals[a["general"]], self._hex(a["to"]))

    def _move_general(self, g, to: int) -> None:
        frm = g.hex
        left = self.unit_at[frm]
        if self.effect == "leadership" and left in self.ordered and left not in self.moved:
            self.ordered.remove(left)     # ordered only while its general stays with it
        self.general_at[frm] = None
        self.general_at[to] = g.id
        g.hex = to
        forget_after_general_move(self, g.side)
        self.gen_moved.add(g.id)
        joined = self.unit_at[to]
        if joined is not None:
            self.locked.add(joined)
        if self._events is not None:
            self._event({"type": "general_moved", "side": g.side, "general": g.id,
                     "from": HEXES[frm].to_json(), "to": HEXES[to].to_json(), "joined": joined})

    def _do_end_movement(self, a) -> None:
        self.step = "battle"
        self._event({"type": "battle_phase", "side": self.active})

    # -- end of the turn -----------------------------------------------------------------
    def _do_end_turn(self, a) -> None:
        if self.compulsory_melees():
            raise IllegalAction("Every unit in melee must battle before the turn ends.")
        self._end_turn_unchecked(a)

    def _end_turn_unchecked(self, a) -> None:
        if self.step == "battle" and any(
                uid in self.units and self.unit_can_move_again(uid) for uid in self.fx["hit_and_run"]):
            self.step = "move_again"
            self._event({"type": "move_again", "side": self.active})
            return
        if self.card:
            self.discard_played(self.active, self.card)
        order = [self.active]
        if self.fx["fight_back"]:
            order.insert(0, self.fx["fight_back"])
        self.pending.extend({"do": "draw", "side": s} for s in order)
        self.pending.append({"do": "finish_turn", "side": self.active})

    def unit_can_move_again(self, uid) -> bool:
        return uid not in self.fx["second_moved"] and bool(unit_destinations(self, self.units[uid], MOVE_AGAIN))

    def _auto_draw(self, item) -> None:
        side = item["side"]
        if side == self.archie:
            return                                   # Archie holds no hand
        two = side == self.active and self.fx["draw_two"]
        drawn = self._draw(side, 2 if two else 1)
        if two and len(drawn) == 2:
            self.pending.insert(0, {"do": "keep_card", "side": side, "cards": drawn})
        self._check_hand(side)

    def _do_keep_card(self, a) -> None:
        item = self.pending[0]
        cid = a.get("card")
        if cid not in item["cards"]:
            raise IllegalAction("Keep one of the two cards you drew.")
        other_card = next(c for c in item["cards"] if c != cid)
        self.hands[item["side"]].remove(other_card)
        self.discards[item["side"]].append(other_card)
        self.pending.pop(0)
        self._event({"type": "kept_card", "side": item["side"], "discarded": other_card})

    def _do_discard(self, a) -> None:
        item = self.pending[0]
        side = item["side"]
        cid = a.get("card")
        if cid not in self.hands[side]:
            raise IllegalAction("That card is not in your hand.")
        self.hands[side].remove(cid)
        self.discards[side].append(cid)
        self._event({"type": "discarded", "side": side, "card": cid})
        if len(self.hands[side]) <= self.capacity(side):
            self.pending.pop(0)

    def _auto_finish_turn(self, item) -> None:
        self.check_end_of_turn()
        if self.outcome:
            return
        for u in self.units.values():
            if u.engaged and not self.in_melee(u):
                u.engaged = False
        self.active = other(self.active)
        self.turn += 1
        self._reset_turn()
        self.step = "play_card"
        self._event({"type": "turn", "turn": self.turn, "side": self.active})
        self.start_of_turn()
        if not self.outcome:
            self.begin_turn_cards()
