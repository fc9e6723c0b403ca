"""The last finished turn, read from the log for the board's "last turn" marks: the card
played, the paths of the pieces moved, retreats, the hexes attacked with their hits, and the
units eliminated.  Events are passed through ``view_event`` first, like the log's.
"""
from __future__ import annotations

from games.engine import side_name, view_event

from games.presentation.words import card_name, hex_label

PATHS = {"moved": "move", "general_moved": "move", "retreated": "retreat", "withdrew": "retreat",
         "took_ground": "move", "general_retreated": "retreat", "sent_back": "retreat"}


def _key(h) -> tuple[int, int]:
    return int(h["col"]), int(h["row"])


def follow_turns(events, viewer, previous, current):
    """The events of the last finished turn and of the turn going on, after ``events``."""
    for raw in events:
        e = view_event(raw, viewer)
        if e["type"] == "turn":
            previous, current = current, []
        else:
            current = [*current, e]
    return previous, current


def summary(previous) -> dict | None:
    """What ``last_turn`` says of the events of one finished turn (None: no turn yet)."""
    if previous is None:
        return None
    side = card = None
    marks = []
    attacks = 0
    for e in previous:
        t = e["type"]
        if t == "card_played":
            side = side or e.get("side")
            card = e.get("name") or card_name(e.get("card"))
        elif t in PATHS and e.get("from") and e.get("to") and e["from"] != e["to"]:
            marks.append({"kind": PATHS[t], "from": _key(e["from"]), "to": _key(e["to"]),
                          "side": e.get("side", "")})
        elif t == "attack" and e.get("from") and e.get("to"):
            attacks += 1
            hits = int(e.get("hits") or 0)
            flags = int(e.get("flags") or 0) - len(e.get("flags_ignored") or [])
            text = str(hits) if hits else ("F" if flags > 0 else "0")
            marks.append({"kind": "attack", "from": _key(e["from"]), "to": _key(e["to"]),
                          "side": e.get("side", ""), "text": text})
        elif t == "eliminated" and e.get("hex"):
            marks.append({"kind": "eliminated", "from": _key(e["hex"]), "to": _key(e["hex"]),
                          "side": e.get("side", "")})
    moves = sum(1 for m in marks if m["kind"] == "move")
    words = (f"{side_name(side) or 'The other side'} played {card or 'a card'}: "
             f"{moves} move{'s' if moves != 1 else ''}, {attacks} attack{'s' if attacks != 1 else ''}")
    lost = [hex_label({"col": m["from"][0], "row": m["from"][1]}) for m in marks if m["kind"] == "eliminated"]
    if lost:
        words += f", eliminated at {', '.join(lost)}"
    return {"side": side or "", "side_name": side_name(side), "card": card or "",
            "marks": marks, "words": words + "."}
