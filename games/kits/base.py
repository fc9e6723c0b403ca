"""The kit every kind of game has: neutral answers, for a game whose kit adds nothing."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import GameState, get_ruleset


class Kit:
    """Reads of a game beyond the ``GameState`` protocol, answered for any game."""

    #: The scenario format the kit's rulesets play (blank: any).
    scenario_format = ""

    def award_flags(self, engine: GameState, winner: str) -> Mapping[str, int] | None:
        """The flags to record when ``winner`` is awarded the game outside the rules
        (a claim, a resignation); None: the game's own."""
        return None

    def outcome_extras(self, engine: GameState) -> dict[str, Any]:
        """What the site records with a finished game's outcome beyond the engine's."""
        return {}

    def replay_from_deal(self, engine: GameState, state: Mapping[str, Any]) -> None:
        """Make a freshly dealt game replay as the saved ``state`` was played (a game saved
        under an older reading of the rules)."""

    def scenario_of(self, engine: GameState) -> Any:
        """The engine scenario a game is played on (None when the game keeps none)."""
        return None

    def first_side(self, ruleset: str, scenario: Any, options: Mapping[str, Any]) -> str:
        """The side that moves first on the engine ``scenario`` (a solo player's side in game
        1): the side of the first seat of the ruleset's seat plan."""
        return get_ruleset(ruleset).seat_plan(scenario, options)[0].side
