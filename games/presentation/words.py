"""The words the game's pages and the API share: hexes by the drawn key, card names,
dice faces and the reasons a game ends (what each phase asks of a player is in its ruleset's
kit: games/presentation/battlecry.py for Battle Cry)."""
from __future__ import annotations

from games.board_svg import hex_name
from games.engine import CARDS, card_of

FACE = {"flag": "flag", "swords": "sabre", "cavalry": "cavalry", "artillery": "artillery",
        "infantry": "infantry"}
UNDONE = {"order": "an order", "confirm_orders": "the end of ordering", "move": "a move",
          "move_general": "a general's move", "end_movement": "the end of movement"}
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

