"""The standard rules' ruleset: its options, capabilities and victory terms, registered as
``"standard"``; the rules themselves are the package's other modules."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import Card
from ..prebattle import OPTIONS as PREBATTLE_OPTIONS
from ...core import GameState, Option, OptionError, SeatSpec, register
from ..seating import SEATS, archie_option
from ..scenario import Scenario
from ..rules_object import BattleCryRules
from ..units import SIDES
from ..victory import VictoryTerms
from .cards import CARDS
from .game import PHASES, StandardGame
from . import grand
from .terrain_effects import effects as terrain_table

#: Grand Battle Cry is rated, in a pool of its own (docs/ratings.md, "Team games").
OPTIONS: tuple[Option, ...] = (
    Option("archie", str, None,
           "The side Archie plays; it holds a hand and plays by the same rules as you.",
           choices=(None, *SIDES), label="Archie, the computer opponent", rated=False,
           chosen_on=()),
    *PREBATTLE_OPTIONS,
    Option("team_mode", str, "none",
           "Grand Battle Cry: each side is a Commander-in-Chief, who holds the cards and "
           "gives 1 to 3 each turn, and a Field General for each flank, who plays them there.",
           choices=("none", "grand"), label="Team game", excludes=("archie",), rated=True,
           chosen_on=("table",)),
)

SUMMARY: tuple[str, ...] = (
    "Capture six enemy flags (units and generals).",
    "Each turn: play a command card (discard one if none can be played), order and move, "
    "battle, then draw back up to the scenario's hand size. One shared deck.",
    "Infantry moves 1 and battles at up to 4 hexes: 4 dice, 1 fewer per hex beyond the first. "
    "Cavalry moves up to 3 and melees with 3 dice (2 hexes with 2 dice if it did not move). "
    "Artillery moves 1 or battles at up to 5 hexes (6 from a hill): 5 dice, 1 fewer per hex.",
    "Generals move up to 3 and attach to a unit: it rolls 1 more die.",
    "Hits: the target's symbol; crossed sabres also hit in melee. Flags call for a morale "
    "check: dice equal to the unit's morale (3, more or less by its situation), passing on its "
    "own symbol or crossed sabres. Failing, the unit is Spent and retreats a hex per flag; a "
    "Spent unit that takes a flag is Routed and retreats without a check.",
    "After a melee a defender that held its ground may battle back after a morale check "
    "(not after a flank attack or against Hit and Run). An attacker whose enemy is gone may "
    "advance and melee again with 1 more die, once a turn. Cavalry and lone generals may "
    "evade a melee by falling back 1-2 hexes; then only crossed sabres hit them.",
    "Woods, buildings and hills stop movement; woods, buildings and waterways block sight, "
    "and so do hills but never for artillery; "
    "waterways cannot be crossed but at a bridge. Buildings and fieldworks cost an attacker "
    "2 dice (fieldworks give 2 dice from the rear), fences 1.",
)


class StandardRuleset(BattleCryRules):
    """The standard rules; the state it plays on is a :class:`StandardGame`."""

    name = "standard"
    options = OPTIONS
    archie_plays_from_deck = False          # Archie holds a hand like any player
    #: The dice a unit of each kind rolls by distance (1, 2, ...), from the table alone (no
    #: terrain, sight, general or charge): Archie's evaluation estimates threats with it.
    dice_by_range: Mapping[str, tuple[int, ...]] = {
        "infantry": (4, 3, 2, 1), "cavalry": (3,), "artillery": (5, 4, 3, 2, 1)}
    phases = PHASES

    def supports(self, scenario: Scenario) -> bool:
        """Not a battle on maps stood long side to long side: that is a house rule of the
        Advanced rules (H99)."""
        return not scenario.board.seams

    def seat_plan(self, scenario: Scenario, options: Mapping[str, Any]) -> tuple[SeatSpec, ...]:
        if options.get("team_mode", "none") == "grand":
            return grand.seat_specs()
        return SEATS

    def computer_options(self, seats: tuple[str, ...]) -> dict:
        """Archie holding seats of Grand Battle Cry plays them as a member would (G10)."""
        names = {s.name for s in grand.seat_specs()}
        if seats and all(s in names for s in seats):
            return {}
        return archie_option(seats)
    description = "The standard rules of the base game: morale, battle-back, breakthrough charges."
    summary: tuple[str, ...] = SUMMARY
    cards: Mapping[str, Card] = CARDS
    terrain_effects = terrain_table()
    #: six enemy unit flags decide it (rule 1); the hand is the scenario's number (rule 2)
    victory = VictoryTerms(objectives_count=False, objectives_win_at_once=False,
                           last_general_loses=False, empty_hand_loses=False, cards_per_general=0)
    #: No step of a game under these rules is the site's to take.
    site_steps: Mapping[str, str] = {}

    def victory_for(self, options: Mapping[str, Any]) -> VictoryTerms:
        return self.victory

    def new(self, scenario: Scenario, options: Mapping[str, Any], seed: int) -> StandardGame:
        if options.get("team_mode") == "grand" and any(options.get(o.name)
                                                       for o in PREBATTLE_OPTIONS):
            raise OptionError("team_mode", "Grand Battle Cry is not played in a campaign.")
        return StandardGame.setup(scenario, self.name, dict(options), seed)

    def from_dict(self, data: dict, scenario: Scenario | None = None) -> StandardGame:
        return StandardGame.from_dict(data, scenario)


STANDARD = register(StandardRuleset())

__all__ = ["CARDS", "STANDARD", "StandardGame", "StandardRuleset"]


def _is_a_game_state(game: StandardGame) -> GameState:
    """Never called: mypy checks here that a standard game satisfies the state protocol."""
    return game
