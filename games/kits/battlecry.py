"""Battle Cry's kit: what the site reads of a Battle Cry game beyond the ``GameState``
protocol (its flags, casualties and scenario), for every ruleset playing Battle Cry
scenarios. Only this module (and the presentation layer) looks inside a Battle Cry game."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import GameState, Scenario

from .base import Kit


class BattleCryKit(Kit):
    scenario_format = "battlecry"

    def award_flags(self, engine: GameState, winner: str) -> Mapping[str, int] | None:
        """The winner counts the flags needed to win (or those it has, if more); the loser
        keeps theirs."""
        game: Any = engine
        return {winner: max(game.flags(winner), game.flags_needed(winner))}

    def outcome_extras(self, engine: GameState) -> dict[str, Any]:
        """Figures each side eliminated (Nightfall's tie-break, the match's standings)."""
        game: Any = engine
        return {"casualties": dict(game.casualties)}

    def replay_from_deal(self, engine: GameState, state: Mapping[str, Any]) -> None:
        """A game saved before the hand limit waited for the keep-one choice of a two-card
        draw replays checking the limit with both drawn cards in hand (docs/rulings.md, 3)."""
        if state.get("hand_limit_before_keep"):
            game: Any = engine
            game.hand_limit_before_keep = True

    def first_side(self, ruleset: str, scenario: Any, options: Mapping[str, Any]) -> str:
        """The scenario's first side."""
        first: str = scenario.first_side
        return first

    def scenario_of(self, engine: GameState) -> Scenario:
        game: Any = engine
        scenario: Scenario = game.scenario
        return scenario


BATTLECRY = BattleCryKit()


def scenario_of(engine: GameState) -> Scenario:
    """The Battle Cry scenario a game is played on (for the Battle Cry pages)."""
    return BATTLECRY.scenario_of(engine)
