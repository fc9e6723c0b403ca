"""What a command card is, in any ruleset: its key, its name, its kind (a section card or
a tactic card), its text, and how many orders it gives.  Each ruleset's deck is in its own
``cards`` module.
"""
from __future__ import annotations

from dataclasses import dataclass

SECTION, TACTIC = "section", "tactic"


@dataclass(frozen=True)
class Card:
    key: str
    name: str
    kind: str                 # SECTION or TACTIC
    text: str
    section: str | None = None
    orders: int | str = 0
