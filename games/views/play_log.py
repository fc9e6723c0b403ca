"""The game log in plain words.

Every event shown here has already been passed through ``view_event`` for the reader's
side (so draws are named only to their owner and secrets never arrive).  A small tracker
follows where each unit stands, so that lines can say "the Union infantry at (12,4)" even
for events that only name a unit's id.
"""
from __future__ import annotations

from typing import NamedTuple

from games.board_svg import hex_name
from games.engine import BOARD, CARDS, card_of, view_event

from . import play_prebattle
from .play_dice import roll_of

SIDE = {"union": "Union", "confederate": "Confederate", None: "", "": ""}
FACE = {"flag": "flag", "swords": "sabre", "cavalry": "cavalry", "artillery": "artillery",
        "infantry": "infantry"}
GLYPH = {"flag": "\u2691", "swords": "\u2694", "cavalry": "Cav", "artillery": "Art",
         "infantry": "Inf"}
ROLL_EVENTS = ("attack", "general_attacked", "sharpshooter", "order_roll", "reroll", "prebattle_roll",
               "morale_check", "rallied")
UNDONE = {"order": "an order", "confirm_orders": "the end of ordering", "move": "a move",
          "move_general": "a general's move", "end_movement": "the end of movement"}
REASONS = {
    "resigned": "the opponent resigned",
    "flags": "captured the flags needed",
    "objective": "took the objective",
    "generals": "every enemy general was lost",
    "no_cards": "the opponent had no command card left",
    "nightfall_flags": "Nightfall: more flags",
    "nightfall_casualties": "Nightfall: equal flags, more figures eliminated",
    "nightfall_draw": "Nightfall: equal flags and figures",
    "timeout": "the opponent's time for a move ran out",
}


def hex_label(h) -> str:
    """A hex as the board's drawn key names it ('G7')."""
    if not h:
        return "?"
    return hex_name(int(h["col"]), int(h["row"]))


def card_name(copy_id: str | None) -> str:
    if not copy_id:
        return "a card"
    try:
        return card_of(copy_id).name
    except KeyError:
        return CARDS[copy_id].name if copy_id in CARDS else copy_id


def faces(rolls) -> str:
    return ", ".join(FACE.get(f, str(f)) for f in rolls)


class Tracker:
    """Where every unit and general stands, followed event by event."""

    def __init__(self, scenario_units, scenario_generals):
        # ids are given by the engine in scenario order: u1, u2, ... and g1, g2, ...
        self.units = {u.id: {"side": u.side, "kind": u.kind, "hex": BOARD.hexes[u.hex].to_json()}
                      for u in scenario_units}
        self.generals = {g.id: {"side": g.side, "name": g.name, "hex": BOARD.hexes[g.hex].to_json()}
                         for g in scenario_generals}

    def unit(self, uid, own: bool = False) -> str:
        """'the Union infantry at (12,6)', or 'its infantry at (12,6)' when ``own``."""
        u = self.units.get(uid)
        if not u:
            return "a unit"
        if own:
            return f"its {u['kind']} at {hex_label(u['hex'])}"
        return f"the {SIDE[u['side']]} {u['kind']} at {hex_label(u['hex'])}"

    def general(self, gid, name=None) -> str:
        g = self.generals.get(gid) or {}
        name = name or g.get("name")
        side = SIDE.get(g.get("side"), "")
        return f"the {side} general{' ' + name if name else ''}".replace("  ", " ")

    def follow(self, e) -> None:
        t = e["type"]
        if (t in ("moved", "retreated", "withdrew", "took_ground", "sent_back", "evaded", "breakthrough")
                and e.get("unit") in self.units):
            self.units[e["unit"]]["hex"] = e["to"]
            if t == "moved" and e.get("general") in self.generals:
                self.generals[e["general"]]["hex"] = e["to"]
        elif t in ("general_moved", "general_retreated", "evaded") and e.get("general") in self.generals:
            self.generals[e["general"]]["hex"] = e["to"]
        elif t == "reinforced":
            self.units[e["unit"]] = {"side": e["side"], "kind": e["kind"], "hex": e["hex"]}


def tracker_for(engine_scenario) -> Tracker:
    """A tracker at the start of a game of ``engine_scenario``."""
    return Tracker(engine_scenario.units, engine_scenario.generals)


def tracker_from_view(view: dict) -> Tracker:
    """A tracker where a public view (``Game.view(None)``) has the pieces."""
    tr = Tracker((), ())
    tr.units = {u["id"]: {"side": u["side"], "kind": u["kind"], "hex": u["hex"]} for u in view["units"]}
    tr.generals = {g["id"]: {"side": g["side"], "name": g["name"], "hex": g["hex"]}
                   for g in view["generals"]}
    return tr


def describe(e: dict, viewer: str | None, tr: Tracker, archie: str | None = None) -> str | None:
    """One (already redacted) event as a sentence for ``viewer``; None for events not shown.
    ``archie``: the side Archie plays, whose draws and cards are told as Archie's."""
    t = e["type"]
    side = SIDE.get(e.get("side"), "")
    by_archie = archie is not None and e.get("side") == archie
    if t == "draw" and by_archie:
        return f"Archie ({side}) drew the top card of its deck."
    if t == "card_played":
        name = e.get('name') or card_name(e.get('card'))
        text = (f"Archie ({side}) drew {name} from the top of its deck and played it" if by_archie
                else f"{side} played {name}")
        if e.get("mode") == "skirmish":
            text += " as a skirmish action"
        if e.get("copies"):
            text += f" (as {CARDS[e['copies']].name})" if e["copies"] in CARDS else ""
        orders = e.get("orders")
        if orders is not None:
            text += f": {orders} order{'s' if orders != 1 else ''}"
        return text + "."
    if t == "ordered":
        return f"{side} ordered {tr.unit(e['unit'], own=e.get('side') == tr.units.get(e['unit'], {}).get('side'))}."
    if t == "fallback":
        return e.get("text")
    if t == "order_roll":
        return f"{side} rolled {faces(e['rolls'])} for {card_name(e.get('card'))}."
    if t == "moved":
        text = f"{tr.unit(e['unit'])[0].upper()}{tr.unit(e['unit'])[1:]} moved to {hex_label(e['to'])}"
        if e.get("general"):
            text += " with its general"
        return text + "."
    if t == "general_moved":
        text = f"{_cap(tr.general(e['general']))} moved to {hex_label(e['to'])}"
        if e.get("joined"):
            text += f" and took command of {tr.unit(e['joined'])}"
        return text + "."
    if t == "battle_phase":
        return f"{side} moves on to battle."
    if t == "attack":
        target = ("the " + SIDE[_other(e.get("side"))] + " general" if e.get("target_kind") == "general"
                  else tr.unit(e.get("target")))
        text = (f"{tr.unit(e['unit'])[0].upper()}{tr.unit(e['unit'])[1:]} "
                f"{'fought' if e.get('melee') else 'fired on'} {target}"
                f" with {e['dice']} {'die' if e['dice'] == 1 else 'dice'}")
        mods = [m.get("why") for m in e.get("modifiers") or [] if m.get("why")]
        if mods:
            text += f" ({'; '.join(mods)})"
        text += f": {faces(e['rolls'])}."
        if e.get("target_kind") == "general":
            text += " The general is hit!" if e.get("hits") else " The general is missed."
        else:
            text += f" {e.get('hits', 0)} hit{'s' if e.get('hits', 0) != 1 else ''}"
            if e.get("flags"):
                text += f", {e['flags']} flag{'s' if e['flags'] != 1 else ''}"
                if e.get("flags_ignored"):
                    text += f" ({len(e['flags_ignored'])} ignored)"
            text += "."
        return text
    if t == "reroll":
        return f"Sabres rerolled: {faces(e['rolls'])}."
    if t == "eliminated":
        return f"The {SIDE[e.get('side')]} {e.get('kind')} at {hex_label(e.get('hex'))} was eliminated."
    if t == "retreated":
        if e.get("from") == e.get("to"):
            text = f"{_cap(tr.unit(e['unit']))} could not retreat"
        else:
            text = f"{_cap(tr.unit(e['unit']))} retreated to {hex_label(e['to'])}"
        if e.get("figures_lost"):
            text += f" and lost {e['figures_lost']} figure{'s' if e['figures_lost'] != 1 else ''}"
        return text + "."
    if t == "withdrew":
        u = tr.units.get(e["unit"]) or {}
        return (f"The {SIDE[u.get('side')]} {u.get('kind', 'unit')} at {hex_label(e.get('from'))} "
                f"withdrew to {hex_label(e['to'])} before the melee.")
    if t == "morale_check":
        mods = [f"{m['why']} {m['value']:+d}" for m in e.get("modifiers") or []]
        return (f"{_cap(tr.unit(e['unit']))} checked morale ({e.get('reason')}): morale "
                f"{e['morale']}{' (' + '; '.join(mods) + ')' if mods else ''}, "
                f"{faces(e['rolls']) if e.get('rolls') else 'no dice'}: "
                f"{'passed' if e.get('passed') else 'failed'}.")
    if t == "status":
        return f"{_cap(tr.unit(e['unit']))} is now {e['status']}."
    if t == "evaded":
        who = tr.unit(e["unit"]) if e.get("unit") else tr.general(e.get("general"))
        return f"{_cap(who)} evaded the melee to {hex_label(e['to'])}."
    if t == "breakthrough":
        return f"{_cap(tr.unit(e['unit']))} broke through to {hex_label(e['to'])}."
    if t == "ordered_general":
        return f"{side} ordered {tr.general(e['general'])}."
    if t == "short_of_supplies":
        return f"Short of Supplies: {tr.unit(e['unit'])} may not be ordered in its next turn."
    if t == "took_ground":
        return f"{_cap(tr.unit(e['unit']))} took ground at {hex_label(e['to'])}."
    if t == "general_attacked":
        return (f"{_cap(tr.general(e['general']))} was attacked with {e['dice']} dice: "
                f"{faces(e['rolls'])}; {'hit' if e.get('killed') else 'missed'}.")
    if t == "general_eliminated":
        return f"{_cap(tr.general(e['general'], e.get('name')))} was lost."
    if t == "general_retreated":
        return f"{_cap(tr.general(e['general']))} retreated to {hex_label(e['to'])}."
    if t == "general_trapped":
        return f"{_cap(tr.general(e['general']))} had nowhere to retreat."
    if t == "sharpshooter":
        return (f"Sharpshooter: {tr.unit(e['unit'])} fired at {tr.general(e['general'])}: "
                f"{faces(e['rolls'])}; {'he falls' if e.get('killed') else 'missed'}.")
    if t == "rallied":
        return f"{_cap(tr.unit(e['unit']))} rallied to {e['figures']} figures."
    if t == "reinforced":
        return f"{side} called up {e['kind']} at {hex_label(e['hex'])}."
    if t == "fieldwork_built":
        return f"{side} built fieldworks at {hex_label(e['hex'])}."
    if t == "short_supply":
        return f"Short Supply: {tr.unit(e['unit'])} is sent back."
    if t == "sent_back":
        return f"{_cap(tr.unit(e['unit']))} went back to {hex_label(e['to'])}."
    if t == "move_again":
        return "Hit and Run: the cavalry may move again."
    if t == "draw":
        if e.get("cards") and viewer == e.get("side"):
            return f"You drew {', '.join(card_name(c) for c in e['cards'])}."
        return f"{side} drew {e['count']} card{'s' if e['count'] != 1 else ''}."
    if t == "reshuffle":
        return f"{side} shuffled the discards into a new deck of {e['cards']} cards."
    if t == "kept_card":
        return f"{side} kept one of the two cards drawn and discarded {card_name(e.get('discarded'))}."
    if t == "discarded":
        return f"{side} discarded {card_name(e.get('card'))}."
    if t == "turn":
        return f"Turn {e['turn']}: the {side} player's turn."
    if t == "temporary_flags":
        return f"{side} now holds {e['flags']} temporary flag{'s' if e['flags'] != 1 else ''}."
    if t == "game_over":
        winner = SIDE.get(e.get("winner"))
        why = REASONS.get(e.get("reason"), str(e.get("reason", "")).replace("_", " "))
        return (f"The game is over: the {winner} player wins ({why})." if winner
                else f"The game is over: a draw ({why}).")
    if t == "undone":
        return f"{side} took back a step ({UNDONE.get(e.get('action'), 'a step')})."
    if t in ("deck_built",):
        return None
    if t.startswith("prebattle_"):
        return play_prebattle.describe(e, tr.unit, hex_label)
    return t.replace("_", " ").capitalize() + "."


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _other(side):
    return {"union": "confederate", "confederate": "union"}.get(side)


class Entry(NamedTuple):
    """One log row, light (no model instance).  ``action`` stays on the server: a kept
    card's id is in it."""
    index: int
    side: str
    events: list
    action: dict


def log_entries(actions_queryset) -> list[Entry]:
    """The log rows of a game as light tuples (no model instances)."""
    return [Entry(*row) for row in actions_queryset.values_list("index", "side", "events", "action")]


def log_lines(engine_scenario, entries, viewer: str | None, archie: str | None = None,
              tracker: Tracker | None = None) -> list[dict]:
    """Plain-words lines for ``entries`` (GameAction rows in order) as ``viewer`` may see
    them: ``[{"index", "side", "text"}]`` oldest first.  ``archie``: Archie's side, if any;
    ``tracker``: where the pieces stand before the first entry (by default, the start of
    the game)."""
    tr = tracker or tracker_for(engine_scenario)
    out = []
    taken_back = {e["index"] for entry in entries for e in entry.events if e.get("type") == "undone"}
    for entry in entries:
        if entry.index not in taken_back:
            out.extend(entry_lines(entry, viewer, tr, archie))
    return out


def entry_lines(entry, viewer: str | None, tr: Tracker, archie: str | None = None) -> list[dict]:
    """The lines of one log entry as ``viewer`` may see them; ``tr`` follows its moves."""
    out = []
    withdrew = {e.get("unit") for e in entry.events if e["type"] == "withdrew"}
    for raw in entry.events:
        if raw["type"] == "retreated" and raw.get("unit") in withdrew:
            tr.follow(raw)          # a withdrawal moves the unit once: one line says so
            continue
        e = view_event(raw, viewer)
        text = describe(e, viewer, tr, archie)
        tr.follow(e)
        if text:
            out.append({"index": entry.index, "side": entry.side, "text": text,
                        "type": e["type"], "dice": dice_of(e), "roll": roll_of(e),
                        "hexes": hexes_of(e)})
    return out


def hexes_of(e: dict) -> str:
    """The hexes a log line is about, as "col,row col,row" (the board lights them up)."""
    out = []
    for key in ("from", "to", "hex"):
        h = e.get(key)
        if isinstance(h, dict) and "col" in h:
            text = f"{int(h['col'])},{int(h['row'])}"
            if text not in out:
                out.append(text)
    return " ".join(out)


def dice_of(e: dict) -> list[dict] | None:
    if e["type"] in ROLL_EVENTS and e.get("rolls"):
        return [{"face": f, "name": FACE.get(f, f), "glyph": GLYPH.get(f, "?")} for f in e["rolls"]]
    return None


def last_rolls(lines: list[dict]) -> dict | None:
    """The log line of the last dice rolled (an attack or a card's roll), with its dice."""
    return next((ln for ln in reversed(lines) if ln.get("dice")), None)
