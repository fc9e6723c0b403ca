"""The choices of a team game's own steps, in words: sharing the units among a side's
generals, giving the cards, acting on one's own initiative, and the card a seat was given
(which is not in a hand it holds).

choices.py calls in here when the view has a ``team`` part (Epic and Doubles under the
Advanced rules, Grand Battle Cry under the standard ones; docs/rulings.md E, D and G).  Built
from the seat's own view and legal actions only; no rule is decided here.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping

from .kit import Choices, act_button
from .words import card_info, hex_label

#: The steps a team game adds to a turn.
PHASES = ("assign_command", "command", "initiative")


def seat_words(view: Mapping, seat: str) -> str:
    """A seat as its team reads it: "Major-General (Hardee)", "Field General (Left Flank)"."""
    for s in (view.get("team") or {}).get("seats", ()):
        if s["seat"] == seat:
            return f"{s['role']} ({s['name']})" if s.get("name") else s["role"]
    return seat


def fill(ch: Choices, phase: str, view: Mapping, by_type: Mapping[str, list],
         unit_label: Callable[[str], str], key_of: Callable) -> None:
    """Add a team game's buttons and prompt to ``ch`` (after the phase's own choices)."""
    def to(a) -> str:
        return seat_words(view, a["to"])

    if phase == "assign_command":
        ch.prompt = ("Share your side's units among its generals: hand any unit to another, "
                     "then confirm the command.")
    elif phase == "command" and "give_card" in by_type:
        ch.prompt = ("Give one command card from your hand to one of your Major-Generals, who "
                     "carries it out (you may first hand units from one to another).")
        for a in by_type["give_card"]:
            ch.hand_buttons.setdefault(a["card"], []).append(act_button(f"Give to the {to(a)}", a))
    elif phase == "command" and "discard_card" not in by_type:
        ch.prompt = ("Give up to three section cards to your Field Generals, one each, or play "
                     "a special card yourself; then let them act.")
        for a in by_type.get("assign_card", []):
            ch.hand_buttons.setdefault(a["card"], []).append(act_button(f"Give to the {to(a)}", a))
    elif phase == "initiative":
        if "initiative_retreat" in by_type:
            ch.prompt = "A flag on your initiative roll: one of your units must fall back a hex."
            buttons = []
            for a in by_type["initiative_retreat"]:
                ch.light("reachable", key_of(a["to"]))
                buttons.append(act_button(f"Fall back the {unit_label(a['unit'])} to "
                                          f"{hex_label(a['to'])}", a))
            ch.group("Which unit falls back?", buttons)
        else:
            ch.prompt = ("No card was given to you this turn: roll one die on your own "
                         "initiative, or wait for the next turn.")
            ch.group("Your initiative",
                     [act_button("Roll on my own initiative", a) for a in by_type.get("roll_initiative", [])]
                     + [act_button("Wait", a, "end") for a in by_type.get("pass_initiative", [])])
    transfers = [act_button(f"Hand the {unit_label(a['unit'])} to the {to(a)}", a)
                 for a in by_type.get("transfer", [])]
    ch.group("Change a unit's commander", transfers)
    ends = ([act_button("Confirm the command", a, "end") for a in by_type.get("confirm_command", [])]
            + [act_button("Done giving cards: the Field Generals act", a, "end")
               for a in by_type.get("end_command", [])])
    ch.group("When the command is settled", ends)
    # the card given to this seat is not in a hand it holds: its buttons stand on their own
    held = set(view.get("hand") or ())
    for card in [c for c in ch.hand_buttons if c not in held]:
        ch.group(f"The card given to you: {card_info(card)['name']}", ch.hand_buttons.pop(card))
