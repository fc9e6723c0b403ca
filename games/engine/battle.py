"""Attacks, melee, hits, retreats and the fate of generals (ATTACKING, MELEE, GENERALS).

A mixin of :class:`games.engine.game.Game`.  Decisions the defender takes during the
attacker's turn (retreat path, withdrawal, a general's retreat) and the attacker's
choice to take ground become pending items: ``phase`` and ``active_side`` then name
that decision and the side that takes it.
"""
from __future__ import annotations

from .combat import attack_barrier, attack_profile, flags_ignored
from .dice import CAVALRY, FLAG, INFANTRY as INF_FACE, SWORDS
from .errors import IllegalAction
from .hexgrid import ADJACENT, DIST, HEXES
from .sight import has_line_of_sight
from .units import DICE
from .retreat import default_choice, general_retreat, unit_retreat, withdrawal
from .units import ARTILLERY, CAVALRY as CAV, INFANTRY

_FACE_FOR = {"infantry": INF_FACE, "cavalry": CAVALRY, "artillery": "artillery"}
SHARPSHOOTER_RANGE = 3
_CONSEQUENCES = ("retreat", "general_retreat", "general_attack", "take_ground", "withdraw")


class BattleMixin:
    # -- who may attack what ---------------------------------------------------------------
    def melee_targets(self, u) -> list[int]:
        out = []
        for n in ADJACENT[u.hex]:
            uid = self.unit_at[n]
            if uid is not None:
                if self.units[uid].side != u.side:
                    out.append(n)
                continue
            gid = self.general_at[n]
            if gid is not None and self.generals[gid].side != u.side:
                out.append(n)
        return out

    def compulsory_melees(self) -> list[str]:
        """Active units adjacent to an enemy unit that can still battle: they must."""
        out = []
        for u in self.units.values():
            if u.side != self.active or u.id in self.attacked or not self.in_melee(u):
                continue
            if attack_barrier(self, u):
                continue
            if any(attack_profile(self, u, t)["allowed"] for t in self.melee_targets(u)):
                out.append(u.id)
        return out

    def battle_candidates(self) -> list:
        """The active side's units that might battle now: ordered or in melee."""
        ordered, side = self.ordered, self.active
        return [u for u in self.units.values()
                if u.side == side and (u.id in ordered or self.in_melee(u))]

    def attack_targets(self, u, compulsory=None) -> list[int]:
        """Hexes unit u may attack now (its own turn, battle step)."""
        if u.side != self.active or attack_barrier(self, u):
            return []
        if compulsory is None:
            compulsory = self.compulsory_melees()
        if compulsory and u.id not in compulsory:
            return []
        if self.in_melee(u):
            cands = self.melee_targets(u)
        elif u.id in self.ordered:
            reach, dist = self.attack_range(u), DIST[u.hex]
            cands = [t.hex for t in self.units.values() if t.side != u.side and dist[t.hex] <= reach]
            cands += self.melee_targets(u)
        else:
            return []
        return [h for h in cands if attack_profile(self, u, h)["allowed"]]

    # -- the attack ------------------------------------------------------------------------
    def _do_attack(self, a) -> None:
        u = self._unit(a.get("unit"))
        if u.side != self.active:
            raise IllegalAction("You can only battle with your own units.")
        target = self._hex(a.get("target"))
        barrier = attack_barrier(self, u)
        if barrier:
            raise IllegalAction(barrier)
        compulsory = self.compulsory_melees()
        if compulsory and u.id not in compulsory:
            raise IllegalAction("Melees come first: every unit in melee battles before any other attack.")
        if not self.in_melee(u) and u.id not in self.ordered:
            raise IllegalAction("Only ordered units, or units in melee, may battle.")
        if self.in_melee(u) and target not in self.melee_targets(u):
            raise IllegalAction("A unit in melee may only battle an adjacent enemy.")
        if a.get("general"):
            if target not in self.sharpshooter_targets(u):
                raise IllegalAction("Sharpshooter: pick an enemy general within 3 hexes and in "
                                    "sight of the ordered infantry unit.")
            return self._sharpshoot(u, target)
        prof = attack_profile(self, u, target)
        if not prof["allowed"]:
            raise IllegalAction(prof["reason"] or "That attack is not allowed.")
        self._battle(u, target, prof)

    def _attack_unchecked(self, a) -> None:
        u = self.units[a["unit"]]
        target = self._hex(a["target"])
        if a.get("general"):
            self._sharpshoot(u, target)
        else:
            self._battle(u, target, attack_profile(self, u, target))

    def _battle(self, u, target: int, prof: dict) -> None:
        if u.id in self.attacked:
            self.fx["extra_battles"][u.id] -= 1
        self.attacked.add(u.id)
        self._attack(u, target, prof)

    def sharpshooter_targets(self, u) -> list[int]:
        if u.id not in self.fx["sharpshooter"] or u.id in self.attacked or attack_barrier(self, u):
            return []
        out = []
        for g in self.generals.values():
            if g.side != u.side and 1 <= DIST[u.hex][g.hex] <= SHARPSHOOTER_RANGE and (
                    DIST[u.hex][g.hex] == 1 or has_line_of_sight(self, u.hex, g.hex, u)):
                out.append(g.hex)
        return out

    def _sharpshoot(self, u, target: int) -> None:
        g = self.generals[self.general_at[target]]
        n = max(1, DICE[INFANTRY][DIST[u.hex][target] - 1])
        self.attacked.add(u.id)
        faces = self._roll(n)
        killed = SWORDS in faces
        self._event({"type": "sharpshooter", "side": u.side, "unit": u.id, "general": g.id,
                     "to": HEXES[target].to_json(), "dice": n, "rolls": faces, "killed": killed})
        if killed:
            self._capture_general(g, u.side)

    def _attack(self, u, target_hex: int, prof: dict) -> None:
        n, melee = prof["dice"], prof["melee"]
        tuid = self.unit_at[target_hex]
        if tuid is None:
            self._attack_general(u, self.generals[self.general_at[target_hex]], n, prof)
            return
        t = self.units[tuid]
        if (melee and u.kind == INFANTRY and self.moved.get(u.id, 0) > 0 and not t.engaged
                and (t.kind == CAV or (t.kind == ARTILLERY and t.horse))):
            options = withdrawal(self, t)
            if options:
                self.pending.insert(0, {"do": "withdraw", "side": t.side, "unit": t.id,
                                        "attacker": u.id, "options": options, "dice": n,
                                        "modifiers": prof["modifiers"]})
                return
        self._roll_attack(u, t, n, prof)

    def _roll_attack(self, u, t, n: int, prof: dict) -> None:
        melee = prof["melee"]
        fresh = u.fresh and not melee
        u.fresh = False
        faces = self._roll(n)
        hits = sum(1 for f in faces if f == _FACE_FOR[t.kind])
        if melee or fresh:
            hits += faces.count(SWORDS)
        hits += self.extra_hits(u, t, faces, melee)
        flags = faces.count(FLAG)
        if melee:
            u.engaged = t.engaged = True
        lost = min(hits, t.figures)
        t.figures -= lost
        self.casualties[u.side] += lost
        ignored = flags_ignored(self, t, u) if flags and t.figures else []
        effective = max(0, flags - len(ignored))
        self._event({"type": "attack", "side": u.side, "unit": u.id, "kind": u.kind,
                     "from": HEXES[u.hex].to_json(), "target": t.id, "target_kind": t.kind,
                     "to": HEXES[t.hex].to_json(), "dice": n, "rolls": faces, "melee": melee,
                     "fresh": fresh, "modifiers": prof["modifiers"], "hits": lost,
                     "flags": flags, "flags_ignored": ignored[:flags]})
        origin = t.hex
        if t.figures == 0:
            self._eliminate(t, u.side, n, melee)
        elif effective:
            steps = effective * (2 if t.green else 1)
            self.pending.insert(0, {"do": "retreat", "side": t.side, "unit": t.id,
                                    "steps": steps, "attacker_side": u.side, "dice": n,
                                    "melee": melee})
        if melee and u.kind in (INFANTRY, CAV):
            self._queue_take_ground(u, origin)
        if u.side == self.active:
            self.fight_back_window(u, t)

    def _queue_take_ground(self, u, origin: int) -> None:
        self._queue_after_attack({"do": "take_ground", "side": u.side, "unit": u.id,
                                  "hex": origin})

    def _queue_after_attack(self, item) -> None:
        """Queue an item after the attack's own consequences (retreats, generals' fate)."""
        idx = 0
        while idx < len(self.pending) and self.pending[idx]["do"] in _CONSEQUENCES:
            idx += 1
        self.pending.insert(idx, item)

    def _attack_general(self, u, g, n: int, prof: dict) -> None:
        faces = self._roll(n)
        killed = SWORDS in faces or CAVALRY in faces
        self._event({"type": "attack", "side": u.side, "unit": u.id, "kind": u.kind,
                     "from": HEXES[u.hex].to_json(), "target": g.id, "target_kind": "general",
                     "to": HEXES[g.hex].to_json(), "dice": n, "rolls": faces, "melee": True,
                     "fresh": False, "modifiers": prof["modifiers"], "hits": int(killed),
                     "flags": 0, "flags_ignored": []})
        u.fresh = False
        origin = g.hex
        if killed:
            self._capture_general(g, u.side)
        else:
            self.pending.insert(0, {"do": "general_retreat", "side": g.side, "general": g.id,
                                    "attacker_side": u.side})
        if u.kind in (INFANTRY, CAV):
            self._queue_take_ground(u, origin)

    # -- losses ----------------------------------------------------------------------------
    def _eliminate(self, t, by: str, dice: int, melee: bool) -> None:
        h = t.hex
        self.unit_at[h] = None
        del self.units[t.id]
        self.cache.clear()
        self.captured[by].append({"kind": t.kind, "id": t.id, "special": t.special})
        if t.side != self.active:
            self._check_hand(t.side)
        self._event({"type": "eliminated", "unit": t.id, "kind": t.kind, "side": t.side,
                     "by": by, "hex": HEXES[h].to_json()})
        gid = self.general_at[h]
        if gid is not None:
            self.pending.insert(0, {"do": "general_attack", "side": by, "general": gid,
                                    "dice": dice, "melee": melee})

    def _auto_general_attack(self, item) -> None:
        g = self.generals.get(item["general"])
        if g is None:
            return
        faces = self._roll(item["dice"])
        killed = SWORDS in faces or (item["melee"] and CAVALRY in faces)
        self._event({"type": "general_attacked", "general": g.id, "side": g.side,
                     "dice": item["dice"], "rolls": faces, "killed": killed})
        if killed:
            self._capture_general(g, item["side"])
        else:
            self.pending.insert(0, {"do": "general_retreat", "side": g.side, "general": g.id,
                                    "attacker_side": item["side"]})

    def _capture_general(self, g, by: str) -> None:
        self.general_at[g.hex] = None
        del self.generals[g.id]
        self.cache.clear()
        self.captured[by].append({"kind": "general", "id": g.id, "name": g.name})
        self.casualties[by] += 1
        self._event({"type": "general_eliminated", "general": g.id, "name": g.name,
                     "side": g.side, "by": by, "hex": HEXES[g.hex].to_json()})
        self.check_generals(g.side)
        if g.side != self.active:
            self._check_hand(g.side)

    # -- decisions -------------------------------------------------------------------------
    def _prepare(self, item) -> bool:
        """Work out a pending item's choices; True if it still needs a player's decision."""
        kind = item["do"]
        if kind == "retreat":
            u = self.units.get(item["unit"])
            if u is None:
                return False
            made, ends = unit_retreat(self, u, item["steps"])
            item["made"], item["options"] = made, ends
            return len(ends) > 1 and not self.options.get("auto_retreat")
        if kind == "general_retreat":
            g = self.generals.get(item["general"])
            if g is None:
                return False
            item["options"] = general_retreat(self, g)
            return len(item["options"]) > 1 and not self.options.get("auto_retreat")
        if kind == "withdraw":
            return not self.options.get("auto_retreat")
        if kind == "fight_back":
            return self.fight_back_ready(item)
        if kind == "rally":
            return bool(self.rally_targets(item))
        if kind == "supply_move":
            return len(item["options"]) > 1
        if kind == "take_ground":
            u = self.units.get(item["unit"])
            h = item["hex"]
            return (u is not None and self.general_at[u.hex] is not None
                    and self.generals[self.general_at[u.hex]].side == u.side
                    and self.unit_at[h] is None and self.general_at[h] is None
                    and u.hex != h)
        return True

    def _resolve_default(self, item) -> None:
        """Settle an item that needs no decision (or whose owner lets the engine decide)."""
        kind = item["do"]
        if kind == "retreat":
            if item["unit"] in self.units:
                u = self.units[item["unit"]]
                self._retreat_unit(u, default_choice(self, u.side, item["options"]), item)
        elif kind == "general_retreat":
            g = self.generals.get(item["general"])
            if g is not None:
                if item["options"]:
                    self._retreat_general(g, default_choice(self, g.side, item["options"]))
                else:
                    self._event({"type": "general_trapped", "general": g.id, "side": g.side})
                    self._capture_general(g, item["attacker_side"])
        elif kind == "withdraw":
            self._stand(item)
        elif kind == "supply_move" and item["unit"] in self.units:
            self._relocate(self.units[item["unit"]], item["options"][0], "sent_back")

    def _do_retreat(self, a) -> None:
        item = self.pending[0]
        if a.get("unit") != item["unit"]:
            raise IllegalAction("Another unit is retreating now.")
        to = self._hex(a.get("to"))
        if to not in item["options"]:
            raise IllegalAction(f"{HEXES[to]} is not one of the hexes this retreat may end on.")
        self.pending.pop(0)
        self._retreat_unit(self.units[item["unit"]], to, item)

    def _retreat_unit(self, u, to: int, item) -> None:
        frm = u.hex
        lost = item["steps"] - item["made"]
        if to != frm:
            self.place_unit(u, to)
        lost = min(lost, u.figures)
        u.figures -= lost
        if item["attacker_side"]:
            self.casualties[item["attacker_side"]] += lost
        self._event({"type": "retreated", "unit": u.id, "side": u.side, "from": HEXES[frm].to_json(),
                     "to": HEXES[to].to_json(), "hexes": item["made"], "figures_lost": lost})
        if u.figures == 0:
            self._eliminate(u, item["attacker_side"], item["dice"], item["melee"])

    def _do_general_retreat(self, a) -> None:
        item = self.pending[0]
        if a.get("general") != item["general"]:
            raise IllegalAction("Another general is retreating now.")
        to = self._hex(a.get("to"))
        if to not in item["options"]:
            raise IllegalAction(f"The general cannot retreat to {HEXES[to]}.")
        self.pending.pop(0)
        self._retreat_general(self.generals[item["general"]], to)

    def _retreat_general(self, g, to: int) -> None:
        frm = g.hex
        self.general_at[frm] = None
        self.general_at[to] = g.id
        g.hex = to
        self.cache.clear()
        self._event({"type": "general_retreated", "general": g.id, "side": g.side,
                     "from": HEXES[frm].to_json(), "to": HEXES[to].to_json(),
                     "joined": self.unit_at[to]})

    def _do_withdraw(self, a) -> None:
        item = self.pending[0]
        if a.get("unit") != item["unit"]:
            raise IllegalAction("Another unit is deciding whether to withdraw.")
        to = self._hex(a.get("to"))
        if to not in item["options"]:
            raise IllegalAction(f"That unit cannot withdraw to {HEXES[to]}.")
        self.pending.pop(0)
        u = self.units[item["unit"]]
        frm = u.hex
        self._retreat_unit(u, to, {"steps": 1, "made": 1, "attacker_side": None, "dice": 0,
                                   "melee": False})
        self._event({"type": "withdrew", "unit": u.id, "side": u.side, "attacker": item["attacker"],
                     "from": HEXES[frm].to_json(), "to": HEXES[to].to_json()})

    def _do_stand(self, a) -> None:
        item = self.pending[0]
        if a.get("unit") != item["unit"]:
            raise IllegalAction("Another unit is deciding whether to withdraw.")
        self.pending.pop(0)
        self._stand(item)

    def _stand(self, item) -> None:
        u = self.units.get(item["attacker"])
        t = self.units.get(item["unit"])
        if u is None or t is None:
            return
        self._roll_attack(u, t, item["dice"], {"melee": True, "modifiers": item["modifiers"]})

    def _do_take_ground(self, a) -> None:
        item = self.pending[0]
        if a.get("unit") != item["unit"]:
            raise IllegalAction("Another unit is deciding whether to take ground.")
        self.pending.pop(0)
        u = self.units[item["unit"]]
        frm = u.hex
        self.place_unit(u, item["hex"])
        self._event({"type": "took_ground", "unit": u.id, "side": u.side,
                     "from": HEXES[frm].to_json(), "to": HEXES[u.hex].to_json()})

    def _do_hold_ground(self, a) -> None:
        item = self.pending[0]
        if a.get("unit") != item["unit"]:
            raise IllegalAction("Another unit is deciding whether to take ground.")
        self.pending.pop(0)
