"""The turn under the standard rules (seed 004 L20-25, L36-41, L69-84): play a card (or
discard one when none can be played), order, move, and draw at the end.

``*_actions`` list the legal actions of a phase; ``do_*`` carry out one of them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..units import ARTILLERY, BOX_LIMITS, CAVALRY, FULL_FIGURES, GENERAL_MOVE, INFANTRY, UNIT_KINDS, other
from ..pieces import Unit
from .cards import ALL, card_of, mirror
from . import hand, placing, prebattle
from .morale import ROUTED, SPENT, SYMBOL

if TYPE_CHECKING:
    from .game import StandardGame

#: Hexes each kind may move (L37-40); Force March lets infantry move 3 (L81).
MOVE = {INFANTRY: 1, CAVALRY: 3, ARTILLERY: 1}
FORCE_MARCH = 3

AUTO_ORDER = ("std_all_out_offensive", "std_bombard", "std_leadership", "std_force_march",
              "std_hit_and_run")


# -- cards ------------------------------------------------------------------------------
def effect_of(game: StandardGame, cid: str) -> str | None:
    """The card whose effect playing ``cid`` has: itself, or for Counter-Attack the mirror
    of the card the opponent played last (None when there is nothing to copy)."""
    key = card_of(cid).key
    if key != "std_counter_attack":
        return key
    last = game.last_card[other(game.current.active)]
    return mirror(last) if last else None


def in_section(game: StandardGame, hex_: int, side: str, section: str) -> bool:
    return section in game.board.section_of[game.field.positions[side]][hex_]


def may_order(game: StandardGame, u: Unit) -> bool:
    return (u.side == game.current.active and u.id not in game.current.ordered
            and game.unsupplied.get(u.id, 0) < game.current.number)


def _own_units(game: StandardGame, kind: str | None = None, section: str | None = None) -> list[Unit]:
    return [u for u in game.pieces.units.values() if may_order(game, u)
            and (kind is None or u.kind == kind)
            and (section is None or in_section(game, u.hex, u.side, section))]


def _own_generals(game: StandardGame, section: str | None = None) -> list[str]:
    return [g.id for g in game.pieces.generals.values() if g.side == game.current.active
            and g.id not in game.current.gen_ordered
            and (section is None or in_section(game, g.hex, g.side, section))]


def empty_baseline(game: StandardGame, side: str) -> list[int]:
    row = game.board.baseline_row[game.field.positions[side]]
    return [i for i, h in enumerate(game.board.hexes) if h.row == row and game.pieces.unit_at[i] is None
            and game.pieces.general_at[i] is None and not game.field.impassable[i]]


def reinforcement_kinds(game: StandardGame, side: str) -> list[str]:
    """Kinds a side may still call up: fewer on the board and lost than the box holds."""
    out = []
    for kind in UNIT_KINDS:
        on_board = sum(1 for u in game.pieces.units.values() if u.side == side and u.kind == kind)
        lost = sum(1 for c in game.captured[other(side)] if c.get("kind") == kind)
        if on_board + lost < BOX_LIMITS[kind] * game.board.boxes:
            out.append(kind)
    return out


def plays(game: StandardGame, cid: str) -> list[dict]:
    """Every way to play card ``cid`` now ([] when it cannot be played)."""
    effect = effect_of(game, cid)
    if effect is None:
        return []
    side = game.current.active
    base = {"type": "play_card", "card": cid}
    card = card_of(effect)
    if card.section is not None:
        has = _own_units(game, section=card.section) or _own_generals(game, card.section)
        return [base] if has else []
    if effect in ("std_all_out_offensive", "std_coordinated_attack"):
        return [base] if _own_units(game) or _own_generals(game) else []
    if effect == "std_bombard":
        return [base] if _own_units(game, ARTILLERY) else []
    if effect == "std_hit_and_run":
        return [base] if _own_units(game, CAVALRY) else []
    if effect == "std_sharp_shooter":
        return [base] if _own_units(game, INFANTRY) else []
    if effect == "std_leadership":
        return [base] if _own_generals(game) else []
    if effect == "std_force_march":
        return [{**base, "section": s} for s in game.board.sections if _own_units(game, INFANTRY, s)]
    if effect == "std_rally":
        return [{**base, "unit": u.id} for u in game.pieces.units.values()
                if u.side == side and u.figures < FULL_FIGURES[u.kind]]
    if effect == "std_short_of_supplies":
        return [{**base, "unit": u.id} for u in game.pieces.units.values()]
    if effect == "std_call_for_reinforcements":
        hexes = empty_baseline(game, side)
        return [{**base, "kind": k, "to": game.board.hex_json[h]}
                for k in reinforcement_kinds(game, side) for h in hexes]
    raise AssertionError(f"no rule for card {effect}")      # pragma: no cover


def card_actions(game: StandardGame) -> list[dict]:
    hand = game.hands[game.current.active]
    out = [a for cid in hand for a in plays(game, cid)]
    if out:
        return out
    return [{"type": "discard_card", "card": cid} for cid in hand]


def do_discard_card(game: StandardGame, a: dict) -> None:
    """No card can be played: discard one and go on to the draw (L22)."""
    side = game.current.active
    game.hands[side].remove(a["card"])
    game.discards.append(a["card"])
    game.event({"type": "discarded", "side": side, "card": a["card"]})
    end_turn(game)


def do_play_card(game: StandardGame, a: dict) -> None:
    side, cid = game.current.active, a["card"]
    effect = effect_of(game, cid)
    assert effect is not None
    game.hands[side].remove(cid)
    game.current.card, game.current.effect = cid, effect
    game.last_card[side] = effect
    card = card_of(effect)
    event = {"type": "card_played", "side": side, "card": cid, "name": card_of(cid).name,
             "mode": card.kind}
    if card_of(cid).key != effect:
        event["copies"] = effect
    game.event(event)
    game.current.step = "move"
    if card.section is not None:
        pieces = ([u.id for u in _own_units(game, section=card.section)]
                  + _own_generals(game, card.section))
        _orders(game, pieces, len(pieces) if card.orders == ALL else int(card.orders))
    elif effect == "std_coordinated_attack":
        game.current.order_sections = list(game.board.sections)
        game.current.eligible = [u.id for u in _own_units(game)] + _own_generals(game)
        game.current.orders_left = 3
        game.current.step = "order"
    elif effect == "std_sharp_shooter":
        _orders(game, [u.id for u in _own_units(game, INFANTRY)], 1)
    elif effect == "std_all_out_offensive":
        _order_all(game, [u.id for u in _own_units(game)] + _own_generals(game))
    elif effect == "std_bombard":
        guns = [u.id for u in _own_units(game, ARTILLERY)]
        _order_all(game, guns)
        for uid in guns:
            game.current.battles_left[uid] = 2
    elif effect == "std_leadership":
        gens = _own_generals(game)
        attached = [game.pieces.unit_at[game.pieces.generals[g].hex] for g in gens]
        _order_all(game, [uid for uid in attached if uid is not None
                          and may_order(game, game.pieces.units[uid])] + gens)
    elif effect == "std_force_march":
        infantry = [u.id for u in _own_units(game, INFANTRY, a["section"])]
        _order_all(game, infantry)
        game.current.no_battle.extend(infantry)
    elif effect == "std_hit_and_run":
        game.current.hit_and_run = True
        _order_all(game, [u.id for u in _own_units(game, CAVALRY)])
    elif effect == "std_rally":
        _rally(game, game.pieces.units[a["unit"]], len(game.hands[side]) + 1)
    elif effect == "std_short_of_supplies":
        u = game.pieces.units[a["unit"]]
        game.unsupplied[u.id] = game.current.number + (2 if u.side == side else 1)
        game.event({"type": "short_of_supplies", "side": side, "unit": u.id})
    elif effect == "std_call_for_reinforcements":
        _reinforce(game, side, a["kind"], _hex(game, a["to"]))


def _hex(game: StandardGame, h) -> int:
    return game.board.hex_index(h["col"], h["row"])


def _orders(game: StandardGame, pieces: list[str], n: int) -> None:
    """Order ``n`` of ``pieces``: all of them when they are no more, else the player picks."""
    if len(pieces) <= n:
        _order_all(game, pieces)
        return
    game.current.eligible, game.current.orders_left = pieces, n
    game.current.step = "order"


def _order_all(game: StandardGame, pieces: list[str]) -> None:
    for pid in pieces:
        _order(game, pid)


def _order(game: StandardGame, pid: str) -> None:
    if pid in game.pieces.generals:
        game.current.gen_ordered.append(pid)
        game.event({"type": "ordered_general", "side": game.current.active, "general": pid})
        return
    game.current.ordered.append(pid)
    game.event({"type": "ordered", "side": game.current.active, "unit": pid})
    if game.status.get(pid) == ROUTED:
        # a Routed unit may be ordered, but retreats a hex first (L96; ruling S6)
        game.pending.append({"do": "retreat", "side": game.current.active, "unit": pid, "steps": 1,
                             "by": other(game.current.active), "rallies": True})


def order_actions(game: StandardGame) -> list[dict]:
    out: list[dict] = []
    if game.current.orders_left > 0:
        for pid in game.current.eligible:
            if pid in game.current.ordered or pid in game.current.gen_ordered:
                continue
            piece = game.pieces.units.get(pid) or game.pieces.generals.get(pid)
            if piece is None:
                continue
            if game.current.order_sections and not any(
                    in_section(game, piece.hex, piece.side, s) for s in game.current.order_sections):
                continue
            if pid in game.pieces.units:
                out.append({"type": "order", "unit": pid})
            else:
                out.append({"type": "order_general", "general": pid})
    out.append({"type": "confirm_orders"})
    return out


def _take_order(game: StandardGame, pid: str) -> None:
    piece = game.pieces.units.get(pid) or game.pieces.generals[pid]
    if game.current.order_sections:
        # Coordinated Attack: the piece uses up one section it stands in (the first
        # still open, left to right)
        sec = next(s for s in game.current.order_sections if in_section(game, piece.hex, piece.side, s))
        game.current.order_sections.remove(sec)
    _order(game, pid)
    game.current.orders_left -= 1
    if game.current.orders_left == 0:
        game.current.step = "move"


def do_order(game: StandardGame, a: dict) -> None:
    _take_order(game, a["unit"])


def do_order_general(game: StandardGame, a: dict) -> None:
    _take_order(game, a["general"])


def do_confirm_orders(game: StandardGame, a: dict) -> None:
    game.current.orders_left = 0
    game.current.step = "move"


def _rally(game: StandardGame, u: Unit, n: int) -> None:
    """Rally (L79): one die per card held, this one included; each of the unit's own
    symbols gives a figure back; any figure back lifts its marker (ruling S3)."""
    u = game.writable_unit(u)
    faces = game.roll(n)
    back = min(sum(1 for f in faces if f == SYMBOL[u.kind]), FULL_FIGURES[u.kind] - u.figures)
    u.figures += back
    if back:
        game.status.pop(u.id, None)
    game.event({"type": "rallied", "side": u.side, "unit": u.id, "rolls": faces,
                "dice": n, "figures": u.figures, "gained": back})


def _reinforce(game: StandardGame, side: str, kind: str, h: int) -> None:
    n = sum(1 for k in game.reinforced[side]) + 1
    uid = f"{side}-reinforcement-{game.current.number}-{n}"
    game.reinforced[side].append(kind)
    u = Unit(uid, side, kind, FULL_FIGURES[kind], h)
    game.pieces.units[uid] = u
    game.pieces.unit_at[h] = uid
    game.cache.clear()
    game.event({"type": "reinforced", "side": side, "kind": kind, "unit": uid,
                "hex": dict(game.board.hex_json[h])})


# -- movement -------------------------------------------------------------------------
def allowance(game: StandardGame, u: Unit) -> int:
    if u.kind == INFANTRY and game.current.effect == "std_force_march" and u.id in game.current.no_battle:
        return FORCE_MARCH
    return MOVE[u.kind]


def unit_destinations(game: StandardGame, u: Unit) -> dict[int, int]:
    """Hexes ``u`` may move to, with the hexes it takes.  Units pass no other unit and no
    enemy general; a hex that stops movement (woods, buildings, hills) ends the move;
    waterways and rough ground are closed (ruling S5)."""
    carries = game.pieces.general_at[u.hex] is not None
    out: dict[int, int] = {}
    frontier, seen = [u.hex], {u.hex}
    for step in range(1, allowance(game, u) + 1):
        nxt = []
        for h in frontier:
            if h != u.hex and game.field.stops[h]:
                continue
            for n in game.board.adjacent[h]:
                if n in seen or game.field.impassable[n] or game.pieces.unit_at[n] is not None:
                    continue
                gid = game.pieces.general_at[n]
                if gid is not None and game.pieces.generals[gid].side != u.side:
                    continue
                seen.add(n)
                nxt.append(n)
                if gid is None or not carries:
                    out[n] = step
        frontier = nxt
    return out


def general_destinations(game: StandardGame, gid: str) -> dict[int, int]:
    """Hexes a general may move to (up to 3, L40): through friendly units (L93), never
    through enemies; he ends on an empty hex or joins a friendly unit without a general."""
    gen = game.pieces.generals[gid]
    out: dict[int, int] = {}
    frontier, seen = [gen.hex], {gen.hex}
    for step in range(1, GENERAL_MOVE + 1):
        nxt = []
        for h in frontier:
            if h != gen.hex and game.field.stops[h]:
                continue
            for n in game.board.adjacent[h]:
                if n in seen or game.field.impassable[n]:
                    continue
                uid, other_gen = game.pieces.unit_at[n], game.pieces.general_at[n]
                if (uid is not None and game.pieces.units[uid].side != gen.side) or (
                        other_gen is not None and game.pieces.generals[other_gen].side != gen.side):
                    continue
                seen.add(n)
                nxt.append(n)
                if other_gen is None:
                    out[n] = step
        frontier = nxt
    return out


def unit_may_move(game: StandardGame, uid: str) -> bool:
    return uid in game.pieces.units and uid not in game.current.moved


def move_actions(game: StandardGame) -> list[dict]:
    out: list[dict] = []
    for uid in game.current.ordered:
        if unit_may_move(game, uid):
            u = game.pieces.units[uid]
            out.extend({"type": "move", "unit": uid, "to": game.board.hex_json[h]}
                       for h in sorted(unit_destinations(game, u)))
    for gid in game.current.gen_ordered:
        if gid in game.pieces.generals and gid not in game.current.gen_moved:
            out.extend({"type": "move_general", "general": gid, "to": game.board.hex_json[h]}
                       for h in sorted(general_destinations(game, gid)))
    out.append({"type": "end_movement"})
    return out


def do_move(game: StandardGame, a: dict) -> None:
    u = game.writable_unit(game.pieces.units[a["unit"]])
    to = _hex(game, a["to"])
    steps = unit_destinations(game, u)[to]
    frm = u.hex
    joined = game.pieces.general_at[to]
    gid = placing.place_unit(game, u, to) if joined is None else None
    if joined is not None:
        game.pieces.unit_at[frm] = None
        game.pieces.unit_at[to] = u.id
        u.hex = to
        game.cache.clear()
    game.current.moved[u.id] = steps
    game.event({"type": "moved", "side": u.side, "unit": u.id, "kind": u.kind,
                "from": dict(game.board.hex_json[frm]), "to": dict(game.board.hex_json[to]), "general": gid,
                "joined_general": joined})


def do_move_general(game: StandardGame, a: dict) -> None:
    gid = a["general"]
    to = _hex(game, a["to"])
    placing.place_general(game, gid, to)
    game.current.gen_moved.append(gid)
    game.event({"type": "general_moved", "side": game.current.active, "general": gid,
                "to": dict(game.board.hex_json[to]), "joined": game.pieces.unit_at[to]})


def do_end_movement(game: StandardGame, a: dict) -> None:
    game.current.step = "battle"
    game.event({"type": "battle_phase", "side": game.current.active})


# -- the end of the turn ----------------------------------------------------------------
def do_end_turn(game: StandardGame, a: dict) -> None:
    if game.current.card is not None:
        game.discards.append(game.current.card)
    end_turn(game)


def end_turn(game: StandardGame) -> None:
    """Draw a card (L25; two while a side dealt short by pre-battle dice catches up, C9),
    then the other side's turn begins."""
    side = game.current.active
    hand.draw(game, side, prebattle.draw_count(game, side, 1))
    game.current.number += 1
    game.unsupplied = {k: v for k, v in game.unsupplied.items() if v >= game.current.number}
    game.current.active = other(side)
    game.reset_turn()
    game.current.step = "play_card"
    game.event({"type": "turn", "turn": game.current.number, "side": game.current.active})


__all__ = ["SPENT", "ROUTED"]
