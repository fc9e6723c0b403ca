"""A ruleset's presentation kit: what the pages and the API say and show of its games.

A :class:`Presenter` holds one ruleset's words (what each phase asks of a player, why a
game ends, one sentence per event kind, a label and words for each option), the choices the
page offers for its legal actions, the side panel and the hand, and the input of the board
renderer its board kind uses (``games/boards.py``).  Each ruleset registers its presenter
here, next to its words (``register_presenter``); the site asks
``games.presentation.kits.presenter_for(name)`` and never tests a ruleset's name.

The base class is the kit of a ruleset that brings only words: a button per legal action,
no cards, no flags.  It is also what a ruleset with no registered presenter gets, so a page
never breaks, though the coverage test (tests/site/test_words_for_every_ruleset.py) asks
every registered ruleset for a presenter of its own.
"""
from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any


def sel_query(key, general: bool = False) -> str:
    """The query string that selects the piece on ``key`` (its general with ``general``)."""
    return f"sel={key[0]},{key[1]}" + ("&piece=general" if general else "")


class Choices:
    """What the deciding player may click now: board cells and a list of buttons."""

    def __init__(self):
        self.prompt = ""
        self.groups: list[dict] = []         # {"title", "buttons": [...]}
        self.clicks: dict = {}               # (col, row) -> {"action": {...}} or {"select": (c, r), "general": bool}
        self.highlights: dict = {}           # css class -> set of (col, row)
        self.hand_buttons: dict = {}         # card id -> [button]

    def light(self, cls: str, key) -> None:
        self.highlights.setdefault(cls, set()).add(key)

    def group(self, title: str, buttons: list) -> None:
        if buttons:
            self.groups.append({"title": title, "buttons": buttons})


def act_button(label: str, action: dict, cls: str = "") -> dict:
    """A button that takes ``action``: ``action`` is its JSON for the page's form, ``data``
    the action itself."""
    return {"label": label, "action": json.dumps(action, separators=(",", ":")), "cls": cls,
            "data": action}


def select_link(label: str, key, general: bool = False) -> dict:
    """A link that selects the piece on ``key`` (``select``: the page's query string)."""
    return {"label": label, "select": sel_query(key, general), "hex": {"col": key[0], "row": key[1]},
            "general": general}


def plain(word: str) -> str:
    """An identifier in words: ``battle_back`` -> ``battle back``."""
    return str(word).replace("_", " ")


def unworded(kind: str) -> str:
    """The line for an event kind that has no sentence of its own: its name.  Every kind a
    ruleset produces has one (tests/site/test_words_for_every_ruleset.py)."""
    return plain(kind).capitalize() + "."


class Presenter:
    """The words and pictures of one ruleset's games (subclass it, or fill in its tables).

    ``phases``: what each phase asks of the player ("Waiting for bob to ..."), one entry per
    phase the ruleset declares.  ``reasons``: why a game ended, by the outcome's reason.
    ``events``: a sentence per event kind, as a format string over the event's fields
    (``"{side} moved to {to}."``); a subclass with its own sentences overrides ``describe``
    and ``event_kinds``.  An option's label and description are the ruleset's own
    (``Option.label``, ``Option.description``): the presenter adds none.
    """

    phases: Mapping[str, str] = {}
    reasons: Mapping[str, str] = {}
    events: Mapping[str, str] = {}
    #: The page shows a hand of cards and the card in play.
    has_cards = False
    #: The side panel counts flags towards a number needed.
    has_flags = False
    #: The page shows a tray of the last dice rolled (faces and hits read from the log).
    has_dice_tray = False
    #: The board marks the last finished turn (moves, attacks, losses read from the log).
    marks_last_turn = False

    # -- words -------------------------------------------------------------------------------------
    def phase_words(self, phase: str) -> str:
        """What ``phase`` asks of the deciding player, in plain words."""
        return self.phases.get(phase) or plain(phase)

    def reason_words(self, outcome: Mapping | None) -> str:
        """Why a game ended, in words ("" while it goes on)."""
        if not outcome:
            return ""
        reason = outcome.get("reason") or ""
        return self.reasons.get(reason) or plain(reason)

    def describe(self, event: Mapping, viewer: str | None, tracker: Any = None,
                 archie: Any = None) -> str | None:
        """One event, already redacted for ``viewer``, as a sentence (None: not shown)."""
        kind = str(event.get("type", ""))
        template = self.events.get(kind)
        if template is None:
            return unworded(kind)
        return template.format_map(_Fields(event))

    def tracker(self, scenario: Any) -> Any:
        """What the log follows while it is told (where the pieces stand); None here."""
        return None

    def tracker_at(self, view: Mapping) -> Any:
        """The same, from a public view in the middle of a game (a replay's step); None here."""
        return None

    def event_lines(self, events: list, viewer: str | None, tracker: Any = None,
                    archie: Any = None) -> Iterator[tuple[dict, str]]:
        """``(event, sentence)`` for each event ``viewer`` is told of (already redacted)."""
        for e in events:
            text = self.describe(e, viewer, tracker, archie)
            if text:
                yield dict(e), text

    # -- the page ----------------------------------------------------------------------------------
    def step_words(self, action: Mapping) -> str:
        """A step that may be taken back but said nothing in the log, in words."""
        return "your last step"

    def action_label(self, action: Mapping) -> str:
        """A button's label for one legal action."""
        extra = ", ".join(f"{plain(k)} {v}" for k, v in action.items() if k != "type")
        return plain(action.get("type", "")).capitalize() + (f" ({extra})" if extra else "")

    def choices(self, engine: Any, view: Mapping, legal: list, selected=None,
                want_general: bool = False) -> Choices:
        """What the deciding player may do now: one button per legal action, and a click on
        the cell an action names (``to`` or ``at``, ``{"col", "row"}``)."""
        ch = Choices()
        ch.prompt = self.phase_words(getattr(engine, "phase", "")).capitalize() + "."
        buttons = []
        for a in legal:
            buttons.append(act_button(self.action_label(a), a))
            cell = a.get("to") or a.get("at")
            if isinstance(cell, Mapping) and "col" in cell and "row" in cell:
                key = (int(cell["col"]), int(cell["row"]))
                ch.light("eligible", key)
                ch.clicks[key] = {"action": a}
        ch.group("Your choices", buttons)
        return ch

    def board(self, view: Mapping) -> Mapping:
        """The board renderer's input for ``view`` (the shape its board kind documents)."""
        return view.get("board") or view

    def stands(self, view: Mapping, viewer: str | None, players: Mapping[str, str]) -> list[dict]:
        """The side panel: one stand per side, ``players`` naming who plays each side."""
        return [{"side": s, "name": plain(s).capitalize(), "player": p, "you": s == viewer, "lines": []}
                for s, p in players.items()]

    def hand(self, view: Mapping, choices: Choices) -> list[dict] | None:
        """The viewer's cards with their buttons, one dict a card: ``id`` (the card's copy
        id), ``kind``, ``name``, ``text`` and ``buttons``; None for a game without cards."""
        return None

    def card_in_play(self, view: Mapping) -> dict | None:
        return None

    def legend(self, view: Mapping) -> dict | None:
        """The pictures under the board (``{"terrain": [...], "pieces": [...]}``, each
        ``{"swatch", "label"}``, and ``note``: what the board's marks of the last turn mean,
        when they are not Battle Cry's); None for none."""
        return None

    def victory(self, engine: Any, view: Mapping) -> dict:
        """How each side wins: ``{"sides": [{side, name, lines, hand}], "common", "summary"}``."""
        return {"sides": [], "common": [], "summary": ""}


class _Fields(dict):
    """An event's fields for a sentence's format string: a missing one reads as '?'."""

    def __init__(self, event: Mapping):
        super().__init__(event)

    def __missing__(self, key: str) -> str:
        return "?"


_PRESENTERS: dict[str, Presenter] = {}
_GENERIC = Presenter()


def register_presenter(ruleset: Any, presenter: Presenter) -> Presenter:
    """Make ``presenter`` the kit of ``ruleset`` (the ruleset object, or its name)."""
    name = ruleset if isinstance(ruleset, str) else ruleset.name
    _PRESENTERS[name] = presenter
    return presenter


def unregister_presenter(ruleset: Any) -> None:
    """Forget a ruleset's kit (for a ruleset defined by a test)."""
    _PRESENTERS.pop(ruleset if isinstance(ruleset, str) else ruleset.name, None)


def registered_presenter(name: str) -> Presenter | None:
    """The kit registered for the ruleset ``name``, or None."""
    return _PRESENTERS.get(name)


def presenter_or_generic(name: str) -> Presenter:
    return _PRESENTERS.get(name) or _GENERIC
