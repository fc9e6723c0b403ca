"""Attacks, melee, hits, retreats and the fate of generals (ATTACKING, MELEE, GENERALS).

Rules as functions of the game (:class:`games.engine.battlecry.advanced.game.Game`).  Decisions the defender takes during the
attacker's turn (retreat path, withdrawal, a general's retreat) and the attacker's
choice to take ground become pending items: ``phase`` and ``active_side`` then name
that decision and the side that takes it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..dice import CAVALRY, FLAG, INFANTRY as INF_FACE, SWORDS
from ...core.errors import IllegalAction
from ..sight import has_line_of_sight
from ..pieces import Unit
from ..units import DICE
from ..units import ARTILLERY, CAVALRY as CAV, INFANTRY, other

_FACE_FOR = {"infantry": INF_FACE, "cavalry": CAVALRY, "artillery": "artillery"}
SHARPSHOOTER_RANGE = 3
_CONSEQUENCES = ("retreat", "general_retreat", "general_attack", "take_ground", "withdraw")
from . import (breakthrough, cavalry_fallback, combat, effects, first_fire, following_up,
               general_risk, hand, long_retreats, profiles, shaken, support_fire, terrain_victory,
               withdrawal_fire, wounded)
from .. import contact
from .hex_choice import take_hex_choice
from .last_figure import last_figure
from .return_fire import return_fire
from .. import retreat
from ..contact import enemy_zone

if TYPE_CHECKING:
    from .game import Game

# -- who may attack what ---------------------------------------------------------------
def melee_targets(game: Game, u) -> list[int]:
    out = []
    pieces, side = game.pieces, u.side
    unit_at, general_at = pieces.unit_at, pieces.general_at
    for n in game.board.adjacent[u.hex]:
        uid = unit_at[n]
        if uid is not None:
            if pieces.units[uid].side != side:
                out.append(n)
            continue
        gid = general_at[n]
        if gid is not None and pieces.generals[gid].side != side:
            out.append(n)
    return out

def compulsory_melees(game: Game) -> list[str]:
    """Active units adjacent to an enemy unit that can still battle: they must."""
    out = []
    side, attacked = game.current.active, game.current.attacked
    zone = enemy_zone(game, side)
    for u in game.pieces.units.values():
        if u.side != side or u.id in attacked or not zone[u.hex]:
            continue                # (a breakthrough attack, once battled, is never owed)
        if combat.attack_barrier(game, u):
            continue
        if any(combat.attack_allowed(game, u, t) for t in melee_targets(game, u)):
            out.append(u.id)
    return out

def battle_candidates(game: Game) -> list[Unit]:
    """The active side's units that might battle now: ordered or in melee."""
    ordered, side = game.current.ordered, game.current.active
    zone = enemy_zone(game, side)
    return [u for u in game.pieces.units.values()
            if u.side == side and (u.id in ordered or zone[u.hex])]

def attack_targets(game: Game, u, compulsory=None) -> list[int]:
    """Hexes unit u may attack now (its own turn, battle step)."""
    if u.side != game.current.active or combat.attack_barrier(game, u):
        return []
    if compulsory is None:
        compulsory = compulsory_melees(game)
    if compulsory and u.id not in compulsory:
        return []
    if combat.in_melee(game, u):
        cands = melee_targets(game, u)
    elif breakthrough.second_attack_pending(game, u):
        return []               # a breakthrough attack is on an adjacent enemy only
    elif u.id in game.current.ordered:
        reach, dist = game.attack_range(u), game.board.dist[u.hex]
        cands = [t.hex for t in game.pieces.units.values() if t.side != u.side and dist[t.hex] <= reach]
        cands += melee_targets(game, u)
    else:
        return []
    return [h for h in cands if combat.attack_allowed(game, u, h)]

# -- the attack ------------------------------------------------------------------------
def do_attack(game: Game, a) -> None:
    u = game._unit(a.get("unit"))
    if u.side != game.current.active:
        raise IllegalAction("You can only battle with your own units.")
    target = game._hex(a.get("target"))
    barrier = combat.attack_barrier(game, u)
    if barrier:
        raise IllegalAction(barrier)
    compulsory = compulsory_melees(game)
    if compulsory and u.id not in compulsory:
        raise IllegalAction("Melees come first: every unit in melee battles before any other attack.")
    if not combat.in_melee(game, u) and u.id not in game.current.ordered:
        raise IllegalAction("Only ordered units, or units in melee, may battle.")
    if combat.in_melee(game, u) and target not in melee_targets(game, u):
        raise IllegalAction("A unit in melee may only battle an adjacent enemy.")
    if breakthrough.second_attack_pending(game, u) and target not in melee_targets(game, u):
        raise IllegalAction("A breakthrough attack is made on an adjacent enemy only.")
    if a.get("general"):
        if target not in sharpshooter_targets(game, u):
            raise IllegalAction("Sharpshooter: pick an enemy general within 3 hexes and in "
                                "sight of the ordered infantry unit.")
        return _sharpshoot(game, u, target)
    prof = combat.attack_profile(game, u, target)
    if not prof["allowed"]:
        raise IllegalAction(prof["reason"] or "That attack is not allowed.")
    _battle(game, u, target, prof)

def attack_unchecked(game: Game, a) -> None:
    u = game.pieces.units[a["unit"]]
    target = game._hex(a["target"])
    if a.get("general"):
        _sharpshoot(game, u, target)
    else:
        _battle(game, u, target, combat.attack_profile(game, u, target, game._events is not None))

def _battle(game: Game, u, target: int, prof: dict) -> None:
    if u.id in game.current.attacked:
        if breakthrough.second_attack_pending(game, u):
            game.fx.breakthrough[u.id] = 0
            prof = {**prof, "breakthrough": True}
        else:
            game.fx.extra_battles[u.id] -= 1
    game.current.attacked.add(u.id)
    support_fire.spend(game, u, prof["melee"])
    _attack(game, u, target, prof)

def sharpshooter_targets(game: Game, u) -> list[int]:
    if u.id not in game.fx.sharpshooter or u.id in game.current.attacked or combat.attack_barrier(game, u):
        return []
    out = []
    for g in game.pieces.generals.values():
        if g.side != u.side and 1 <= game.board.dist[u.hex][g.hex] <= SHARPSHOOTER_RANGE and (
                game.board.dist[u.hex][g.hex] == 1 or has_line_of_sight(game, u.hex, g.hex, u)):
            out.append(g.hex)
    return out

def _sharpshoot(game: Game, u, target: int) -> None:
    gid = game.pieces.general_at[target]
    assert gid is not None, "a sharpshooter target holds a general"
    g = game.pieces.generals[gid]
    n = max(1, DICE[INFANTRY][game.board.dist[u.hex][target] - 1])
    game.current.attacked.add(u.id)
    faces = game._roll(n)
    killed = SWORDS in faces
    game._event({"type": "sharpshooter", "side": u.side, "unit": u.id, "general": g.id,
                 "to": game.board.hexes[target].to_json(), "dice": n, "rolls": faces, "killed": killed})
    if killed:
        _capture_general(game, g, u.side)

def _attack(game: Game, u, target_hex: int, prof: dict) -> None:
    n, melee = prof["dice"], prof["melee"]
    tuid = game.pieces.unit_at[target_hex]
    if tuid is None:
        gid = game.pieces.general_at[target_hex]
        assert gid is not None, "an attack on an empty hex is never allowed"
        _attack_general(game, u, game.pieces.generals[gid], n, prof)
        return
    t = game.pieces.units[tuid]
    if melee and cavalry_fallback.offered(game, u, t):
        options = cavalry_fallback.ends(game, t)
        if options:
            game.decisions.pending.insert(0, {"do": "withdraw", "side": t.side, "unit": t.id,
                                              "attacker": u.id, "options": options, "dice": n,
                                              "modifiers": prof["modifiers"], "fallback": True,
                                              "fire": cavalry_fallback.fired_at(game, u)})
            return
    elif (melee and u.kind == INFANTRY and game.current.moved.get(u.id, 0) > 0 and not t.engaged
            and (t.kind == CAV or (t.kind == ARTILLERY and t.horse))):
        options = retreat.withdrawal(game, t)
        if options:
            game.decisions.pending.insert(0, {"do": "withdraw", "side": t.side, "unit": t.id,
                                    "attacker": u.id, "options": options, "dice": n,
                                    "modifiers": prof["modifiers"]})
            return
    _roll_attack(game, u, t, n, prof)

def _roll_attack(game: Game, u, t, n: int, prof: dict) -> None:
    """Roll an attack of ``u`` on ``t`` and carry out its result. ``prof["returning"]``
    marks the defender's return fire (house rule), which is never answered in turn."""
    u, t = game.writable_unit(u), game.writable_unit(t)
    melee = prof["melee"]
    returning = prof.get("returning", False)
    parting = prof.get("parting", False)       # withdrawal fire: swords are flags
    fallback = prof.get("fallback", False)     # at cavalry falling back (house rule)
    reacting = returning or parting or fallback     # never answered, never followed by more
    fired_first = False
    if melee and not reacting and game.options.get("first_fire") and first_fire.may_try(game, t, u):
        fired_first = _first_fire(game, t, u)
        if u.id not in game.pieces.units or _retreat_owed(game, u):
            return          # the attacker fell or is pushed back: its attack is spent
    fresh = u.fresh and not melee
    u.fresh = False
    faces = game._roll(n)
    if game.options.get("icon_firepower"):
        hits, flags = profiles.firepower_hits(u.kind, t.kind, faces, (melee or fresh) and not parting)
    else:
        hits, flags = sum(1 for f in faces if f == _FACE_FOR[t.kind]), 0
        if (melee or fresh) and not parting:
            hits += faces.count(SWORDS)
    hits += game.extra_hits(u, t, faces, melee)
    flags += faces.count(FLAG) + (faces.count(SWORDS) if parting else 0)
    if melee:
        u.engaged = t.engaged = True
    if game.options.get("last_figure"):
        lost, added = last_figure(t.figures, hits, faces.count(SWORDS))
        flags += added
    else:
        lost, added = min(hits, t.figures), 0
    reasons = ["last figure"] * added
    if hits and t.shaken:                   # house rule of Shaken: one more flag when hit
        flags += 1
        reasons.append(shaken.MARKER)
    t.figures -= lost
    game.score.casualties[u.side] += lost
    gid = game.pieces.general_at[t.hex]
    risk: list[str] = []
    if (gid is not None and t.figures and game.options.get("risk_to_general")
            and general_risk.at_risk(lost, flags)):
        risk = game._roll(2)
        if general_risk.falls(risk):
            flags += 1
            reasons.append("general fell")
    fallen = bool(risk) and general_risk.falls(risk)
    ignored = combat.flags_ignored(game, t, u) if flags and t.figures else []
    if fallen and "general in command" in ignored:
        ignored.remove("general in command")
    effective = max(0, flags - len(ignored))
    if long_retreats.AT_THE_EDGE in ignored[:flags]:
        shaken.after_retreat(game, t)           # the flag ignored at the edge still shakes it
    event = {"type": "attack", "side": u.side, "unit": u.id, "kind": u.kind,
             "from": game.board.hexes[u.hex].to_json(), "target": t.id, "target_kind": t.kind,
             "to": game.board.hexes[t.hex].to_json(), "dice": n, "rolls": faces, "melee": melee,
             "fresh": fresh, "modifiers": prof["modifiers"], "hits": lost,
             "flags": flags, "flags_ignored": ignored[:flags]}
    if reasons:
        event["flags_added"] = reasons
    if returning:
        event["fired_back"] = True
    if parting:
        event["parting_shot"] = True
    if fallback:
        event["fallback_fire"] = True
    if prof.get("breakthrough"):
        event["breakthrough"] = True
    game._event(event)
    if risk:
        general = game.pieces.generals[gid]
        game._event({"type": "general_risk", "general": gid, "side": t.side, "dice": 2,
                     "rolls": risk, "killed": fallen})
        if fallen:
            _capture_general(game, general, u.side)
    origin = t.hex
    if t.figures == 0:
        _eliminate(game, t, u.side, n, melee)
    elif effective:
        steps = effective * (2 if t.green else 1)
        item = {"do": "retreat", "side": t.side, "unit": t.id, "steps": steps,
                "attacker_side": u.side, "dice": n, "melee": melee}
        if long_retreats.in_force(game):
            item.update(flags=effective, firer=u.hex)
        game.decisions.pending.insert(0, item)
    elif not (reacting or fired_first or prof.get("breakthrough")) and game.options.get("return_fire"):
        answer = return_fire(game, t, u, melee)
        if answer is not None:
            if not melee:
                game.current.attacked.add(t.id)
            dice, mods = answer
            _roll_attack(game, t, u, dice, {"melee": melee, "modifiers": mods, "returning": True})
    if reacting:
        return
    if melee and u.kind in (INFANTRY, CAV):
        _queue_take_ground(game, u, origin)
    if u.side == game.current.active:
        fight_back_window(game, u, t)

def risk_on_withdrawal(game: Game, u) -> None:
    """A unit about to leave contact with an enemy: its attached general rolls two dice under
    the house rule of risk to the general (no flag follows: the unit is already going)."""
    gid = game.pieces.general_at[u.hex]
    if gid is None or not game.options.get("risk_to_general") or not combat.in_melee(game, u):
        return
    faces = game._roll(2)
    killed = general_risk.falls(faces)
    game._event({"type": "general_risk", "general": gid, "side": u.side, "dice": 2,
                 "rolls": faces, "killed": killed})
    if killed:
        _capture_general(game, game.pieces.generals[gid], other(u.side))


def fire_at_withdrawal(game: Game, u, frm: int) -> None:
    """A unit of the side to play has moved away from hex ``frm``, next to enemy units: under
    the house rule of withdrawal fire each of them fires at it once a turn."""
    if not game.options.get("withdrawal_fire") or not contact.next_to_enemy(game, frm, u.side):
        return
    uid = u.id
    for enemy, dice in withdrawal_fire.firers(game, u, frm):
        u = game.pieces.units.get(uid)
        if u is None:
            return          # destroyed by an earlier shot
        game.current.attacked.add(enemy.id)
        mods = [{"why": "withdrawal fire", "dice": dice}] if game._events is not None else None
        _roll_attack(game, enemy, u, dice, {"melee": False, "modifiers": mods, "parting": True})


def offer_refuge(game: Game, u, frm: int) -> None:
    """An enemy unit moved next to a lone general: under the house rule of risk to the
    general he may go to his nearest unit (a general's retreat with those hexes)."""
    u = game.pieces.units.get(u.id)
    if u is None or not game.options.get("risk_to_general"):
        return
    pieces, adjacent = game.pieces, game.board.adjacent
    for n in adjacent[u.hex]:
        gid = pieces.general_at[n]
        if (gid is not None and pieces.unit_at[n] is None and pieces.generals[gid].side != u.side
                and n not in adjacent[frm]):
            game.decisions.pending.append({"do": "general_retreat", "side": pieces.generals[gid].side,
                                           "general": gid, "attacker_side": u.side, "refuge": True})


def _first_fire(game: Game, t, u) -> bool:
    """The defender ``t`` rolls one die to fire before its attacker ``u``: swords or a flag
    let it (house rule). Returns whether it fired."""
    faces = game._roll(1)
    succeeded = faces[0] in (SWORDS, FLAG)
    game._event({"type": "first_fire_roll", "side": t.side, "unit": t.id, "attacker": u.id,
                 "rolls": faces, "succeeded": succeeded})
    answer = return_fire(game, t, u, True) if succeeded else None
    if answer is None:
        return False
    dice, mods = answer
    _roll_attack(game, t, u, dice, {"melee": True, "modifiers": mods, "returning": True})
    return True


def _retreat_owed(game: Game, u) -> bool:
    return any(item["do"] == "retreat" and item["unit"] == u.id for item in game.decisions.pending)


def _queue_take_ground(game: Game, u, origin: int) -> None:
    item = {"do": "take_ground", "side": u.side, "unit": u.id, "hex": origin}
    if breakthrough.in_force(game):
        item["breakthrough"] = True         # house rule: any unit of its list may go (H31)
    _queue_after_attack(game, item)

def _queue_after_attack(game: Game, item) -> None:
    """Queue an item after the attack's own consequences (retreats, generals' fate)."""
    idx = 0
    while idx < len(game.decisions.pending) and game.decisions.pending[idx]["do"] in _CONSEQUENCES:
        idx += 1
    game.decisions.pending.insert(idx, item)

def _attack_general(game: Game, u, g, n: int, prof: dict) -> None:
    u = game.writable_unit(u)
    faces = game._roll(n)
    killed = SWORDS in faces or CAVALRY in faces
    game._event({"type": "attack", "side": u.side, "unit": u.id, "kind": u.kind,
                 "from": game.board.hexes[u.hex].to_json(), "target": g.id, "target_kind": "general",
                 "to": game.board.hexes[g.hex].to_json(), "dice": n, "rolls": faces, "melee": True,
                 "fresh": False, "modifiers": prof["modifiers"], "hits": int(killed),
                 "flags": 0, "flags_ignored": []})
    u.fresh = False
    origin = g.hex
    if killed:
        _capture_general(game, g, u.side)
    else:
        game.decisions.pending.insert(0, {"do": "general_retreat", "side": g.side, "general": g.id,
                                "attacker_side": u.side})
    if u.kind in (INFANTRY, CAV):
        _queue_take_ground(game, u, origin)

# -- losses ----------------------------------------------------------------------------
def _eliminate(game: Game, t, by: str, dice: int, melee: bool) -> None:
    h = t.hex
    game.pieces.unit_at[h] = None
    del game.pieces.units[t.id]
    game.cache.clear()
    game.score.captured[by].append({"kind": t.kind, "id": t.id, "special": t.special})
    if t.side != game.current.active:
        hand._check_hand(game, t.side)
    game._event({"type": "eliminated", "unit": t.id, "kind": t.kind, "side": t.side,
                 "by": by, "hex": game.board.hexes[h].to_json()})
    gid = game.pieces.general_at[h]
    if gid is not None:
        game.decisions.pending.insert(0, {"do": "general_attack", "side": by, "general": gid,
                                "dice": dice, "melee": melee})

def auto_general_attack(game: Game, item) -> None:
    g = game.pieces.generals.get(item["general"])
    if g is None:
        return
    if game.options.get("risk_to_general"):
        faces = game._roll(1)
        killed = general_risk.falls(faces)
    else:
        faces = game._roll(item["dice"])
        killed = SWORDS in faces or (item["melee"] and CAVALRY in faces)
    kind = "general_risk" if game.options.get("risk_to_general") else "general_attacked"
    game._event({"type": kind, "general": g.id, "side": g.side,
                 "dice": len(faces), "rolls": faces, "killed": killed})
    if killed:
        _capture_general(game, g, item["side"])
    else:
        game.decisions.pending.insert(0, {"do": "general_retreat", "side": g.side, "general": g.id,
                                "attacker_side": item["side"]})

def _capture_general(game: Game, g, by: str, struck: bool = True) -> None:
    """The general ``g`` leaves the board for ``by``'s victory stand: struck down (under the
    option of a wounded general he may be only wounded, H30), or trapped (``struck`` False)."""
    hurt = struck and wounded.struck_down(game, g)
    game.pieces.general_at[g.hex] = None
    del game.pieces.generals[g.id]
    game.cache.clear()
    entry = {"kind": "general", "id": g.id, "name": g.name}
    if hurt:
        entry["wounded"] = True
    game.score.captured[by].append(entry)
    game.score.casualties[by] += 1
    game._event({"type": "general_eliminated", "general": g.id, "name": g.name,
                 "side": g.side, "by": by, "hex": game.board.hexes[g.hex].to_json(),
                 **({"wounded": True} if hurt else {})})
    game.check_generals(g.side)
    if g.side != game.current.active:
        hand._check_hand(game, g.side)

# -- decisions -------------------------------------------------------------------------
def _prepare(game: Game, item) -> bool:
    """Work out a pending item's choices; True if it still needs a player's decision."""
    kind = item["do"]
    if kind == "retreat":
        u = game.pieces.units.get(item["unit"])
        if u is None:
            return False
        if "firer" in item:         # house rule of retreats
            made, ends = long_retreats.ends(game, u, item["steps"], item["flags"], item["firer"],
                                            item.get("calm", False))
            zone = long_retreats.through_zone(game, u, item["steps"], item["flags"],
                                              item["firer"]) if made < item["steps"] else []
            item["zone"] = bool(zone)
            if zone:
                made, ends = item["steps"], zone
            elif not item.get("calm"):  # the ends that cost a roll come last in the default
                item["crowded"] = long_retreats.crowded_ends(game, u, item)
        else:
            made, ends = retreat.unit_retreat(game, u, item["steps"])
        item["made"], item["options"] = made, ends
        return len(ends) > 1 and not game.auto_retreat
    if kind == "general_retreat":
        g = game.pieces.generals.get(item["general"])
        if g is None:
            return False
        item["options"] = (general_risk.refuges(game, g) if item.get("refuge")
                           else retreat.displacements(game, g) if item.get("displace")
                           else retreat.general_retreat(game, g))
        return len(item["options"]) > 1 and not game.auto_retreat
    if kind == "withdraw":
        return not game.auto_retreat
    if kind == "fight_back":
        return fight_back_ready(game, item)
    if kind == "rally":
        return bool(effects.rally_targets(game, item))
    if kind == "supply_move":
        return len(item["options"]) > 1
    if kind == "take_ground":
        u = game.pieces.units.get(item["unit"])
        h = item["hex"]
        if item.get("follow"):      # house rule of following up a withdrawal
            return (u is not None and game.pieces.unit_at[h] is None
                    and game.pieces.general_at[h] is None and game.board.dist[u.hex][h] == 1
                    and not following_up.held_back(game, u, item["withdrawn"]))
        if breakthrough.others_may_advance(game):   # house rules: breakthrough, leapfrog
            return bool(breakthrough.movers(game, item))
        return u is not None and breakthrough.led_may_take(game, u, h)
    return True

def _resolve_default(game: Game, item) -> None:
    """Settle an item that needs no decision (or whose owner lets the engine decide)."""
    kind = item["do"]
    if kind == "retreat":
        if item["unit"] in game.pieces.units:
            u = game.pieces.units[item["unit"]]
            calm = [h for h in item["options"] if h not in item.get("crowded", ())]
            _retreat_unit(game, u, retreat.default_choice(game, u.side, calm or item["options"]),
                          item)
    elif kind == "general_retreat":
        g = game.pieces.generals.get(item["general"])
        if g is not None:
            if item["options"]:
                _retreat_general(game, g, retreat.default_choice(game, g.side, item["options"]))
            else:
                game._event({"type": "general_trapped", "general": g.id, "side": g.side})
                _capture_general(game, g, item["attacker_side"], struck=False)
    elif kind == "withdraw":
        _stand(game, item)
    elif kind == "supply_move" and item["unit"] in game.pieces.units:
        _relocate(game, game.pieces.units[item["unit"]], item["options"][0], "sent_back")

def do_retreat(game: Game, a) -> None:
    item, to = take_hex_choice(game, a, "Another unit is retreating now.",
                               "{hex} is not one of the hexes this retreat may end on.")
    _retreat_unit(game, game.pieces.units[item["unit"]], to, item)

def _retreat_unit(game: Game, u, to: int, item) -> None:
    lone = game.pieces.general_at[to]
    if (to != u.hex and lone is not None and game.pieces.unit_at[to] is None
            and game.pieces.general_at[u.hex] is not None):
        # house rule of generals in retreat: the lone general steps aside first
        game.decisions.pending[0:0] = [
            {"do": "general_retreat", "side": u.side, "general": lone,
             "attacker_side": other(u.side), "displace": True},
            {"do": "finish_retreat", "side": u.side, "unit": u.id, "to": to, "item": item}]
        return
    if "firer" in item and "crowd" not in item:     # house rule of retreats: friends in the way
        item["crowd"] = long_retreats.crowd(game, u, item, to)
    friend = game.pieces.unit_at[to]
    if friend is not None and friend != u.id:
        if not item.get("crowd") or item["crowd"][-1] != friend:
            raise IllegalAction("A retreat ends on a friend's hex only by displacing it.")
        # the friend steps back a hex first (its own retreat, no flag), then the unit lands
        game.decisions.pending[0:0] = [
            {"do": "retreat", "side": u.side, "unit": friend, "steps": 1, "attacker_side": None,
             "dice": 0, "melee": False, "displaced": True},
            {"do": "finish_retreat", "side": u.side, "unit": u.id, "to": to, "item": item}]
        return
    u = game.writable_unit(u)
    frm = u.hex
    lost = item["steps"] - item["made"]
    if to != frm:
        game.place_unit(u, to)
    lost = min(lost, u.figures)
    u.figures -= lost
    if item["attacker_side"]:
        game.score.casualties[item["attacker_side"]] += lost
    game._event({"type": "retreated", "unit": u.id, "side": u.side, "from": game.board.hexes[frm].to_json(),
                 "to": game.board.hexes[to].to_json(), "hexes": item["made"], "figures_lost": lost})
    if item.get("zone") and u.figures:      # house rule of retreats: it passed an enemy's zone
        long_retreats.pay_for_zone(game, u, item["attacker_side"])
    if u.figures == 0:
        _eliminate(game, u, item["attacker_side"], item["dice"], item["melee"])
    elif item["attacker_side"]:
        shaken.after_retreat(game, u)
    if item.get("crowd"):
        _crowding_rolls(game, u.id, item)


def _crowding_rolls(game: Game, uid: str, item) -> None:
    """House rule of retreats (L41; H96): the retreating unit and each friend it passed or
    displaced roll one die, the retreating unit first: its own symbol costs a figure, a flag
    sends it back as one flag of the attack (a calm retreat, which displaces nobody),
    anything else misses."""
    owed = []
    for fid in item["crowd"]:
        for who in (uid, fid):
            x = game.pieces.units.get(who)
            if x is None:
                continue
            faces = game._roll(1)
            hit, flag = faces[0] == _FACE_FOR[x.kind], faces[0] == FLAG
            game._event({"type": "crowding_roll", "unit": x.id, "side": x.side, "rolls": faces,
                         "figures_lost": int(hit), "flag": flag})
            if hit:
                x = game.writable_unit(x)
                x.figures -= 1
                game.score.casualties[item["attacker_side"]] += 1
                if x.figures == 0:
                    _eliminate(game, x, item["attacker_side"], 1, False)
            elif flag:
                owed.append({"do": "retreat", "side": x.side, "unit": x.id,
                             "steps": 2 if x.green else 1, "attacker_side": item["attacker_side"],
                             "dice": 1, "melee": False, "flags": 1, "firer": item["firer"],
                             "calm": True})
    game.decisions.pending[0:0] = owed


def finish_retreat(game: Game, item) -> None:
    """The retreat onto a lone general's hex once he has stepped aside, or onto a friend's
    hex once that friend has stepped back (house rules)."""
    u = game.pieces.units.get(item["unit"])
    if u is None:
        return
    if game.pieces.unit_at[item["to"]] is not None:    # the friend could not step back
        inner = item["item"]
        _retreat_unit(game, u, u.hex, {**inner, "made": 0, "crowd": []})
        return
    _retreat_unit(game, u, item["to"], item["item"])


def do_general_retreat(game: Game, a) -> None:
    item = game.decisions.pending[0]
    if a.get("general") != item["general"]:
        raise IllegalAction("Another general is retreating now.")
    to = game._hex(a.get("to"))
    if to not in item["options"]:
        raise IllegalAction(f"The general cannot retreat to {game.board.hexes[to]}.")
    game.decisions.pending.pop(0)
    _retreat_general(game, game.pieces.generals[item["general"]], to)

def _retreat_general(game: Game, g, to: int) -> None:
    g = game.writable_general(g)
    frm = g.hex
    game.pieces.general_at[frm] = None
    game.pieces.general_at[to] = g.id
    g.hex = to
    game.cache.clear()
    game._event({"type": "general_retreated", "general": g.id, "side": g.side,
                 "from": game.board.hexes[frm].to_json(), "to": game.board.hexes[to].to_json(),
                 "joined": game.pieces.unit_at[to]})

def do_withdraw(game: Game, a) -> None:
    item, to = take_hex_choice(game, a, "Another unit is deciding whether to withdraw.",
                               "That unit cannot withdraw to {hex}.")
    u = game.pieces.units[item["unit"]]
    if item.get("fallback"):
        _fall_back(game, u, to, item)
        return
    frm = u.hex
    risk_on_withdrawal(game, u)
    _retreat_unit(game, u, to, {"steps": 1, "made": 1, "attacker_side": None, "dice": 0,
                               "melee": False})
    game._event({"type": "withdrew", "unit": u.id, "side": u.side, "attacker": item["attacker"],
                 "from": game.board.hexes[frm].to_json(), "to": game.board.hexes[to].to_json()})

def _fall_back(game: Game, u, to: int, item) -> None:
    """Cavalry falls back before a melee (house rule): the attacker fires half its dice
    first unless it moved into contact; a unit that survives without being pushed back by
    those flags goes to ``to`` (or, if that is no longer open, the default end) and is
    Shaken under that option."""
    attacker = game.pieces.units.get(item["attacker"])
    if item["fire"] and attacker is not None:
        dice = cavalry_fallback.half(item["dice"])
        mods = item["modifiers"]
        if mods is not None:
            mods = mods + [{"why": "cavalry falling back: half the dice", "dice": dice - item["dice"]}]
        _roll_attack(game, attacker, u, dice, {"melee": True, "modifiers": mods, "fallback": True})
        found = game.pieces.units.get(u.id)
        if found is None or _retreat_owed(game, found):
            return          # destroyed, or its flags push it back instead
        u = found
        options = cavalry_fallback.ends(game, u)
        if not options:
            return
        if to not in options:
            to = retreat.default_choice(game, u.side, options)
    frm = u.hex
    risk_on_withdrawal(game, u)
    made = game.board.dist[frm][to]
    _retreat_unit(game, u, to, {"steps": made, "made": made, "attacker_side": None, "dice": 0,
                               "melee": False})
    game._event({"type": "withdrew", "unit": u.id, "side": u.side, "attacker": item["attacker"],
                 "from": game.board.hexes[frm].to_json(), "to": game.board.hexes[to].to_json(),
                 "fallback": True})
    if u.id in game.pieces.units and game.options.get("shaken_marker"):
        shaken.mark(game, game.pieces.units[u.id])

def do_stand(game: Game, a) -> None:
    item = game.decisions.pending[0]
    if a.get("unit") != item["unit"]:
        raise IllegalAction("Another unit is deciding whether to withdraw.")
    game.decisions.pending.pop(0)
    _stand(game, item)

def _stand(game: Game, item) -> None:
    u = game.pieces.units.get(item["attacker"])
    t = game.pieces.units.get(item["unit"])
    if u is None or t is None:
        return
    _roll_attack(game, u, t, item["dice"], {"melee": True, "modifiers": item["modifiers"]})

def do_take_ground(game: Game, a) -> None:
    item = game.decisions.pending[0]
    through = not item.get("follow") and breakthrough.others_may_advance(game)
    if through:
        if a.get("unit") not in breakthrough.movers(game, item):
            raise IllegalAction("That unit may not move into the cleared hex.")
    elif a.get("unit") != item["unit"]:
        raise IllegalAction("Another unit is deciding whether to take ground.")
    gid = breakthrough.general_to_pick_up(game, item, a["unit"]) if through else None
    if a.get("general") and gid is None:
        raise IllegalAction("That unit does not pass through a unit with a general to take along.")
    game.decisions.pending.pop(0)
    u = game.writable_unit(game.pieces.units[a["unit"]])
    frm = u.hex
    if item.get("follow"):
        game.current.attacked.add(u.id)
    game.place_unit(u, item["hex"])
    taken = gid if a.get("general") else None
    if taken is not None:                   # house rule: the attacker's general comes along
        breakthrough.take_with(game, taken, u.hex)
    game._event({"type": "took_ground", "unit": u.id, "side": u.side,
                 "from": game.board.hexes[frm].to_json(), "to": game.board.hexes[u.hex].to_json(),
                 **({"general": taken} if taken is not None else {})})
    if through and breakthrough.in_force(game):
        breakthrough.advanced(game, u)
    terrain_victory.took_ground(game, u)

def do_hold_ground(game: Game, a) -> None:
    item = game.decisions.pending[0]
    if a.get("unit") != item["unit"]:
        raise IllegalAction("Another unit is deciding whether to take ground.")
    game.decisions.pending.pop(0)


def offer_follow_up(game: Game, u, frm: int) -> None:
    """A unit of the side to play has moved away from hex ``frm``: under the house rule of
    following up, each enemy infantry or cavalry unit next to ``frm`` may move into it (the
    first that does takes it)."""
    if not game.options.get("following_up"):
        return
    pieces, reacted = game.pieces, game.current.attacked
    for n in game.board.adjacent[frm]:
        uid = pieces.unit_at[n]
        if (uid is not None and uid not in reacted and pieces.units[uid].side != u.side
                and pieces.units[uid].kind in (INFANTRY, CAV) and not pieces.units[uid].shaken):
            game.decisions.pending.append({"do": "take_ground", "side": pieces.units[uid].side,
                                           "unit": uid, "hex": frm, "follow": True,
                                           "withdrawn": u.id})


def _relocate(game: Game, u, to: int, why: str) -> None:
    frm = u.hex
    game.place_unit(u, to)
    game._event({"type": why, "unit": u.id, "side": u.side, "from": game.board.hexes[frm].to_json(),
                 "to": game.board.hexes[to].to_json()})


def fight_back_window(game: Game, attacker, target) -> None:
    """After an artillery attack through Bombard, or a cavalry attack through Hit and Run
    (before its second move), the defender may play Fight Back.  The window opens
    whether or not the defender holds the card, so it reveals nothing."""
    qualifies = ((game.current.effect == "bombard" and attacker.kind == ARTILLERY)
                 or (game.current.effect == "hit_and_run" and attacker.kind == CAV))
    if not qualifies or game.current.mode == "skirmish" or target.side == game.archie:
        return
    _queue_after_attack(game, {"do": "fight_back", "side": target.side, "unit": target.id,
                              "attacker": attacker.id, "hex": target.hex})


def fight_back_ready(game: Game, item) -> bool:
    u, foe = game.pieces.units.get(item["unit"]), game.pieces.units.get(item["attacker"])
    if u is None or foe is None or u.hex != item["hex"]:
        return False
    return combat.attack_profile(game, u, foe.hex, False)["allowed"]
