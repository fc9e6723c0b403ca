"""The game page's words in the API's answers: the choices of the deciding player and the
log's sentences, both made by :mod:`games.presentation` (the page uses the same)."""
from __future__ import annotations

from games import game_log, services
from games.engine import view_event
from games.presentation.kit import Choices
from games.presentation.kits import presenter_for
from games.presentation.log import Entry, archie_in


def _button(b: dict) -> dict:
    return {"label": b["label"], "action": b.get("data"), "select": b.get("hex"),
            "general": bool(b.get("general")), "ends": b.get("cls") == "end"}


def choices_body(ch: Choices, hand: list) -> dict:
    """``prompt``, ``groups`` and ``hand`` of the legal-actions answer (``hand``: the
    requester's own cards with their buttons, as the game's kit gives them)."""
    return {
        "prompt": ch.prompt,
        "groups": [{"title": g["title"], "buttons": [_button(b) for b in g["buttons"]]} for g in ch.groups],
        "hand": [{"card": c["id"], "name": c["name"], "text": c["text"],
                  "buttons": [_button(b) for b in c.get("buttons", [])]} for c in hand],
    }


def seen_by(event: dict, seats) -> dict:
    """An event as the holder of ``seats`` (seat names; none for a spectator) may see it:
    secrets removed, a private part only for the holder of the seat it belongs to."""
    out = view_event(event, None)
    private = event.get("private")
    if private and private.get("side") in set(seats or ()):
        out.update({k: v for k, v in private.items() if k != "side"})
    return out


def told_entries(game, engine_scenario, rows: list, side: str | None, seats=()) -> list[dict]:
    """The events answer's entries for ``rows`` (one page of the game's log, in order), each
    with its events as the holder of ``seats`` may see them and the log's sentences (told to
    the seat ``side``).  The sentences need where the pieces stood, so the log is followed
    from the start up to the page."""
    if not rows:
        return []
    last = rows[-1].index
    log = [Entry(e.index, e.side, e.events, e.action) for e in game_log.entries(game, until=last)]
    taken_back = services.undone_indices(log)
    said = {}
    kit = presenter_for(game.ruleset)
    tracker, archie = kit.tracker(engine_scenario), archie_in(game.state)
    for entry in log:
        if entry.index <= last and entry.index not in taken_back:
            said[entry.index] = list(kit.event_lines(entry.events, side, tracker, archie))
    return [{"version": r.index, "side": r.side, "created": r.created,
             "events": [seen_by(e, seats) for e in r.events],
             "lines": [{"type": e["type"], "text": text} for e, text in said.get(r.index, [])],
             "taken_back": r.index in taken_back} for r in rows]
