"""The hints of a guided game: one short line per step of the turn, telling a newcomer what
to do now and where to click (the game page shows it above the board)."""
from __future__ import annotations

#: What to do in each phase, when the decision is the player's.
HINTS: dict[str, str] = {
    "play_card": "Step 1 of 4, play a card: each card orders units in one section of the board "
                 "(left, centre or right, split by the dotted lines). Pick a card for a section "
                 "where you have units and press its button under your hand.",
    "order": "Step 2 of 4, order units: click the highlighted units you want to use this turn "
             "(the card says how many), then press \u201cDone ordering\u201d.",
    "move": "Step 3 of 4, move: click an ordered unit, then one of the highlighted hexes. Units "
            "that move next to an enemy will have to fight it. Press \u201cEnd movement\u201d when done.",
    "move_again": "Your cavalry may move again: click it, then a highlighted hex, or end the movement.",
    "battle": "Step 4 of 4, battle: click an ordered unit that is highlighted, then an enemy in "
              "range. The dice roll by themselves; then press \u201cEnd the turn and draw\u201d.",
    "retreat": "Your unit was pushed back by a flag: click one of the highlighted hexes behind it.",
    "general_retreat": "Your general must leave: click one of the highlighted hexes.",
    "withdraw": "An enemy charges your unit: step back out of the melee, or stand and fight.",
    "take_ground": "Your unit won its melee: move into the empty hex, or hold where it is.",
    "press_on": "Your cavalry broke through: go one hex more (a highlighted hex), or hold.",
    "refit": "Discard the cards you want rid of, then your hand is refilled and your turn ends.",
    "discard": "You hold too many cards: choose one to discard.",
    "keep_card": "Keep the better of the two cards you drew.",
    "rally": "Click a highlighted unit to give it back a figure, then end the rally.",
    "reinforce": "Choose a hex on your baseline for the new unit, then its kind.",
    "supply_move": "Short Supply: send your unit back to one of the highlighted hexes.",
    "fight_back": "Your unit was attacked: play Fight Back to shoot back now, or decline.",
}

#: While the other side decides (Archie's turn, or its answer to your attack).
WAITING = ("Archie is playing its turn: watch its moves appear on the board and in the log. "
           "Your next step shows here when it is done.")
#: When the game is over.
OVER = ("The game is over. Start another against Archie from the Play page, or read the "
        "help to learn more.")


def hint_for(phase: str, *, mine: bool, over: bool) -> str:
    """The hint for the player of a guided game, at this phase of the game."""
    if over:
        return OVER
    if not mine:
        return WAITING
    return HINTS.get(phase, "Choose one of the buttons on the right.")
