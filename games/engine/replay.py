"""Rebuilding a game from its log, and reading the chance outcomes out of events."""
from __future__ import annotations

from .core import GameState
from .facade import Game
from .battlecry.prebattle import ROLL_EVENTS as _PREBATTLE_ROLLS

#: Every event whose ``rolls`` are dice the game rolled for it, in the order rolled (an
#: ``attack``'s re-rolls aside, see :func:`chance_of`). A rule that rolls records its dice in an
#: event listed here, or its game cannot be replayed; tests/engine/test_roll_events.py plays
#: every ruleset, option set and team game and finds any event with dice that is not listed.
ROLL_EVENTS = ("attack", "general_attacked", "reroll", "sharpshooter", "order_roll", "initiative_roll",
               "offensive_roll",
               *_PREBATTLE_ROLLS,
               "morale_check", "rallied",     # these two: the standard ruleset's rolls
               # the house rules' own rolls (seed 002)
               "first_fire_roll", "general_risk", "recovery_roll", "shaken_roll", "zone_passage",
               "ground_entry_roll", "entry_roll", "rally_roll", "command_roll", "wound_roll",
               "general_return_roll", "crowding_roll",
               "turn")                        # the 1961 game's dice, rolled as its turn begins


def chance_of(events: list[dict]) -> tuple[list, list]:
    """The dice rolled and the cards drawn that a list of events records, in the order the
    game rolled and drew them.

    A re-roll of sabres (a scenario's special unit) is rolled after its attack's own dice
    but recorded just before the attack's event, whose ``rolls`` then end with the flags
    the re-roll brought: so an attack gives its first ``dice`` faces, then the re-rolls
    recorded before it."""
    rolls: list = []
    draws: list = []
    rerolled: list = []                  # re-rolls waiting for the attack they belong to
    for e in events:
        kind = e["type"]
        if kind == "reroll":
            rerolled.extend(e.get("rolls") or ())
        elif kind == "attack":
            faces = list(e.get("rolls") or ())
            rolls.extend(faces[:e["dice"]] if rerolled and "dice" in e else faces)
            rolls.extend(rerolled)
            rerolled = []
        elif kind in ROLL_EVENTS:
            rolls.extend(e.get("rolls") or ())
        elif kind == "draw":
            draws.extend(e["private"]["cards"])
        elif kind == "cup_draw":                 # Doubles: the name drawn for the next turn
            draws.append(e["seat"])
    rolls.extend(rerolled)
    return rolls, draws


def replay(scenario, seed: int, log: list[dict], ruleset: str = "advanced",
           options: dict | None = None, hand_limit_before_keep: bool = False) -> GameState:
    """Play a log of ``{"action", "events"}`` entries again from the start.

    Each action is applied with the dice and draws its recorded events hold, so the
    rebuilt game matches the original exactly; a mismatch raises ``ValueError``.
    ``hand_limit_before_keep``: the log was played before the hand limit waited for the
    keep-one choice (a saved game's state says so).
    """
    game = Game.new(scenario, ruleset=ruleset, options=options, seed=seed)
    if hand_limit_before_keep:
        game.hand_limit_before_keep = True     # type: ignore[attr-defined]  # Advanced games only
    for n, entry in enumerate(log):
        rolls, draws = chance_of(entry["events"])
        events = game.apply(entry["action"], rolls=rolls, draws=draws)
        if events != entry["events"]:
            raise ValueError(f"replay diverged at entry {n}: {entry['action']}")
    return game
