"""What the deciding player may do now, in words: the prompt, the groups of buttons (each
with its label and action), the hexes to click and light up, and each card's buttons.

The game page draws these as its board clicks and buttons; the API's legal actions give the
same prompt and labels.  Built only from ``Game.view(side)``, ``legal_actions`` and
``attack_preview`` of the deciding side; no rule is decided here.
"""
from __future__ import annotations

from collections import OrderedDict

from games.board_svg import unit_words
from games.engine import SIDE_NAMES, TERRAIN as KINDS

from . import prebattle, team_choices
from .kit import Choices, act_button, select_link, sel_query  # noqa: F401  (sel_query: for the pages)
from .words import card_info, hex_label


def _key(h) -> tuple[int, int]:
    return int(h["col"]), int(h["row"])


# -- the choices of each step ----------------------------------------------------------------------
def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _along(a: dict) -> str:
    """A supporter passing through the attacker that takes its general along (house rule)."""
    return ", taking the attacker's general along" if a.get("general") else ""


def choices(engine, view, legal: list, selected=None, want_general: bool = False) -> Choices:
    """What the deciding player may do now, in words: ``legal`` are the engine's legal
    actions for ``view`` (the decider's own), ``selected`` the hex of the piece picked (its
    general with ``want_general``): its moves or targets are listed then, as on the page."""
    ch = Choices()
    phase = engine.phase
    units = {u["id"]: u for u in view["units"]}
    unit_at = {_key(u["hex"]): u for u in view["units"]}
    gens = {g["id"]: g for g in view["generals"]}
    gen_at = {_key(g["hex"]): g for g in view["generals"]}
    decision = view.get("decision") or {}
    ground = {_key(t["hex"]): t["kind"] for t in view["terrain"]}

    def where(h) -> str:
        """'F7' or 'F7 (woods)': the hex as the drawn key names it, and its ground."""
        kind = ground.get(_key(h))
        return f"{hex_label(h)} ({KINDS[kind].label.lower()})" if kind in KINDS else hex_label(h)

    def unit_label(uid) -> str:
        u = units.get(uid)
        return f"{unit_words(u)} at {hex_label(u['hex'])}" if u else "a unit"

    def gen_label(gid) -> str:
        g = gens.get(gid)
        if not g:
            return "a general"
        return f"{SIDE_NAMES[g['side']]} general{' ' + g['name'] if g.get('name') else ''} at {hex_label(g['hex'])}"

    by_type: dict = OrderedDict()
    for a in legal:
        by_type.setdefault(a["type"], []).append(a)

    def unit_clicks(kind: str, verb: str, title: str) -> None:
        """Actions on one unit each: its hex lights up and a click takes the action."""
        buttons = []
        for a in by_type.get(kind, []):
            u = units.get(a["unit"])
            if u:
                key = _key(u["hex"])
                ch.light("eligible", key)
                ch.clicks[key] = {"action": a}
                buttons.append(act_button(f"{verb} {unit_label(a['unit'])}", a))
        ch.group(title, buttons)
    ends = []
    for kind, label in (("refit", "Discard instead of playing"), ("end_refit", "Done discarding: refill the hand"),
                        ("confirm_orders", "Done ordering: move on"), ("end_movement", "End movement: battle"),
                        ("end_turn", "End the turn and draw"), ("end_rally", "End the rally"),
                        ("decline", "Decline"), ("hold_ground", "Hold ground")):
        for a in by_type.get(kind, []):
            ends.append(act_button(label, a, "end"))

    if phase in ("play_card", "command"):       # a team's command step may play a card too
        ch.prompt = "Play a command card from your hand."
        for a in by_type.get("play_card", []):
            if a.get("mode") == "skirmish":
                ch.hand_buttons.setdefault(a["card"], []).append(
                    act_button("Skirmish: order 1 unit anywhere", a, "skirmish secondary"))
                continue
            if a.get("section"):
                label = f"Play on your {a['section']}"
            elif a.get("kind") and a.get("to"):
                label = f"Call up {a['kind']} at {hex_label(a['to'])}"
            elif a.get("unit"):
                label = f"Play on {unit_label(a['unit'])}"
            else:
                label = "Play"
            ch.hand_buttons.setdefault(a["card"], []).append(act_button(label, a))
        if by_type.get("discard_card"):
            ch.prompt = "No card in your hand can be played: discard one to end your turn."
        for a in by_type.get("discard_card", []):
            ch.hand_buttons.setdefault(a["card"], []).append(act_button("Discard", a))
        for buttons in ch.hand_buttons.values():      # the card's own play first, skirmish last
            buttons.sort(key=lambda b: '"skirmish"' in b["action"])
    elif phase == "order":
        ch.prompt = (f"Order units: {view['orders_left']} order{'s' if view['orders_left'] != 1 else ''} "
                     "left. Click a highlighted unit, then move on.")
        unit_clicks("order", "Order", "Units you may order")
        ch.group("Generals you may order", [act_button(f"Order {gen_label(a['general'])}", a)
                                            for a in by_type.get("order_general", [])])
    elif phase in ("move", "move_again"):
        moves: dict = OrderedDict()          # (kind, id) -> [actions]
        for a in by_type.get("move", []):
            moves.setdefault(("unit", a["unit"]), []).append(a)
        for a in by_type.get("move_general", []):
            moves.setdefault(("general", a["general"]), []).append(a)
        piece_hex = {}
        for (kind, pid) in moves:
            piece = units.get(pid) if kind == "unit" else gens.get(pid)
            if piece:
                piece_hex[(kind, pid)] = _key(piece["hex"])
        here = [p for p, k in piece_hex.items() if k == selected]
        ch.prompt = ("Move your ordered units: click one, then a highlighted hex."
                     if phase == "move" else "Hit and Run: your cavalry may move again.")
        pick = []
        for p, key in piece_hex.items():
            ch.light("eligible", key)
            if key != selected:
                ch.clicks[key] = {"select": key}
            label = unit_label(p[1]) if p[0] == "unit" else gen_label(p[1])
            pick.append(select_link(f"Select {label}", key, general=p[0] == "general"))
        ch.group("Pieces that can move", pick)
        if here:
            # A click on a hex selects its unit; the general on the same hex is selected by a
            # second click there (or its own "Select" link), never by surprise.
            here.sort(key=lambda p: (p[0] == "unit") == want_general)
            if len(here) > 1:
                ch.clicks[selected] = {"select": selected, "general": here[1][0] == "general"}
            for n, p in enumerate(here):
                buttons = []
                for a in moves[p]:
                    key = _key(a["to"])
                    if n == 0:
                        ch.light("reachable", key)
                        # a hex holding another piece that can move selects that piece
                        if key not in piece_hex.values():
                            ch.clicks[key] = {"action": a}
                    buttons.append(act_button(f"To {where(a['to'])}", a))
                label = unit_label(p[1]) if p[0] == "unit" else gen_label(p[1])
                ch.group(f"Move {label}", buttons)
        ch.group("Change places (support)", [
            act_button(f"{_cap(unit_label(a['unit']))} changes places with {unit_label(a['with'])}", a)
            for a in by_type.get("change_places", [])])
    elif phase == "battle":
        attacks: dict = OrderedDict()
        for a in by_type.get("attack", []):
            attacks.setdefault(a["unit"], []).append(a)
        ch.prompt = "Battle: click one of your highlighted units, then a target."
        if engine.compulsory_melees():
            ch.prompt = "Battle: your units in melee must battle first."
        elif not attacks:
            ch.prompt = "Battle: none of your ordered units can battle now. End the turn."
        pick = []
        for uid in attacks:
            key = _key(units[uid]["hex"])
            ch.light("eligible", key)
            if key != selected:
                ch.clicks[key] = {"select": key}
            pick.append(select_link(f"Select {unit_label(uid)}", key))
        ch.group("Units that can battle", pick)
        sel_unit = unit_at.get(selected) if selected else None
        if sel_unit and sel_unit["id"] in attacks:
            buttons = []
            for a in attacks[sel_unit["id"]]:
                key = _key(a["target"])
                prev = engine.attack_preview(sel_unit["hex"], a["target"])
                mods = "; ".join(f"{m['why']} {m['dice']:+d}" for m in prev.get("modifiers") or [])
                if a.get("general"):
                    g = gen_at.get(key)
                    label = f"Sharpshooter: fire at {gen_label(g['id']) if g else 'the general'}"
                else:
                    ch.light("target", key)
                    ch.clicks[key] = {"action": a}
                    target = unit_at.get(key)
                    what = (f"{unit_words(target)}" if target else
                            gen_label(gen_at[key]["id"]) if key in gen_at else "target")
                    label = (f"Attack {what} at {hex_label(a['target'])}: {prev['dice']} "
                             f"{'die' if prev['dice'] == 1 else 'dice'}"
                             f"{' in melee' if prev.get('melee') else ''}{' (' + mods + ')' if mods else ''}")
                buttons.append(act_button(label, a))
            ch.group(f"Targets of the {unit_label(sel_unit['id'])}", buttons)
        ch.group("Rally instead of battling", [act_button(f"Rally {unit_label(a['unit'])}", a)
                                               for a in by_type.get("rally_unit", [])])
        ch.group("Sharp Shooter", [act_button(f"{_cap(unit_label(a['unit']))}: fire at "
                                              f"{gen_label(a['general'])}", a)
                                   for a in by_type.get("shoot_general", [])])
    elif phase in ("retreat", "general_retreat", "withdraw", "supply_move", "evade"):
        who = (gen_label(decision.get("general")) if decision.get("general")
               else unit_label(decision.get("unit")))
        verb = {"retreat": "Retreat", "general_retreat": "Retreat", "withdraw": "Withdraw",
                "supply_move": "Send back", "evade": "Evade"}[phase]
        if phase == "retreat":
            ch.prompt = (f"Your {who} must retreat {decision.get('steps')} "
                         f"hex{'es' if decision.get('steps') != 1 else ''}: choose the hex it ends on.")
        elif phase == "general_retreat":
            ch.prompt = f"Your {who} survived the attack and must retreat: choose where."
        elif phase == "withdraw" and decision.get("fallback"):
            ch.prompt = (f"Your {who} is attacked in melee: fall back up to 3 hexes (under half "
                         "the attack's dice unless the infantry just moved in; Shaken if that "
                         "rule is on), or stand and fight.")
        elif phase == "withdraw":
            ch.prompt = (f"Your {who} is attacked in melee by infantry: withdraw 1 hex before the "
                         "battle, or stand and fight.")
        elif phase == "evade":
            ch.prompt = (f"Your {who} is attacked in melee: evade 1 or 2 hexes (then only crossed "
                         "sabres hit it), or stand and fight.")
        else:
            ch.prompt = f"Short Supply: send your {who} back to one of the highlighted hexes."
        crowded = {_key(h) for h in decision.get("crowded", ())}
        buttons = []
        for a in legal:
            if "to" in a:
                key = _key(a["to"])
                ch.light("reachable", key)
                ch.clicks[key] = {"action": a}
                past = " (past a friend: both roll a die)" if key in crowded else ""
                buttons.append(act_button(f"{verb} to {where(a['to'])}{past}", a))
        for a in by_type.get("stand", []):
            buttons.append(act_button("Stand and fight", a, "end"))
        ch.group("Your choice", buttons)
    elif phase == "battle_back":
        ch.prompt = (f"Your {unit_label(decision.get('unit'))} held its ground: battle back "
                     "(after a morale check), or decline.")
        ch.group("Your choice", [act_button("Battle back", a) for a in by_type.get("battle_back", [])])
    elif phase == "breakthrough":
        ch.prompt = (f"Your {unit_label(decision.get('unit'))} cleared the hex: advance into it "
                     "and melee again with 1 more die, or hold.")
        ch.group("Your choice", [act_button("Break through", a) for a in by_type.get("breakthrough", [])])
    elif phase == "press_on":
        ch.prompt = f"Your {unit_label(decision.get('unit'))} broke through: press on one hex more, or hold."
        buttons = []
        for a in by_type.get("press_on", []):
            key = _key(a["to"])
            ch.light("reachable", key)
            ch.clicks[key] = {"action": a}
            buttons.append(act_button(f"Press on to {hex_label(a['to'])}", a))
        ch.group("Your choice", buttons)
    elif phase == "take_ground" and decision.get("breakthrough"):
        ch.prompt = (f"Your {unit_label(decision.get('unit'))} cleared the hex: break through into "
                     "it, or hold.")
        ch.group("Your choice", [
            act_button("Break through" if a["unit"] == decision.get("unit")
                       else f"Break through with {unit_label(a['unit'])}{_along(a)}", a)
            for a in by_type.get("take_ground", [])])
    elif phase == "take_ground":
        ch.prompt = f"Your {unit_label(decision.get('unit'))} won its melee: take ground with its general, or hold."
        ch.group("Your choice", [
            act_button("Take ground" if a["unit"] == decision.get("unit")
                       else f"Move in with {unit_label(a['unit'])}{_along(a)}", a)
            for a in by_type.get("take_ground", [])])
    elif phase == "discard":
        ch.prompt = "Your hand is over its limit: discard a card."
        for a in by_type.get("discard", []):
            ch.hand_buttons.setdefault(a["card"], []).append(act_button("Discard", a))
    elif phase == "refit":
        ch.prompt = (f"Discard instead of playing: discard up to {decision.get('left', 0)} more "
                     "card(s), then your hand is refilled and your turn ends.")
        for a in by_type.get("refit_card", []):
            ch.hand_buttons.setdefault(a["card"], []).append(act_button("Discard", a))
    elif phase == "keep_card":
        ch.prompt = "You drew two cards: keep one, the other is discarded."
        ch.group("Keep which card?", [act_button(f"Keep {card_info(a['card'])['name']}", a)
                                      for a in by_type.get("keep_card", [])])
    elif phase == "rally":
        ch.prompt = "Rally: click a highlighted unit to return a figure to it, or end the rally."
        unit_clicks("rally", "Rally", "Units you may rally")
    elif phase == "reinforce":
        ch.prompt = "Call for Reinforcements: choose a hex on your baseline, then the kind of unit."
        by_hex: dict = OrderedDict()
        for a in by_type.get("reinforce", []):
            by_hex.setdefault(_key(a["to"]), []).append(a)
        pick = []
        for key, acts in by_hex.items():
            ch.light("reachable", key)
            if len(acts) == 1:
                ch.clicks[key] = {"action": acts[0]}
            elif key != selected:
                ch.clicks[key] = {"select": key}
            pick.append(select_link(f"Hex {hex_label({'col': key[0], 'row': key[1]})}", key))
        ch.group("Baseline hexes", pick)
        if selected in by_hex:
            ch.group(f"Call up at {hex_label({'col': selected[0], 'row': selected[1]})}",
                     [act_button(f"Call up {a['kind']}", a) for a in by_hex[selected]])
    elif phase in prebattle.PHASES:
        prebattle.choices(ch, phase, legal, units, unit_label, _key, act_button, select_link,
                               selected)
    elif phase == "fight_back":
        ch.prompt = ("Your unit was attacked: play Fight Back to battle back now, or decline.")
        ch.group("Your choice", [act_button("Play Fight Back", a) for a in by_type.get("fight_back", [])])
    # The unit (or general) the decision is about is ringed on the board.
    concerned = units.get(decision.get("unit")) or gens.get(decision.get("general"))
    if concerned:
        ch.light("concerned", _key(concerned["hex"]))
    if view.get("team"):
        team_choices.fill(ch, phase, view, by_type, unit_label, _key)
    ch.group("When you are done", ends)
    return ch
