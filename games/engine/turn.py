"""The player turn: play a card, order units, move, and the end of the turn
(PLAYER TURNS, COMMAND CARDS, MOVEMENT, drawing and hand capacity).

A mixin of :class:`games.engine.game.Game`; it changes the state and appends events.
"""
from __future__ import annotations

from .cards import PER_CARD_HELD, SECTION, card_of
from .errors import IllegalAction
from .hexgrid import HEXES, SECTION_OF
from .movement import general_destinations, next_to_enemy, unit_destinations
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

    def reshuffle_allowed(self) -> bool:
        return True

    def _check_hand(self, side: str) -> None:
        excess = len(self.hands[side]) - self.capacity(side)
        if excess > 0 and not any(p["do"] == "discard" and p["side"] == side for p in self.pending):
            self.pending.append({"do": "discard", "side": side})

    # -- ordering ------------------------------------------------------------------------
    def in_melee(self, unit) -> bool:
        return next_to_enemy(self, unit.hex, unit.side)

    def order_eligible(self, unit) -> bool:
        if unit.side != self.active or unit.id in self.ordered or self.in_melee(unit):
            return False
        if self.mode == "section":
            section = card_of(self.card).section
            return section in SECTION_OF[self.positions[unit.side]][unit.hex]
        return True

    def _any_eligible(self) -> bool:
        return any(self.order_eligible(u) for u in self.units.values() if u.side == self.active)

    def _after_order(self) -> None:
        if self.orders_left <= 0 or not self._any_eligible():
            self.step = "move"

    def _do_play_card(self, a) -> None:
        cid, mode = a["card"], a.get("mode", "section")
        hand = self.hands[self.active]
        if cid not in hand:
            raise IllegalAction("That card is not in your hand.")
        card = card_of(cid)
        if mode not in ("section", "skirmish"):
            raise IllegalAction("Play a card for its own effect or as a skirmish action.")
        if mode == "section" and card.kind != SECTION:
            raise IllegalAction(f"{card.name} can only be played as a skirmish action for now.")
        hand.remove(cid)
        self.card, self.mode = cid, mode
        if mode == "skirmish":
            self.orders_left = 1
        elif card.orders == PER_CARD_HELD:
            self.orders_left = len(hand) + 1
        else:
            self.orders_left = card.orders
        self.last_card[self.active] = card.key
        self._event({"type": "card_played", "side": self.active, "card": cid, "name": card.name,
                     "mode": mode, "orders": self.orders_left})
        self.step = "order"
        self._after_order()

    def _do_order(self, a) -> None:
        u = self._unit(a.get("unit"))
        if u.side != self.active:
            raise IllegalAction("You can only order your own units.")
        if u.id in self.ordered:
            raise IllegalAction("That unit is already ordered.")
        if self.in_melee(u):
            raise IllegalAction("Units in melee may not receive orders until the melee is over.")
        if not self.order_eligible(u):
            raise IllegalAction(f"That unit is not on your {card_of(self.card).section} section.")
        if self.orders_left <= 0:
            raise IllegalAction("The card gives no more orders.")
        self.ordered.append(u.id)
        self.orders_left -= 1
        self._event({"type": "ordered", "side": u.side, "unit": u.id})
        self._after_order()

    # -- movement ------------------------------------------------------------------------
    def unit_can_move(self, u) -> bool:
        return (u.side == self.active and u.id in self.ordered and u.id not in self.moved
                and u.id not in self.locked)

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
        if u.id in self.moved:
            raise IllegalAction("That unit has already moved this turn.")
        if u.id in self.locked:
            raise IllegalAction("A general joined that unit this turn; neither may move again.")
        to = self._hex(a.get("to"))
        dests = unit_destinations(self, u)
        if to not in dests:
            raise IllegalAction(f"That unit cannot reach {HEXES[to]} this turn.")
        self._move_unit(u, to, dests[to])

    def _move_unit(self, u, to: int, steps: int) -> None:
        frm = u.hex
        gid = self.general_at[frm]
        self.unit_at[frm] = None
        self.unit_at[to] = u.id
        u.hex = to
        self.cache.clear()
        self.moved[u.id] = steps
        if gid is not None:
            self.general_at[frm] = None
            self.general_at[to] = gid
            self.generals[gid].hex = to
            self.gen_moved.add(gid)
        elif self.general_at[to] is not None:
            self.gen_moved.add(self.general_at[to])
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
        frm = g.hex
        self.general_at[frm] = None
        self.general_at[to] = g.id
        g.hex = to
        self.cache.clear()
        self.gen_moved.add(g.id)
        joined = self.unit_at[to]
        if joined is not None:
            self.locked.add(joined)
        self._event({"type": "general_moved", "side": g.side, "general": g.id,
                     "from": HEXES[frm].to_json(), "to": HEXES[to].to_json(), "joined": joined})

    def _do_end_movement(self, a) -> None:
        self.step = "battle"
        self._event({"type": "battle_phase", "side": self.active})

    # -- end of the turn -----------------------------------------------------------------
    def _do_end_turn(self, a) -> None:
        pending = self.compulsory_melees()
        if pending:
            raise IllegalAction("Every unit in melee must battle before the turn ends.")
        if self.card:
            self.discards[self.active].append(self.card)
        self.pending.extend([{"do": "draw", "side": self.active}, {"do": "finish_turn",
                                                                     "side": self.active}])

    def _auto_draw(self, item) -> None:
        side = item["side"]
        scout = self.card and card_of(self.card).key.startswith("scout_")
        drawn = self._draw(side, 2 if scout else 1)
        if scout and len(drawn) == 2:
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
        self.card = self.mode = None
        self.orders_left = 0
        self.ordered = []
        self.moved = {}
        self.locked = set()
        self.gen_moved = set()
        self.attacked = set()
        self.step = "play_card"
        self._event({"type": "turn", "turn": self.turn, "side": self.active})
        self.start_of_turn()
        if not self.outcome and not self.hands[self.active]:
            self.no_cards_left(self.active)
