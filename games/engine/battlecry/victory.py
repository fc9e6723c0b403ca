"""How a Battle Cry ruleset decides a game beyond its flags, and what sets a hand's size:
declared by each ruleset, worded for the players by the game page."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class VictoryTerms:
    objectives_count: bool        # a scenario's objective hexes earn flags for their holder
    objectives_win_at_once: bool  # a territorial objective held at the end of a turn wins
    last_general_loses: bool      # a side that loses its last general loses the game
    empty_hand_loses: bool        # a player who must play a card and holds none loses
    cards_per_general: int        # the hand grows by this for each general on the board
    notes: tuple[str, ...] = ()   # how options in force change the ending, in a player's words
