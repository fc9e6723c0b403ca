"""What every Battle Cry ruleset object does the same way: it plays Battle Cry scenarios on
the hex board, seats one player a side, and hands each call of the ``Ruleset`` protocol to
its game state. A ruleset subclasses :class:`BattleCryRules` and adds its deck, options,
phases, victory terms and how its games are dealt and rebuilt (``new``, ``from_dict``)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Capabilities, PlainRuleset, SeatSpec
from .scenario import Scenario, load_scenario
from .seating import SEATS, archie_option


class BattleCryRules(PlainRuleset):
    """The protocol's answers that every Battle Cry ruleset gives alike."""

    capabilities = Capabilities(board="hex", hidden_information=True, chance=True)
    scenario_format = "battlecry"
    #: Steps a player may take back within their turn: they reveal nothing (no die rolled,
    #: no card drawn or shown) and hand no decision to the opponent...
    undoable_actions: tuple[str, ...] = ("order", "confirm_orders", "move", "move_general",
                                         "end_movement")
    #: ...as long as they caused only these events.
    quiet_events: tuple[str, ...] = ("ordered", "moved", "general_moved", "battle_phase",
                                     "temporary_flags")

    def load_scenario(self, data: dict) -> Scenario:
        return load_scenario(data)

    def seat_plan(self, scenario: Scenario, options: Mapping[str, Any]) -> tuple[SeatSpec, ...]:
        return SEATS

    def computer_options(self, seats: tuple[str, ...]) -> dict:
        return archie_option(seats)
