"""What every Battle Cry ruleset object does the same way: it plays Battle Cry scenarios on
the hex board, seats one player a side, and hands each call of the ``Ruleset`` protocol to
its game state. A ruleset subclasses :class:`BattleCryRules` and adds its deck, options,
phases, victory terms and how its games are dealt and rebuilt (``new``, ``from_dict``)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from ..core import Capabilities, GameState, SeatSpec
from .scenario import Scenario, load_scenario
from .seating import SEATS, archie_option

S = TypeVar("S", bound=GameState)


class BattleCryRules(Generic[S]):
    """The protocol's calls that every Battle Cry ruleset answers alike, for its state ``S``."""

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

    def supports(self, scenario: Scenario) -> bool:
        return True

    def seat_plan(self, scenario: Scenario, options: Mapping[str, Any]) -> tuple[SeatSpec, ...]:
        return SEATS

    def computer_options(self, seats: tuple[str, ...]) -> dict:
        return archie_option(seats)

    def legal_actions(self, state: S) -> list[dict]:
        return state.legal_actions()

    def apply(self, state: S, action: dict, rolls: list | None = None,
              draws: list | None = None) -> list[dict]:
        return state.apply(action, rolls=rolls, draws=draws)

    def apply_unchecked(self, state: S, action: dict) -> None:
        state.apply_unchecked(action)

    def sample_action(self, state: S, rng: Any) -> dict:
        return state.sample_action(rng)

    def seats(self, state: S) -> tuple[SeatSpec, ...]:
        return state.seats

    def view(self, state: S, seat: str | None) -> dict:
        return state.view(seat)

    def outcome(self, state: S) -> dict | None:
        return state.outcome

    def award(self, state: S, winner: str | None, reason: str,
              flags: Mapping[str, int] | None = None) -> list[dict]:
        return state.award(winner, reason, flags)

    def determinize(self, state: S, seat: str, seed: int) -> GameState:
        return state.determinize(seat, seed)
