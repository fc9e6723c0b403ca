"""The ruleset object of the 1961 game, registered as ``1961`` by the facade."""
from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..core import Capabilities, GameState, Option, PlainRuleset, SeatSpec
from .board import FORMAT, MapScenario, load_scenario
from .evaluation import evaluate
from .game import DEFAULT_TURNS, PHASES, SEATS, Game1961

#: The shipped map (games/scenarios/mb1961/), the scenario random games are played on.
MAPS = Path(__file__).resolve().parents[2] / "scenarios" / FORMAT

OPTIONS: tuple[Option, ...] = (
    Option("round_limit", int, DEFAULT_TURNS,
           "How many rounds (a turn of each side) are played before the game ends on captured "
           "pieces: the side that has captured more wins, equal is a draw.",
           choices=(12, 20, 30), label="Rounds before the count"),
    Option("capture_lead", int, None,
           "End the game as soon as one side has captured this many pieces more than the other "
           "(the rounds still end it if nobody gets there).",
           choices=(None, 3, 5, 8), label="Win by a lead of captured pieces"),
)

SUMMARY: tuple[str, ...] = (
    "The 1961 Milton Bradley game on a map of the war's theatres: each side sets up 2 "
    "artillery, 10 cavalry and 10 infantry on its lettered squares. The South plays first.",
    "Each turn you roll two dice and spend the pips among your pieces: one pip moves an "
    "infantry piece one square, or a cavalry or artillery piece up to two squares (a shorter "
    "move still costs the pip), in any of the eight directions, turning a corner if you like. "
    "A piece that lands on a mountain or river square stops there for the turn.",
    "From a station, one pip takes a piece along the railroad to the next station, if that "
    "station is empty and no enemy piece stands on the track between.",
    "At the end of your turn you may fight one battle: a column of your pieces in a straight "
    "line facing an enemy column on the same line, with an empty square beyond it. Add the "
    "strengths (infantry 2, cavalry 1, artillery 2): if yours is at least as great, your rear "
    "piece jumps both columns into that square and the enemy column is captured. An infantry "
    "piece that jumped may at once jump again from where it landed.",
    "Pieces that cannot move at the start of their turn because enemy pieces, water or the "
    "map's edge hem them in are captured.",
    "You win by capturing every enemy piece, or by having captured more when the rounds run "
    "out (or on reaching the lead chosen).",
)


class Rules1961(PlainRuleset):
    """The 1961 game (the ``Ruleset`` protocol)."""

    name = "1961"
    options = OPTIONS
    capabilities = Capabilities(board="square", hidden_information=False, chance=True)
    #: (Words shown on the site's forms: never a command card's name, which the leak walks
    #: look for as a hidden card.)
    description = ("Milton Bradley's 1961 centennial game: a square-grid map of the eastern "
                   "United States, moves by the dice, railroads and column battles.")
    summary = SUMMARY
    phases = PHASES
    victory = {"eliminate": True, "captured": True}
    scenario_format = FORMAT

    @property
    def sample_scenarios(self) -> tuple[MapScenario, ...]:
        """The shipped maps (random games of the kit's coverage test are played on them)."""
        return tuple(load_scenario(json.loads(p.read_text(encoding="utf-8")))
                     for p in sorted(MAPS.glob("*.json")))

    def load_scenario(self, data: dict) -> MapScenario:
        return load_scenario(data)

    def supports(self, scenario: Any) -> bool:
        return isinstance(scenario, MapScenario)

    def new(self, scenario: MapScenario, options: Mapping[str, Any], seed: int) -> Game1961:
        return Game1961.new(scenario, options, seed)

    def from_dict(self, data: dict, scenario: MapScenario | None = None) -> Game1961:
        return Game1961.from_dict(data, scenario)

    def seat_plan(self, scenario: Any, options: Mapping[str, Any]) -> tuple[SeatSpec, ...]:
        return SEATS

    def archie_evaluate(self, state: Game1961, side: str) -> float:
        return evaluate(state, side)


def _is_a_game_state(game: Game1961) -> GameState:
    """Never called: mypy checks here that a game of these rules satisfies the state protocol."""
    return game


#: The ruleset object; the facade registers it (games/engine/__init__.py).
RULES_1961 = Rules1961()
