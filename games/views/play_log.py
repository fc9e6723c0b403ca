"""The game page's log: the lines of the log with their dice and hexes.

The sentences come from :mod:`games.presentation.log` (the API tells the same), read for
the reader's side through ``view_event``.
"""
from __future__ import annotations

from django.utils.html import escape

from games.presentation.kit import Presenter
from games.presentation.log import Archie, Entry, event_lines, told
from games.presentation.tracker import Tracker, tracker_for
from games.presentation.words import FACE

from .play_dice import roll_of

GLYPH = {"flag": "\u2691", "swords": "\u2694", "cavalry": "Cav", "artillery": "Art",
         "infantry": "Inf"}
ROLL_EVENTS = ("attack", "general_attacked", "sharpshooter", "order_roll", "reroll", "prebattle_roll",
               "morale_check", "rallied")


def log_entries(actions_queryset) -> list[Entry]:
    """The log rows of a game as light tuples (no model instances)."""
    return [Entry(*row) for row in actions_queryset.values_list("index", "side", "events", "action")]


def log_lines(engine_scenario, entries, viewer: str | None, archie: Archie | None = None,
              tracker: Tracker | None = None, kit: Presenter | None = None) -> list[dict]:
    """Plain-words lines for ``entries`` (GameAction rows in order) as ``viewer`` may see
    them: ``[{"index", "side", "text"}]`` oldest first.  ``archie``: Archie's seat, if it plays;
    ``tracker``: where the pieces stand before the first entry (by default, the start of
    the game); ``kit``: the game's ruleset kit, which words the events (by default the
    log of :mod:`games.presentation.log`)."""
    taken_back = {e["index"] for entry in entries for e in entry.events if e.get("type") == "undone"}
    if kit is not None:
        tr = tracker if tracker is not None else kit.tracker(engine_scenario)
        return [line for entry in entries if entry.index not in taken_back
                for line in entry_lines(entry, viewer, tr, archie, kit)]
    tr = tracker or tracker_for(engine_scenario)
    return [line for entry, said in told(entries, viewer, tr, archie, taken_back)
            for line in _lines(entry, said)]


def entry_lines(entry, viewer: str | None, tr: Tracker | None, archie: Archie | None = None,
                kit: Presenter | None = None) -> list[dict]:
    """The lines of one log entry as ``viewer`` may see them; ``tr`` follows its moves."""
    tell = kit.event_lines if kit is not None else event_lines
    return _lines(entry, tell(entry.events, viewer, tr, archie))


def _lines(entry, said) -> list[dict]:
    return [{"index": entry.index, "side": entry.side, "text": text, "type": e["type"],
             "dice": dice_of(e), "roll": roll_of(e), "hexes": hexes_of(e)} for e, text in said]


def line_html(line: dict) -> str:
    """One line of the game page's log as it lists it (drawn once, when the line is new)."""
    hexes = f' data-hexes="{escape(line["hexes"])}" tabindex="0"' if line["hexes"] else ""
    return f'<li class="{escape(line["type"])}"{hexes}>{escape(line["text"])}</li>'


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

