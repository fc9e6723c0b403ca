"""The toy's kit (games/presentation/kit.py): its words, its buttons, its side panel and its
board in the square renderer's shape.  It lives in the tests with the toy's rules, and
registering both (``register_toy_kit``) is all the site needs to offer and show toy games.
"""
from __future__ import annotations

from collections.abc import Mapping

from games.engine.core import unregister
from games.presentation.kit import Choices, Presenter, act_button, register_presenter, unregister_presenter

from .rules import SCENARIO, TOY, register_toy

CARD_WORDS = {"rally": ("Rally", "One strength back to a piece of your side."),
              "volley": ("Volley", "One strength off an enemy piece within two squares.")}


def card_name(card: str) -> str:
    return CARD_WORDS.get(card.split("-")[0], (card, ""))[0]


def seat_words(seat: str | None) -> str:
    """``union-2`` -> ``Union 2``."""
    if not seat:
        return "?"
    side, _, n = str(seat).partition("-")
    return f"{side.capitalize()} {n}".strip()


def square(cell: Mapping | None) -> str:
    """A square in words: its column letter and its row counted from the bottom."""
    if not isinstance(cell, Mapping):
        return "?"
    height = SCENARIO["height"]
    return f"{'ABCDEFGHIJKL'[int(cell['col'])]}{height - int(cell['row'])}"


class ToyPresenter(Presenter):
    """Words and pictures of the toy skirmish."""

    phases = {"act": "move, attack, play a card or pass", "over": "the skirmish is over"}
    reasons = {"eliminated": "every enemy piece is off the board",
               "turns": "the turns ran out, the flags decide"}
    has_cards = False            # no Battle Cry hand panel: the toy's card is shown below
    has_flags = False

    def describe(self, event, viewer, tracker=None, archie=None):
        kind = event.get("type")
        who = seat_words(event.get("seat"))
        if kind == "deal":
            return f"{who} was dealt a card."
        if kind == "draw":
            return f"{who} drew a card."
        if kind == "move":
            return f"{who} moved {event.get('piece')} from {square(event.get('from'))} to {square(event.get('to'))}."
        if kind == "attack":
            rolls = ", ".join(str(r) for r in event.get("rolls") or [])
            result = "a hit" if event.get("hit") else "a miss"
            answered = "; the ambush hit back" if event.get("answered") else ""
            return f"{who} attacked {event.get('target')} with {event.get('piece')}: rolled {rolls}, {result}{answered}."
        if kind == "removed":
            return f"{event.get('piece')} was removed; a flag to the {str(event.get('flag_to')).capitalize()}."
        if kind == "play_card":
            return f"{who} played {card_name(str(event.get('card')))} on {event.get('target')}."
        if kind == "pass":
            return f"{who} passed."
        if kind == "game_over":
            winner = event.get("winner")
            return ("The skirmish is over: " + (f"the {str(winner).capitalize()} win" if winner else "a draw")
                    + f" ({self.reason_words(event)}).")
        return super().describe(event, viewer, tracker, archie)

    def action_label(self, action):
        kind = action.get("type")
        if kind == "move":
            return f"Move {action['piece']} to {square(action['to'])}"
        if kind == "attack":
            return f"Attack {action['target']} with {action['piece']}"
        if kind == "play_card":
            return f"Play {card_name(action['card'])} on {action['target']}"
        if kind == "pass":
            return "Pass"
        return super().action_label(action)

    def choices(self, engine, view, legal, selected=None, want_general=False) -> Choices:
        ch = Choices()
        ch.prompt = f"{seat_words(view.get('deciding'))}: {self.phases['act']}."
        moves, attacks, passing = [], [], []
        targets: dict = {}
        for a in legal:
            button = act_button(self.action_label(a), a)
            if a["type"] == "move":
                moves.append(button)
                key = (int(a["to"]["col"]), int(a["to"]["row"]))
                ch.light("eligible", key)
                targets.setdefault(key, []).append(a)
            elif a["type"] == "attack":
                attacks.append(button)
            elif a["type"] == "play_card":
                ch.hand_buttons.setdefault(a["card"], []).append(button)
            else:
                passing.append(button)
        for key, actions in targets.items():
            if len(actions) == 1:            # a square reached by one move alone is clicked
                ch.clicks[key] = {"action": actions[0]}
        ch.group("Move", moves)
        ch.group("Attack", attacks)
        ch.group("Or", passing)
        return ch

    def board(self, view):
        b = view["board"]
        return {"width": b["width"], "height": b["height"], "name": view["scenario"]["name"],
                "cells": [dict(c) for c in b["cells"] if c.get("terrain")],
                "pieces": [{"col": p["col"], "row": p["row"], "side": p["side"], "id": p["id"],
                            "label": p["label"], "words": f"{p['id']}, strength {p['label']}"}
                           for p in b["pieces"]],
                "positions": {"union": "bottom", "confederate": "top"}}

    def stands(self, view, viewer, players):
        out = []
        for side, player in players.items():
            seats = [s["name"] for s in view.get("seats", []) if s["side"] == side]
            lines = [f"Flags: {view.get('flags', {}).get(side, 0)}"]
            lines += [f"{seat_words(s)} holds {view.get('hand_counts', {}).get(s, 0)} card(s)" for s in seats]
            out.append({"side": side, "name": side.capitalize(), "player": player,
                        "you": side == viewer, "lines": lines})
        return out

    def hand(self, view, choices):
        """The viewing seat's own card (the toy's hand: one card)."""
        if view.get("hand") is None:
            return None
        return [{"id": card, "kind": card.split("-")[0], "name": f"{card_name(card)} ({card})",
                 "text": CARD_WORDS.get(card.split("-")[0], ("", ""))[1],
                 "buttons": choices.hand_buttons.get(card, [])} for card in view["hand"]]

    def victory(self, engine, view):
        limit = int((view.get("options") or {}).get("turns", 8))
        lines = ["Remove every enemy piece.", f"Or hold more flags after {limit} turns."]
        return {"sides": [{"side": s, "name": s.capitalize(), "lines": lines, "hand": ""}
                          for s in ("union", "confederate")],
                "common": ["Equal flags when the turns run out: a draw."],
                "summary": "Remove every enemy piece, or hold more flags when the turns run out."}


TOY_KIT = ToyPresenter()


def register_toy_kit():
    """The toy's rules and kit registered (idempotent)."""
    ruleset = register_toy()
    register_presenter(TOY, TOY_KIT)
    return ruleset


def unregister_toy_kit() -> None:
    """The toy's rules and kit withdrawn: the site knows Battle Cry alone again."""
    unregister(TOY.name)
    unregister_presenter(TOY)
