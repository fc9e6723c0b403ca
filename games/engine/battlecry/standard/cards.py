"""The standard ruleset's one command deck (seed 004, section 5 "Command Cards").

Both players draw from one shared deck.  A card's copy id is its key, plus ``-2``,
``-3``... for further copies (``std_probe_left-2``); keys start with ``std_`` so they
never meet the Advanced cards in :data:`games.engine.CARDS`.  The counts are a ruling
(docs/rulings.md S3): seed 004 names the cards but not how many of each.
"""
from __future__ import annotations

from ..cards import SECTION, TACTIC, Card

#: Orders meaning "every unit and general of the section".
ALL = "all"
_LABELS = {"left": "Left Flank", "centre": "Centre", "right": "Right Flank"}


def _section_cards():
    for sec, label in _LABELS.items():
        where = f"on your {label.lower()}"
        yield Card(f"std_skirmish_{sec}", f"Skirmish {label}", SECTION,
                   f"Order 1 unit or general {where}.", sec, 1)
        yield Card(f"std_probe_{sec}", f"Probe {label}", SECTION,
                   f"Order 2 units or generals {where}.", sec, 2)
        yield Card(f"std_attack_{sec}", f"Attack {label}", SECTION,
                   f"Order 3 units or generals {where}.", sec, 3)
        yield Card(f"std_assault_{sec}", f"Assault {label}", SECTION,
                   f"Order every unit and general {where}.", sec, ALL)


_TACTICS = (
    Card("std_all_out_offensive", "All-Out Offensive", TACTIC,
         "Order every unit and general you have."),
    Card("std_coordinated_attack", "Coordinated Attack", TACTIC,
         "Order 1 unit or general on each section: left flank, centre and right flank."),
    Card("std_bombard", "Bombard", TACTIC,
         "Order every artillery unit: each either moves 1 hex or battles twice."),
    Card("std_leadership", "Leadership", TACTIC,
         "Order every general, and every unit a general is attached to: they move and "
         "battle together."),
    Card("std_call_for_reinforcements", "Call for Reinforcements", TACTIC,
         "Place 1 new unit not yet in the game (within the box's limits) on an empty hex of "
         "your baseline; it may not move or battle this turn."),
    Card("std_rally", "Rally", TACTIC,
         "Choose 1 damaged unit and roll 1 die per command card you hold, this one included: "
         "each die showing its symbol gives back 1 figure. A unit that gets a figure back "
         "loses its Spent or Routed marker."),
    Card("std_counter_attack", "Counter-Attack", TACTIC,
         "Play this as a copy of the card your opponent played last turn (a flank card "
         "becomes the other flank's)."),
    Card("std_force_march", "Force March", TACTIC,
         "Choose a section and order every infantry unit there: each may move up to 3 hexes "
         "but may not battle."),
    Card("std_hit_and_run", "Hit and Run", TACTIC,
         "Order every cavalry unit. The units they melee may not battle back."),
    Card("std_sharp_shooter", "Sharp Shooter", TACTIC,
         "Order 1 infantry unit. Instead of battling it may fire at an enemy general within "
         "4 hexes and in sight, with its dice for the distance: a crossed sabres eliminates him."),
    Card("std_short_of_supplies", "Short of Supplies", TACTIC,
         "Choose any one unit, yours or the enemy's: it may not be ordered until the end of "
         "its owner's next turn."),
)

CARDS: dict[str, Card] = {c.key: c for c in (*_section_cards(), *_TACTICS)}

#: Copies of each card in the deck (ruling S3).
COUNTS: dict[str, int] = {
    "std_skirmish_left": 2, "std_skirmish_centre": 2, "std_skirmish_right": 2,
    "std_probe_left": 3, "std_probe_centre": 4, "std_probe_right": 3,
    "std_attack_left": 3, "std_attack_centre": 4, "std_attack_right": 3,
    "std_assault_left": 1, "std_assault_centre": 2, "std_assault_right": 1,
    "std_all_out_offensive": 1, "std_coordinated_attack": 2, "std_bombard": 2,
    "std_leadership": 2, "std_call_for_reinforcements": 1, "std_rally": 2,
    "std_counter_attack": 2, "std_force_march": 2, "std_hit_and_run": 2,
    "std_sharp_shooter": 2, "std_short_of_supplies": 1,
}
assert set(COUNTS) == set(CARDS)


def deck_ids() -> list[str]:
    """Copy ids of the whole deck, in table order."""
    out = []
    for key, n in COUNTS.items():
        out.append(key)
        out.extend(f"{key}-{k}" for k in range(2, n + 1))
    return out


def card_of(copy_id: str) -> Card:
    """The card a copy id of this deck stands for; KeyError for an unknown id."""
    return CARDS[copy_id.split("-", 1)[0]]


def mirror(key: str) -> str:
    """The same card for the other flank (Counter-Attack)."""
    for a, b in (("_left", "_right"), ("_right", "_left")):
        if key.endswith(a):
            return key[: -len(a)] + b
    return key
