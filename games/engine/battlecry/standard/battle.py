"""Battle under the standard rules (seed 004 L42-67, L95-97): attacks, morale after
flags, retreats, evading a melee, battle-back and the breakthrough charge.

A decision waits in ``game.pending`` (``retreat``, ``evade``, ``battle_back``,
``breakthrough``); steps nobody decides (``after_melee``, ``general_escape``,
``general_lost``) are carried out by the engine in order.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import dice as _dice
from ..pieces import Unit
from ..retreat import default_choice, general_retreat, unit_retreat
from ..units import ARTILLERY, CAVALRY, INFANTRY, other
from . import morale
from .combat import attack_dice, can_see, facing, is_melee, reach, base_dice
from .morale import ROUTED, SPENT, SYMBOL
from .placing import place_general, place_unit

if TYPE_CHECKING:
    from .game import StandardGame

#: Sharp Shooter's reach: the infantry's own range (ruling S3).
SHARP_SHOOTER_RANGE = 4
#: A unit or lone general evading a melee falls back 1 or 2 hexes (L67).
EVADE_STEPS = 2


def _h(game: StandardGame, i: int) -> dict:
    return dict(game.board.hex_json[i])


# -- who may battle what ------------------------------------------------------------------
def may_battle(game: StandardGame, u: Unit) -> bool:
    return (u.id in game.current.ordered and game.current.battles_left.get(u.id, 1) > 0
            and u.id not in game.current.no_battle
            and not (u.kind == ARTILLERY and u.id in game.current.moved)
            and u.side == game.current.active)


def targets(game: StandardGame, u: Unit) -> list[int]:
    """Hexes ``u`` may battle now: enemy units in range and sight with at least one die,
    and lone enemy generals next to infantry or cavalry (melee only)."""
    out = []
    far = 1 if u.id in game.current.melee_only else reach(game, u)
    bonus = game.current.bonus.get(u.id, 0)
    for t in game.pieces.units.values():
        if t.side == u.side:
            continue
        d = game.board.dist[u.hex][t.hex]
        if d > far or (d > 1 and not can_see(game, u.hex, t.hex, u)):
            continue
        if attack_dice(game, u, t.hex, bonus)[0] >= 1:
            out.append(t.hex)
    if u.kind != ARTILLERY:
        for gen in game.pieces.generals.values():
            if gen.side != u.side and game.board.dist[u.hex][gen.hex] == 1 and game.pieces.unit_at[gen.hex] is None:
                out.append(gen.hex)
    return sorted(out)


def shooting_targets(game: StandardGame, u: Unit) -> list[str]:
    """Enemy generals a Sharp Shooter may fire at (L83; ruling S3)."""
    if game.current.effect != "std_sharp_shooter" or u.kind != INFANTRY:
        return []
    return sorted(g.id for g in game.pieces.generals.values() if g.side != u.side
                  and game.board.dist[u.hex][g.hex] <= SHARP_SHOOTER_RANGE
                  and can_see(game, u.hex, g.hex, u))


def battle_actions(game: StandardGame) -> list[dict]:
    out: list[dict] = []
    for uid in game.current.ordered:
        u = game.pieces.units.get(uid)
        if u is None or not may_battle(game, u):
            continue
        out.extend({"type": "attack", "unit": uid, "target": game.board.hex_json[h]} for h in targets(game, u))
        out.extend({"type": "shoot_general", "unit": uid, "general": gid}
                   for gid in shooting_targets(game, u))
    out.append({"type": "end_turn"})
    return out


def preview(game: StandardGame, u: Unit, b: int) -> dict:
    d = game.board.dist[u.hex][b]
    n, mods = attack_dice(game, u, b, game.current.bonus.get(u.id, 0))
    los = d <= 1 or can_see(game, u.hex, b, u)
    allowed = game.phase == "battle" and may_battle(game, u) and b in targets(game, u)
    return {"dice": max(0, n), "distance": d, "los": los, "allowed": allowed,
            "modifiers": [{"dice": m["dice"], "why": m["why"]} for m in mods],
            "melee": is_melee(u, d),
            "reason": "" if allowed else "This unit cannot battle that hex now."}


# -- an attack ------------------------------------------------------------------------------
def _spend_battle(game: StandardGame, u: Unit) -> int:
    game.current.battles_left[u.id] = game.current.battles_left.get(u.id, 1) - 1
    if u.id in game.current.melee_only:
        game.current.melee_only.remove(u.id)
    return game.current.bonus.pop(u.id, 0)


def do_attack(game: StandardGame, a: dict) -> None:
    u = game.pieces.units[a["unit"]]
    target = _index(game, a["target"])
    bonus = _spend_battle(game, u)
    attack(game, u, target, bonus, back=False)


def _index(game: StandardGame, h: dict) -> int:
    return game.board.hex_index(h["col"], h["row"])


def attack(game: StandardGame, u: Unit, target_hex: int, bonus: int, back: bool) -> None:
    """One attack of ``u`` on ``target_hex``; ``back``: a battle-back (L65)."""
    d = game.board.dist[u.hex][target_hex]
    n, mods = attack_dice(game, u, target_hex, bonus)
    melee = is_melee(u, d)
    tuid = game.pieces.unit_at[target_hex]
    ctx: dict[str, Any] = {"attacker": u.id, "hex": target_hex, "dice": n, "modifiers": mods,
                           "melee": melee, "back": back}
    if tuid is not None:
        t = game.pieces.units[tuid]
        ctx["target"] = t.id
        ctx["facing"] = facing(game, t, u.hex)
        may_evade = t.kind == CAVALRY
    else:
        gid = game.pieces.general_at[target_hex]
        assert gid is not None
        ctx["general"] = gid
        ctx["facing"] = "front"
        may_evade = True
    if melee and not back and may_evade:
        owner = other(u.side)
        game.pending.insert(0, {"do": "evade", "side": owner, **ctx})
        return
    roll_attack(game, ctx, evaded=False)


def roll_attack(game: StandardGame, ctx: dict, evaded: bool) -> None:
    """Roll an attack's dice and apply them.  After an evasion only crossed sabres count."""
    u = game.pieces.units.get(ctx["attacker"])
    if u is None:
        return
    faces = game.roll(ctx["dice"])
    sabres = faces.count(_dice.SWORDS)
    melee = ctx["melee"]
    if "general" in ctx:
        gen = game.pieces.generals[ctx["general"]]
        killed = sabres > 0
        flags = 0 if evaded or killed else faces.count(_dice.FLAG)
        game.event({"type": "attack", "side": u.side, "unit": u.id, "kind": u.kind,
                    "from": _h(game, u.hex), "target": gen.id, "target_kind": "general",
                    "to": _h(game, gen.hex), "dice": ctx["dice"], "rolls": faces, "melee": True,
                    "modifiers": ctx["modifiers"], "hits": int(killed), "flags": flags,
                    "evaded": evaded, "battle_back": False})
        if killed:
            capture_general(game, gen.id, u.side)
        elif flags:
            _general_falls_back(game, gen.id, flags, u.side)
        if melee and not evaded:
            game.pending.append({"do": "after_melee", "side": u.side, "attacker": u.id,
                                 "general": gen.id, "origin": ctx["hex"], "flank": False})
        return
    t = game.writable_unit(game.pieces.units[ctx["target"]])
    if evaded:
        hits, flags = sabres, 0
    else:
        hits = faces.count(SYMBOL[t.kind]) + (sabres if melee else 0)
        flags = faces.count(_dice.FLAG)
    lost = min(hits, t.figures)
    t.figures -= lost
    game.casualties[u.side] += lost
    game.event({"type": "attack", "side": u.side, "unit": u.id, "kind": u.kind,
                "from": _h(game, u.hex), "target": t.id, "target_kind": t.kind, "to": _h(game, t.hex),
                "dice": ctx["dice"], "rolls": faces, "melee": melee,
                "modifiers": ctx["modifiers"], "hits": lost, "flags": flags,
                "facing": ctx["facing"], "evaded": evaded, "battle_back": ctx["back"]})
    if t.figures == 0:
        eliminate(game, t, u.side)
    elif flags:
        took_flags(game, t, flags, flank=ctx["facing"] == "flank", by=u.side)
    if melee and not ctx["back"] and not evaded:
        game.pending.append({"do": "after_melee", "side": u.side, "attacker": u.id,
                             "target": t.id, "origin": ctx["hex"],
                             "flank": ctx["facing"] == "flank"})


def took_flags(game: StandardGame, t: Unit, flags: int, flank: bool, by: str) -> None:
    """Flags on a unit (L57, L62): a Spent or Routed unit is Routed and retreats a hex per
    flag; any other checks morale and, failing, is Spent and retreats (ruling S6)."""
    if game.status.get(t.id) in (SPENT, ROUTED):
        _set_status(game, t, ROUTED)
    elif morale.check(game, t, "flags", flags, flank):
        return
    else:
        _set_status(game, t, SPENT)
    game.pending.insert(0, {"do": "retreat", "side": t.side, "unit": t.id, "steps": flags,
                            "by": by})


def _set_status(game: StandardGame, t: Unit, status: str) -> None:
    if game.status.get(t.id) != status:
        game.status[t.id] = status
        game.event({"type": "status", "side": t.side, "unit": t.id, "status": status})


def worsen(game: StandardGame, t: Unit, by: str) -> None:
    """A failed check with no flags (a general lost nearby): one step worse; a unit
    that becomes Routed retreats a hex."""
    if game.status.get(t.id) in (SPENT, ROUTED):
        _set_status(game, t, ROUTED)
        game.pending.insert(0, {"do": "retreat", "side": t.side, "unit": t.id, "steps": 1,
                                "by": by})
    else:
        _set_status(game, t, SPENT)


# -- losses ---------------------------------------------------------------------------------
def eliminate(game: StandardGame, t: Unit, by: str) -> None:
    h = t.hex
    game.pieces.unit_at[h] = None
    del game.pieces.units[t.id]
    game.status.pop(t.id, None)
    game.cache.clear()
    game.captured[by].append({"kind": t.kind, "id": t.id, "special": t.special})
    game.event({"type": "eliminated", "unit": t.id, "kind": t.kind, "side": t.side, "by": by,
                "hex": _h(game, h)})
    gid = game.pieces.general_at[h]
    if gid is not None:
        game.pending.insert(0, {"do": "general_escape", "side": by, "general": gid})


def auto_general_escape(game: StandardGame, item: dict) -> None:
    """A general whose unit is lost falls back 1 to 3 hexes to the nearest safe hex by
    the default policy, or is lost with it when he cannot (ruling S8)."""
    gid = item["general"]
    if gid in game.pieces.generals:
        _general_falls_back(game, gid, 3, item["side"])


def _general_falls_back(game: StandardGame, gid: str, steps: int, by: str) -> None:
    gen = game.pieces.generals[gid]
    options = [h for h in general_retreat(game, gen, steps) if game.pieces.unit_at[h] is None]
    if not options:
        game.event({"type": "general_trapped", "general": gid, "side": gen.side})
        capture_general(game, gid, by)
        return
    to = default_choice(game, gen.side, options)
    place_general(game, gid, to)
    game.event({"type": "general_retreated", "general": gid, "side": gen.side, "to": _h(game, to)})


def capture_general(game: StandardGame, gid: str, by: str) -> None:
    gen = game.pieces.generals.pop(gid)
    game.pieces.general_at[gen.hex] = None
    game.cache.clear()
    game.captured[by].append({"kind": "general", "id": gid, "name": gen.name})
    game.event({"type": "general_eliminated", "general": gid, "name": gen.name,
                "side": gen.side, "by": by})
    game.pending.insert(0, {"do": "general_lost", "side": gen.side, "hex": gen.hex, "by": by})


def auto_general_lost(game: StandardGame, item: dict) -> None:
    """Units next to (or on) the hex where their general fell check morale (L57)."""
    near = [u for u in list(game.pieces.units.values())
            if u.side == item["side"] and game.board.dist[u.hex][item["hex"]] <= 1]
    for u in near:
        if u.id in game.pieces.units and not morale.check(game, u, "general lost", 1, False):
            worsen(game, u, item["by"])


# -- decisions: retreat, evade ----------------------------------------------------------------
def prepare(game: StandardGame, item: dict) -> bool:
    """Make a decision ready (True), or carry it out at once when there is no choice."""
    return _PREPARE[item["do"]](game, item)


def _prepare_retreat(game: StandardGame, item: dict) -> bool:
    u = game.pieces.units.get(item["unit"])
    if u is None:
        return False
    made, ends = unit_retreat(game, u, item["steps"])
    item["made"], item["options"] = made, ends
    if len(ends) == 1:
        _retreat(game, u, ends[0], item)
        return False
    return True


def _retreat(game: StandardGame, u: Unit, to: int, item: dict) -> None:
    """Retreat toward the own baseline (the Advanced procedure, L95); a figure is lost per
    hex that cannot be made."""
    u = game.writable_unit(u)
    frm = u.hex
    lost = item["steps"] - item["made"]
    if to != frm:
        place_unit(game, u, to)
    game.casualties[item["by"]] += min(lost, u.figures)
    u.figures -= min(lost, u.figures)
    game.event({"type": "retreated", "unit": u.id, "side": u.side, "from": _h(game, frm),
                "to": _h(game, to), "figures_lost": lost})
    if u.figures == 0:
        eliminate(game, u, item["by"])
    elif item.get("rallies"):
        game.status[u.id] = SPENT
        game.event({"type": "status", "side": u.side, "unit": u.id, "status": SPENT})


def retreat_actions(game: StandardGame) -> list[dict]:
    item = game.pending[0]
    return [{"type": "retreat", "to": game.board.hex_json[h]} for h in item["options"]]


def do_retreat(game: StandardGame, a: dict) -> None:
    item = game.pending.pop(0)
    _retreat(game, game.pieces.units[item["unit"]], _index(game, a["to"]), item)


def evade_options(game: StandardGame, item: dict) -> list[int]:
    """Hexes 1 or 2 back toward the own baseline (the retreat procedure, L67)."""
    if "general" in item:
        gen = game.pieces.generals[item["general"]]
        return [h for h in general_retreat(game, gen, EVADE_STEPS) if game.pieces.unit_at[h] is None]
    u = game.pieces.units[item["target"]]
    out: set[int] = set()
    for steps in range(1, EVADE_STEPS + 1):
        made, ends = unit_retreat(game, u, steps)
        if made == steps:
            out.update(ends)
    return sorted(out)


def _prepare_evade(game: StandardGame, item: dict) -> bool:
    item["options"] = evade_options(game, item)
    if item["options"]:
        return True
    roll_attack(game, item, evaded=False)
    return False


def evade_actions(game: StandardGame) -> list[dict]:
    item = game.pending[0]
    return [{"type": "evade", "to": game.board.hex_json[h]} for h in item["options"]] + [{"type": "stand"}]


def do_evade(game: StandardGame, a: dict) -> None:
    item = game.pending.pop(0)
    to = _index(game, a["to"])
    if "general" in item:
        frm = game.pieces.generals[item["general"]].hex
        place_general(game, item["general"], to)
        piece = {"general": item["general"]}
    else:
        u = game.pieces.units[item["target"]]
        frm = u.hex
        place_unit(game, u, to)
        piece = {"unit": u.id}
    game.event({"type": "evaded", "side": item["side"], **piece, "from": _h(game, frm), "to": _h(game, to)})
    roll_attack(game, item, evaded=True)


def do_stand(game: StandardGame, a: dict) -> None:
    item = game.pending.pop(0)
    roll_attack(game, item, evaded=False)


# -- after a melee: battle-back or breakthrough ------------------------------------------------
def auto_after_melee(game: StandardGame, item: dict) -> None:
    u = game.pieces.units.get(item["attacker"])
    if u is None:
        return
    origin = item["origin"]
    t = game.pieces.units.get(item.get("target", ""))
    if t is not None and t.hex == origin:
        # held its ground: it may battle back (L65), unless flanked, Routed, or struck
        # by Hit and Run cavalry
        if (item["flank"] or game.status.get(t.id) == ROUTED or game.board.dist[u.hex][t.hex] != 1
                or (game.current.hit_and_run and u.kind == CAVALRY and u.side == game.current.active)):
            return
        game.pending.insert(0, {"do": "battle_back", "side": t.side, "unit": t.id,
                                "attacker": u.id})
        return
    gen = game.pieces.generals.get(item.get("general", ""))
    if gen is not None and gen.hex == origin:
        return
    # the enemy is gone or fell back: breakthrough charge (L66), once per turn
    if (game.current.breakthrough_used or u.kind == ARTILLERY or u.side != game.current.active
            or game.pieces.unit_at[origin] is not None or game.pieces.general_at[origin] is not None
            or game.field.impassable[origin]):
        return
    if game.pieces.general_at[u.hex] is not None:
        _break_through(game, u, origin)       # automatic with an attached general
        return
    game.pending.insert(0, {"do": "breakthrough", "side": u.side, "unit": u.id, "hex": origin})


def battle_back_actions(game: StandardGame) -> list[dict]:
    return [{"type": "battle_back"}, {"type": "decline"}]


def do_battle_back(game: StandardGame, a: dict) -> None:
    """The defender checks morale and, passing, battles the attacker back (L57, L65)."""
    item = game.pending.pop(0)
    t, u = game.pieces.units[item["unit"]], game.pieces.units.get(item["attacker"])
    if u is None:
        return
    if morale.check(game, t, "battle back", 1, False):
        attack(game, t, u.hex, 0, back=True)


def do_decline(game: StandardGame, a: dict) -> None:
    game.pending.pop(0)


def breakthrough_actions(game: StandardGame) -> list[dict]:
    return [{"type": "breakthrough"}, {"type": "hold_ground"}]


def _break_through(game: StandardGame, u: Unit, origin: int) -> None:
    frm = u.hex
    place_unit(game, u, origin)
    game.current.breakthrough_used = True
    game.current.battles_left[u.id] = 1
    game.current.bonus[u.id] = 1
    if u.id not in game.current.melee_only:
        game.current.melee_only.append(u.id)
    game.event({"type": "breakthrough", "side": u.side, "unit": u.id, "from": _h(game, frm),
                "to": _h(game, origin)})


def do_breakthrough(game: StandardGame, a: dict) -> None:
    item = game.pending.pop(0)
    _break_through(game, game.pieces.units[item["unit"]], item["hex"])


def do_hold_ground(game: StandardGame, a: dict) -> None:
    game.pending.pop(0)


# -- Sharp Shooter ------------------------------------------------------------------------------
def do_shoot_general(game: StandardGame, a: dict) -> None:
    u = game.pieces.units[a["unit"]]
    gen = game.pieces.generals[a["general"]]
    _spend_battle(game, u)
    game.current.battles_left[u.id] = 0
    n = base_dice(u, game.board.dist[u.hex][gen.hex])
    faces = game.roll(n)
    killed = _dice.SWORDS in faces
    game.event({"type": "sharpshooter", "side": u.side, "unit": u.id, "general": gen.id,
                "dice": n, "rolls": faces, "killed": killed})
    if killed:
        capture_general(game, gen.id, u.side)


def _always(game: StandardGame, item: dict) -> bool:
    return True


_PREPARE = {"retreat": _prepare_retreat, "evade": _prepare_evade, "battle_back": _always,
            "breakthrough": _always}
