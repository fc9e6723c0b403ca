"""Rebuilding a game from its log, and reading the chance outcomes out of events."""
from __future__ import annotations

from .battlecry.advanced.game import Game
from .battlecry.prebattle import ROLL_EVENTS as _PREBATTLE_ROLLS

_ROLL_EVENTS = ("attack", "general_attacked", "reroll", "sharpshooter", *_PREBATTLE_ROLLS,
                "morale_check", "rallied")     # the last two: the standard ruleset's rolls


def chance_of(events: list[dict]) -> tuple[list, list]:
    """The dice rolled and the cards drawn that a list of events records, in order."""
    rolls: list = []
    draws: list = []
    for e in events:
        if e["type"] in _ROLL_EVENTS:
            rolls.extend(e.get("rolls") or ())
        elif e["type"] == "draw":
            draws.extend(e["private"]["cards"])
    return rolls, draws


def replay(scenario, seed: int, log: list[dict], ruleset: str = "advanced",
           options: dict | None = None, hand_limit_before_keep: bool = False) -> Game:
    """Play a log of ``{"action", "events"}`` entries again from the start.

    Each action is applied with the dice and draws its recorded events hold, so the
    rebuilt game matches the original exactly; a mismatch raises ``ValueError``.
    ``hand_limit_before_keep``: the log was played before the hand limit waited for the
    keep-one choice (a saved game's state says so).
    """
    game = Game.new(scenario, ruleset=ruleset, options=options, seed=seed)
    if hand_limit_before_keep:
        game.hand_limit_before_keep = True
    for n, entry in enumerate(log):
        rolls, draws = chance_of(entry["events"])
        events = game.apply(entry["action"], rolls=rolls, draws=draws)
        if events != entry["events"]:
            raise ValueError(f"replay diverged at entry {n}: {entry['action']}")
    return game
