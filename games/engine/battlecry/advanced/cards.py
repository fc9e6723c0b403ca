"""Command cards: what each card is, and how the decks are made up.

One table drives both the rules and the texts players read on the site.  A card in
a deck is identified by its *copy id*: the card key, plus ``-2`` for a second copy in
the player deck and ``-x`` for a card from the extra pile (``attack_left-x``).  Copy
ids say nothing about where a card lies in a deck.
"""
from __future__ import annotations

from ..cards import SECTION, TACTIC, Card

#: Orders value meaning "one per card held, this card included".
PER_CARD_HELD = "hand"


def _section_cards():
    names = {"left": "Left Flank", "centre": "Centre", "right": "Right Flank"}
    for sec, label in names.items():
        yield Card(f"scout_{sec}", f"Scout {label}", SECTION,
                   f"Order 1 unit on your {label.lower()}. When you draw at the end of the turn, "
                   "draw 2 cards, keep 1 and discard the other.", sec, 1)
        yield Card(f"probe_{sec}", f"Probe {label}", SECTION,
                   f"Order 2 units on your {label.lower()}.", sec, 2)
        yield Card(f"attack_{sec}", f"Attack {label}", SECTION,
                   f"Order 3 units on your {label.lower()}.", sec, 3)
        yield Card(f"assault_{sec}", f"Assault {label}", SECTION,
                   f"Order 1 unit on your {label.lower()} for each command card you hold, "
                   "this one included.", sec, PER_CARD_HELD)


_TACTICS = (
    Card("battle_and_hold_position", "Battle and Hold Position", TACTIC,
         "Order up to 4 units anywhere. They may not move, and battle with 1 extra die."),
    Card("battle_cry", "Battle Cry", TACTIC,
         "Roll 1 die for each command card you hold, this one included. Each unit symbol "
         "orders 1 unit of that type anywhere; those units move and battle with 1 extra die."),
    Card("bombard", "Bombard", TACTIC,
         "Order every artillery unit: each either battles twice or moves up to 3 hexes without "
         "battling. With no artillery, order 1 unit of your choice."),
    Card("call_for_reinforcements", "Call for Reinforcements", TACTIC,
         "Place 1 new unit that is not yet in the game (infantry, cavalry or artillery, within "
         "the box's limits) on an empty hex of your baseline; it may not move or battle this "
         "turn. If none is left, order 1 unit of your choice."),
    Card("construct_fieldworks", "Construct Fieldworks", TACTIC,
         "Place up to 3 fieldwork tokens on hexes holding your units (not rivers); each protects "
         "the two hexsides facing the enemy for the rest of the game. Those units may not move or "
         "battle this turn. With no tokens left, order 1 unit of your choice."),
    Card("coordinated_advance", "Coordinated Advance", TACTIC,
         "Order 1 unit on each section of the board: left flank, centre and right flank."),
    Card("counter_attack", "Counter-Attack", TACTIC,
         "Play this as a copy of the card your opponent played last turn, with left and right "
         "flank swapped."),
    Card("fight_back", "Fight Back", TACTIC,
         "Play in your opponent's turn after their artillery battles with Bombard, or after their "
         "cavalry battles with Hit and Run (before its second move): the unit attacked, if it "
         "held its ground and can see the attacker, battles back. You draw first at the end of "
         "that turn. Not against a Fight Back."),
    Card("forced_march", "Forced March", TACTIC,
         "Choose a section and order every infantry unit there: each may move up to 2 hexes and "
         "still battle. Not for infantry marches. With no infantry, order 1 unit of your choice."),
    Card("hit_and_run", "Hit and Run", TACTIC,
         "Order every cavalry unit: each may move, then battle, then move again; no step is "
         "compulsory. With no cavalry, order 1 unit of your choice."),
    Card("leadership", "Leadership", TACTIC,
         "Order every unit a general commands (an order lapses if its general leaves first). "
         "Infantry and cavalry under a general's command roll 1 extra die this turn. "
         "With no generals, order 1 unit of your choice."),
    Card("outflank", "Outflank", TACTIC,
         "Order up to 2 units on each flank."),
    Card("rally", "Rally", TACTIC,
         "Roll 1 die for each command card you hold, this one included. Each unit symbol returns "
         "1 lost figure to a damaged unit of that type; rallied units may battle but not move."),
    Card("recon_in_force", "Recon in Force", TACTIC,
         "Order 1 unit on each section of the board. When you draw at the end of the turn, draw 2 "
         "cards, keep 1 and discard the other."),
    Card("sharpshooter", "Sharpshooter", TACTIC,
         "Order 1 infantry unit. Instead of battling as usual it may shoot at an enemy general "
         "within 3 hexes and in line of sight, alone or with a unit, rolling its dice for the "
         "distance: a swords result eliminates him. With no infantry, order 1 unit of your choice."),
    Card("short_supply", "Short Supply", TACTIC,
         "Choose any one unit: its owner moves it back to an empty hex on their own baseline in "
         "the same section (one row forward if the baseline is full). Your own unit may not battle "
         "this turn."),
)

CARDS: dict[str, Card] = {c.key: c for c in (*_section_cards(), *_TACTICS)}

#: The 23-card player deck (COMMAND DECKS).
PLAYER_DECK: tuple[str, ...] = (
    "assault_centre", "assault_left", "assault_right", "attack_left", "attack_right",
    "scout_centre", "scout_left", "scout_right", "battle_and_hold_position", "bombard",
    "counter_attack", "fight_back", "forced_march", "hit_and_run", "leadership",
    "attack_centre", "attack_centre", "probe_centre", "probe_centre",
    "probe_left", "probe_left", "probe_right", "probe_right",
)

#: The 14 extra cards, split at random into two face-down piles of 7.
EXTRA_CARDS: tuple[str, ...] = (
    "attack_left", "attack_right", "battle_cry", "call_for_reinforcements",
    "construct_fieldworks", "coordinated_advance", "fight_back", "leadership", "outflank",
    "probe_centre", "rally", "recon_in_force", "sharpshooter", "short_supply",
)


def player_deck_ids() -> list[str]:
    """Copy ids of one player deck, in table order."""
    seen: dict[str, int] = {}
    out = []
    for key in PLAYER_DECK:
        seen[key] = seen.get(key, 0) + 1
        out.append(key if seen[key] == 1 else f"{key}-{seen[key]}")
    return out


def extra_ids() -> list[str]:
    return [key + EXTRA_SUFFIX for key in EXTRA_CARDS]


#: The end of the copy id of a card from the extra pile.
EXTRA_SUFFIX = "-x"


def is_extra(copy_id: str) -> bool:
    """True for a copy id of a card from the extra pile."""
    return copy_id.endswith(EXTRA_SUFFIX)


def card_of(copy_id: str) -> Card:
    """The card a copy id stands for; KeyError for an unknown id."""
    try:
        return _BY_COPY[copy_id]
    except (KeyError, TypeError):
        return CARDS[copy_id.split("-", 1)[0]]


#: copy id -> card, for every copy in the decks (the rules ask this often)
_BY_COPY: dict[str, Card] = {c: CARDS[c.split("-", 1)[0]] for c in (*player_deck_ids(), *extra_ids())}
