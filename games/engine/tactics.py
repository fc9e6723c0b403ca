"""What each command card does (COMMAND CARDS, Fight Back, and the options Nightfall and
Archie).  A mixin of :class:`games.engine.game.Game`.

Card effects are set up when a card is played: an *order rule* says which units the
player may still order (by section, by unit kind, any), or the card orders a set of
units at once; per-turn *effects* (``fx``) record what those orders allow (moving
farther, battling twice, an extra die, holding still).  The texts players read are in
:mod:`cards`; the readings of cards the sources leave open are in docs/rulings.md.
"""
from __future__ import annotations

from . import dice as _dice
from .cards import CARDS, PER_CARD_HELD, SECTION, TACTIC, card_of
from .combat import attack_profile
from .errors import IllegalAction
from .hexgrid import BASELINE_ROW, HEXES, SECTION_OF, SECTIONS
from .movement import unit_move_allowance
from .pieces import Unit
from .state import State
from .units import ARTILLERY, BOX_LIMITS, CAVALRY, FULL_FIGURES, INFANTRY, UNIT_KINDS, other

FIELDWORK_TOKENS = 9
FRONT_SIDES = {"bottom": ("NW", "NE"), "top": ("SW", "SE")}
_UNIT_FACES = {_dice.INFANTRY: INFANTRY, _dice.CAVALRY: CAVALRY, _dice.ARTILLERY: ARTILLERY}


def mirror(key: str) -> str:
    """The same card with left and right flank swapped (Counter-Attack)."""
    if key.endswith("_left"):
        return key[:-5] + "_right"
    if key.endswith("_right"):
        return key[:-6] + "_left"
    return key


class TacticsMixin(State):
    __slots__ = ()

    # -- which effect a card has ---------------------------------------------------------
    def effect_of(self, key: str) -> str | None:
        if key == "counter_attack":
            last = self.last_card[other(self.active)]
            return mirror(last) if last else None
        return key

    def check_card_choice(self, effect: str, a: dict) -> None:
        card = card_of(a["card"])
        mode = a.get("mode")
        if card.key == "fight_back":
            raise IllegalAction("Fight Back is played in your opponent's turn; on your own turn "
                                "it can only be a skirmish action.")
        if mode == "section" and card.kind != SECTION:
            raise IllegalAction(f"{card.name} is a tactic card: play it as a tactic or a skirmish.")
        if mode == "tactic" and card.kind != TACTIC:
            raise IllegalAction(f"{card.name} is a section card: play it as a section card.")
        if effect == "forced_march" and a.get("section") not in SECTIONS:
            raise IllegalAction("Forced March: choose the section, left, centre or right.")

    def card_choices(self, cid: str) -> list[dict]:
        """The play_card actions a card in hand offers now."""
        card = card_of(cid)
        out = [{"type": "play_card", "card": cid, "mode": "skirmish"}]
        if card.key == "fight_back":
            return out
        effect = self.effect_of(card.key)
        if effect is None:
            return out
        mode = "section" if card.kind == SECTION else "tactic"
        if effect == "forced_march":
            out += [{"type": "play_card", "card": cid, "mode": mode, "section": s} for s in SECTIONS]
        else:
            out.append({"type": "play_card", "card": cid, "mode": mode})
        return out

    # -- setting a card's orders up --------------------------------------------------------
    def start_effect(self, effect: str, a: dict, held: int) -> None:
        card = CARDS[effect]
        active = self.active
        if card.kind == SECTION:
            n = held if card.orders == PER_CARD_HELD else card.orders
            self._rule({"by": "section", "quota": {card.section: n}}, n)
            self.fx["draw_two"] = effect.startswith("scout_")
            return
        mine = [u for u in self.units.values() if u.side == active and not self.in_melee(u)]
        if effect in ("coordinated_advance", "recon_in_force"):
            self._rule({"by": "section", "quota": {s: 1 for s in SECTIONS}}, 3)
            self.fx["draw_two"] = effect == "recon_in_force"
        elif effect == "outflank":
            self._rule({"by": "section", "quota": {"left": 2, "right": 2}}, 4)
        elif effect == "battle_and_hold_position":
            self._rule({"by": "any"}, 4)
        elif effect == "battle_cry":
            quota = self._unit_roll(effect, held)
            self._rule({"by": "kind", "quota": quota}, sum(quota.values()))
        elif effect == "rally":
            counts = self._unit_roll(effect, held)
            self._rule(None, 0)
            self.pending.append({"do": "rally", "side": active, "counts": counts})
        elif effect == "bombard":
            guns = [u for u in mine if u.kind == ARTILLERY]
            if not guns:
                return self._fallback(effect)
            for u in guns:
                self.fx["allowance"][u.id] = 3
                self.fx["extra_battles"][u.id] = 1
            self._preset(guns)
        elif effect == "forced_march":
            pos = self.positions[active]
            foot = [u for u in mine if u.kind == INFANTRY
                    and a["section"] in SECTION_OF[pos][u.hex]]
            if not foot:
                return self._fallback(effect)
            for u in foot:
                self.fx["allowance"][u.id] = 2
                self.fx["forced"].append(u.id)
            self._preset(foot)
        elif effect == "hit_and_run":
            horse = [u for u in mine if u.kind == CAVALRY]
            if not horse:
                return self._fallback(effect)
            self.fx["hit_and_run"] = [u.id for u in horse]
            self._preset(horse)
        elif effect == "leadership":
            if not any(g.side == active for g in self.generals.values()):
                return self._fallback(effect)
            self.fx["leadership"] = True
            self._preset([u for u in mine if self.general_at[u.hex] is not None])
        elif effect == "sharpshooter":
            if not any(u.kind == INFANTRY for u in mine):
                return self._fallback(effect)
            self._rule({"by": "infantry"}, 1)
        elif effect == "short_supply":
            self._rule({"by": "supply"}, 1)
        elif effect == "construct_fieldworks":
            left = self.fieldwork_supply()
            if left <= 0:
                return self._fallback(effect)
            self._rule({"by": "fortify"}, min(3, left))
        elif effect == "call_for_reinforcements":
            kinds = self.reinforcements_available(active)
            hexes = self.baseline_hexes(active)
            if not kinds or not hexes:
                return self._fallback(effect)
            self._rule(None, 0)
            self.pending.append({"do": "reinforce", "side": active, "kinds": kinds,
                                 "options": hexes})
        else:  # pragma: no cover - every card key is handled above
            raise AssertionError(effect)

    def _unit_roll(self, effect: str, n: int) -> dict:
        """Roll n dice for a card; count the unit symbols by kind (sabres and flags are lost)."""
        faces = self._roll(n)
        self._event({"type": "order_roll", "side": self.active, "card": effect, "rolls": faces})
        counts = {k: 0 for k in UNIT_KINDS}
        for f in faces:
            if f in _UNIT_FACES:
                counts[_UNIT_FACES[f]] += 1
        return counts

    def _rule(self, rule, n: int) -> None:
        self.order_rule, self.orders_left = rule, n
        if rule is None:
            self.step = "move"

    def _preset(self, units) -> None:
        for u in units:
            self.ordered.append(u.id)
            self._event({"type": "ordered", "side": u.side, "unit": u.id})
        self._rule(None, 0)

    def _fallback(self, effect: str) -> None:
        self._event({"type": "fallback", "side": self.active, "card": effect,
                     "text": f"No unit of that kind: {CARDS[effect].name} orders 1 unit "
                             "of your choice instead."})
        self._rule({"by": "any"}, 1)

    def on_ordered(self, u) -> None:
        """Effects that attach to a unit when the card in play orders it."""
        if self.effect == "battle_and_hold_position":
            self.fx["no_move"].append(u.id)
            self.fx["bonus"][u.id] = 1
        elif self.effect == "battle_cry" and self.mode != "skirmish":
            self.fx["bonus"][u.id] = 1
        elif self.effect == "sharpshooter" and self.mode != "skirmish":
            self.fx["sharpshooter"].append(u.id)

    # -- movement and battle under a card ----------------------------------------------------
    def move_allowance(self, unit):
        extra = self.fx["allowance"].get(unit.id)
        if extra is not None:
            return extra, False, False
        return unit_move_allowance(unit)

    def card_barrier(self, unit) -> str | None:
        """Why the card in play forbids this unit to battle now, or None."""
        if unit.side != self.active:
            return None
        moved = self.moved.get(unit.id, 0)
        if unit.id in self.fx["extra_battles"] and moved:
            return "Artillery that moved with Bombard may not battle."
        if self.step == "move_again":
            return "Hit and Run: the battles are over; the cavalry may move again."
        return None

    def may_battle_again(self, unit) -> bool:
        return self.fx["extra_battles"].get(unit.id, 0) > 0 and not self.moved.get(unit.id, 0)

    def dice_bonuses(self, unit) -> list[tuple[str, int]]:
        out = []
        if unit.side == self.active:
            n = self.fx["bonus"].get(unit.id)
            if n:
                out.append((CARDS[self.effect].name if self.effect else "card", n))
            if (self.fx["leadership"] and unit.kind in (INFANTRY, CAVALRY)
                    and self.general_at[unit.hex] is not None):
                out.append(("Leadership", 1))
        if unit.side == self.archie:
            out.append(("Archie's extra die", 1))
        return out

    # -- Rally, reinforcements, fieldworks, short supply -------------------------------------
    def rally_targets(self, item) -> list:
        return [u for u in self.units.values() if u.side == item["side"]
                and item["counts"].get(u.kind, 0) > 0 and u.figures < FULL_FIGURES[u.kind]]

    def _do_rally(self, a) -> None:
        item = self.pending[0]
        u = self._unit(a.get("unit"))
        if u not in self.rally_targets(item):
            raise IllegalAction("Rally returns a figure to a damaged unit of a kind you rolled.")
        item["counts"][u.kind] -= 1
        u = self.writable_unit(u)
        u.figures += 1
        if u.id not in self.ordered:
            self.ordered.append(u.id)
            self.fx["no_move"].append(u.id)
        self._event({"type": "rallied", "side": u.side, "unit": u.id, "figures": u.figures})
        if not self.rally_targets(item):
            self.pending.pop(0)

    def _do_end_rally(self, a) -> None:
        self.pending.pop(0)

    def reinforcements_available(self, side: str) -> list[str]:
        start = [u for u in self.scenario.units if u.side == side]
        called = self.reinforced[side]
        return [k for k in UNIT_KINDS
                if sum(1 for u in start if u.kind == k) + called.count(k) < BOX_LIMITS[k]]

    def baseline_hexes(self, side: str, sections=None) -> list[int]:
        row = BASELINE_ROW[self.positions[side]]
        return self._empty_in_row(side, row, sections)

    def _empty_in_row(self, side, row, sections=None, carrying=False) -> list[int]:
        pos = self.positions[side]
        out = []
        for i, h in enumerate(HEXES):
            if h.row != row or self.unit_at[i] is not None or self.impassable[i]:
                continue
            g = self.general_at[i]
            if g is not None and (carrying or self.generals[g].side != side):
                continue
            if sections and not (set(sections) & SECTION_OF[pos][i]):
                continue
            out.append(i)
        return out

    def _do_reinforce(self, a) -> None:
        item = self.pending[0]
        kind, to = a.get("kind"), self._hex(a.get("to"))
        if kind not in item["kinds"]:
            raise IllegalAction("No unit of that kind is left to call up.")
        if to not in item["options"]:
            raise IllegalAction("Reinforcements arrive on an empty hex of your baseline.")
        self.pending.pop(0)
        side = item["side"]
        self.reinforced[side].append(kind)
        uid = f"r{side[0]}{len(self.reinforced[side])}"
        u = Unit(uid, side, kind, FULL_FIGURES[kind], to, fresh=kind == INFANTRY)
        u.owner = self._token
        self.units[uid] = u
        self.unit_at[to] = uid
        self.cache.clear()
        self._event({"type": "reinforced", "side": side, "unit": uid, "kind": kind,
                     "hex": HEXES[to].to_json()})

    def fieldwork_supply(self) -> int:
        used = sum(1 for o in self.scenario.obstacles
                   if o and any(k in ("fieldwork", "entrenchment") for k in o.values()))
        return FIELDWORK_TOKENS - used - self.fieldworks_built

    def fortify(self, u) -> None:
        sides = dict(self.obstacles[u.hex] or {})
        for d in FRONT_SIDES[self.positions[u.side]]:
            sides[d] = "fieldwork"
        self.obstacles[u.hex] = sides
        self.fieldworks_built += 1
        self.locked.add(u.id)
        self.cache.clear()
        self._event({"type": "fieldwork_built", "side": u.side, "unit": u.id,
                     "hex": HEXES[u.hex].to_json(), "sides": list(FRONT_SIDES[self.positions[u.side]])})

    def short_supply(self, u) -> None:
        owner = u.side
        pos = self.positions[owner]
        sections = sorted(SECTION_OF[pos][u.hex])
        carrying = self.general_at[u.hex] is not None
        row = BASELINE_ROW[pos]
        step = -1 if pos == "bottom" else 1
        options = []
        for r in (row, row + step):
            options = [h for h in self._empty_in_row(owner, r, sections, carrying) if h != u.hex]
            if options:
                break
        self._event({"type": "short_supply", "side": self.active, "unit": u.id, "owner": owner})
        if options:
            self.pending.insert(0, {"do": "supply_move", "side": owner, "unit": u.id,
                                    "options": options})

    def _do_supply_move(self, a) -> None:
        item = self.pending[0]
        if a.get("unit") != item["unit"]:
            raise IllegalAction("Another unit is being sent back.")
        to = self._hex(a.get("to"))
        if to not in item["options"]:
            raise IllegalAction("Send the unit to one of the free hexes offered.")
        self.pending.pop(0)
        self._relocate(self.units[item["unit"]], to, "sent_back")

    def _relocate(self, u, to: int, why: str) -> None:
        frm = u.hex
        self.place_unit(u, to)
        self._event({"type": why, "unit": u.id, "side": u.side, "from": HEXES[frm].to_json(),
                     "to": HEXES[to].to_json()})

    # -- Fight Back --------------------------------------------------------------------------
    def fight_back_window(self, attacker, target) -> None:
        """After an artillery attack through Bombard, or a cavalry attack through Hit and Run
        (before its second move), the defender may play Fight Back.  The window opens
        whether or not the defender holds the card, so it reveals nothing."""
        qualifies = ((self.effect == "bombard" and attacker.kind == ARTILLERY)
                     or (self.effect == "hit_and_run" and attacker.kind == CAVALRY))
        if not qualifies or self.mode == "skirmish" or target.side == self.archie:
            return
        self._queue_after_attack({"do": "fight_back", "side": target.side, "unit": target.id,
                                  "attacker": attacker.id, "hex": target.hex})

    def fight_back_ready(self, item) -> bool:
        u, foe = self.units.get(item["unit"]), self.units.get(item["attacker"])
        if u is None or foe is None or u.hex != item["hex"]:
            return False
        return attack_profile(self, u, foe.hex)["allowed"]

    def _do_fight_back(self, a) -> None:
        item = self.pending[0]
        side = item["side"]
        cid = a.get("card")
        if cid not in self.hands[side] or card_of(cid).key != "fight_back":
            raise IllegalAction("You need a Fight Back card in your hand.")
        self.pending.pop(0)
        self.hands[side].remove(cid)
        self.discard_played(side, cid)
        self.fx["fight_back"] = side
        u, foe = self.units[item["unit"]], self.units[item["attacker"]]
        self._event({"type": "card_played", "side": side, "card": cid, "name": "Fight Back",
                     "mode": "tactic", "orders": 1})
        prof = attack_profile(self, u, foe.hex)
        self._roll_attack(u, foe, prof["dice"], prof)

    def _do_decline(self, a) -> None:
        self.pending.pop(0)

    # -- Nightfall and Archie ----------------------------------------------------------------
    @property
    def archie(self) -> str | None:
        return self.options.get("archie")

    @property
    def nightfall(self) -> bool:
        return bool(self.options.get("nightfall"))

    def reshuffle_allowed(self) -> bool:
        return not self.nightfall

    def discard_played(self, side: str, cid: str) -> None:
        self.discards[side].append(cid)

    def can_take_turn(self, side: str) -> bool:
        if side == self.archie:
            return bool(self.decks[side]) or (bool(self.discards[side]) and not self.nightfall)
        return bool(self.hands[side])

    def begin_turn_cards(self) -> None:
        """Archie draws the top card of its deck; with no card to play the game may end."""
        side = self.active
        if not self.can_take_turn(side):
            if self.nightfall:
                self.pending.append({"do": "nightfall", "side": None})
            else:
                self._finish(other(side), "no_cards")
            return
        if side == self.archie:
            self._draw(side, 1)

    def _do_end_by_nightfall(self, a) -> None:
        self.pending.pop(0)
        flags = {s: self.flags(s) for s in ("union", "confederate")}
        if flags["union"] != flags["confederate"]:
            winner = max(flags, key=flags.get)
            reason = "nightfall_flags"
        elif self.casualties["union"] != self.casualties["confederate"]:
            winner = max(self.casualties, key=self.casualties.get)
            reason = "nightfall_casualties"
        else:
            winner, reason = None, "nightfall_draw"
        self._finish(winner, reason)
