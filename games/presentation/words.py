"""The words the game's pages and the API share: hexes by the drawn key, card names,
dice faces, what each ruleset's phases ask of a player, and the reasons a game ends."""
from __future__ import annotations

from games.board_svg import hex_name
from games.engine import CARDS, card_of

FACE = {"flag": "flag", "swords": "sabre", "cavalry": "cavalry", "artillery": "artillery",
        "infantry": "infantry"}
UNDONE = {"order": "an order", "confirm_orders": "the end of ordering", "move": "a move",
          "move_general": "a general's move", "end_movement": "the end of movement"}
#: What is being decided, in plain words, in the phases both rulesets have.
_COMMON_PHASES = {
    "play_card": "play a command card",
    "order": "order units",
    "move": "move the ordered units",
    "battle": "battle",
    "retreat": "choose where a unit retreats",
    "prebattle_roll": "roll the campaign's pre-battle dice",
    "prebattle_loss": "choose a unit to lose a figure (pre-battle dice)",
    "prebattle_retreat": "choose a unit to fall back (pre-battle dice)",
    "over": "the game is over",
}
#: The words for every phase of each ruleset (by its registered name): "Waiting for bob to ...".
PHASE_WORDS: dict[str, dict[str, str]] = {
    "advanced": {
        **_COMMON_PHASES,
        "move_again": "move again after Hit and Run",
        "general_retreat": "choose where a general retreats",
        "withdraw": "withdraw or stand against a melee",
        "take_ground": "take ground or hold",
        "discard": "discard down to the hand limit",
        "keep_card": "keep one of the two cards drawn",
        "rally": "rally units",
        "reinforce": "place reinforcements",
        "supply_move": "send a unit back (Short Supply)",
        "fight_back": "play Fight Back or decline",
        "nightfall": "night has fallen: the game ends",
    },
    "standard": {
        **_COMMON_PHASES,
        "evade": "evade the melee or stand",
        "battle_back": "battle back or decline",
        "breakthrough": "advance and melee again, or hold the ground",
    },
}
REASONS = {
    "resigned": "the opponent resigned",
    "flags": "captured the flags needed",
    "objective": "took the objective",
    "generals": "every enemy general was lost",
    "no_cards": "the opponent had no command card left",
    "nightfall_flags": "Nightfall: more flags",
    "nightfall_casualties": "Nightfall: equal flags, more figures eliminated",
    "nightfall_draw": "Nightfall: equal flags and figures",
    "timeout": "the opponent's time for a move ran out",
}


def hex_label(h) -> str:
    """A hex as the board's drawn key names it ('G7')."""
    if not h:
        return "?"
    return hex_name(int(h["col"]), int(h["row"]))


def card_name(copy_id: str | None) -> str:
    if not copy_id:
        return "a card"
    try:
        return card_of(copy_id).name
    except KeyError:
        return CARDS[copy_id].name if copy_id in CARDS else copy_id


def faces(rolls) -> str:
    return ", ".join(FACE.get(f, str(f)) for f in rolls)


def card_info(copy_id: str) -> dict:
    card = card_of(copy_id)
    return {"id": copy_id, "name": card.name, "text": card.text, "kind": card.kind}


def reason_words(outcome) -> str:
    """Why a game ended, in words ("" while it goes on)."""
    if not outcome:
        return ""
    return REASONS.get(outcome.get("reason"), str(outcome.get("reason", "")).replace("_", " "))


def phase_words(ruleset: str, phase: str) -> str:
    """What the ``phase`` of a game under ``ruleset`` asks of the player, in plain words."""
    return PHASE_WORDS.get(ruleset, {}).get(phase) or phase.replace("_", " ")
