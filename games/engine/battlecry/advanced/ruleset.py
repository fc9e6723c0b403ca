"""Battle Cry under the Advanced Rulebook: the ruleset registered as ``"advanced"``."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .cards import CARDS, Card
from .. import prebattle
from . import house_options, house_presets, house_texts, multi_mapsets
from ...core import GameState, Option, OptionError, SeatSpec, register
from ...core.option_pages import declare_groups, declare_texts
from ...core.presets import declare_presets
from .game import PHASES, Game
from ..scenario import Scenario
from ..seating import SEATS, archie_option
from ..teams import TEAM_MODES, is_team_seat, members_for, seat_specs
from ..rules_object import BattleCryRules
from ..terrain import TerrainEffect, effects as terrain_table
from ..units import DICE, SIDES
from ..victory import VictoryTerms

#: Nightfall is rated: it is a rule of the Advanced Rulebook both players agree to before the
#: game, and it changes only how a game that runs out of cards ends, not who may win it.
#: Archie and the automatic retreats are set by the site (from the seats; by the engine's
#: own callers), the pre-battle dice by a campaign: members never choose them on a form.
#: A team game is rated too, in a pool of its own per mode (docs/ratings.md, "Team games").
OPTIONS: tuple[Option, ...] = (
    Option("nightfall", bool, False,
           "Each card is played once (no reshuffle); the game ends when a player cannot play.",
           label="Nightfall", rated=True),
    Option("archie", str, None,
           "The side Archie plays: no hand, the top card of its deck each turn, one extra die.",
           choices=(None, *SIDES), label="Archie, the computer opponent", rated=False,
           chosen_on=()),
    Option("auto_retreat", bool, False,
           "The engine takes retreat and withdrawal decisions with its default policy.",
           label="Automatic retreats", chosen_on=()),
    *prebattle.OPTIONS,
    Option("team_mode", str, "none",
           "Epic: each side is a team, a Commanding General who holds the cards and gives one "
           "each turn to one of the Major-Generals, one per general figure, who command the "
           "units. Doubles: three or four players, each a Major-General with his own hand, "
           "the next turn drawn from a cup.",
           choices=TEAM_MODES, label="Team game", excludes=("archie",), rated=True,
           chosen_on=("table",)),
    *house_options.OPTIONS,
)

#: What the game page says while Nightfall is in force (instead of the empty-hand rule).
NIGHTFALL_NOTE = ("Nightfall: played cards are not reshuffled. When a player has no card to "
                  "play, night falls: more flags wins, then more enemy figures eliminated; "
                  "else a draw.")


class BattleCry(BattleCryRules):
    """A Battle Cry ruleset; the state it plays on is a :class:`~games.engine.battlecry.advanced.game.Game`."""

    phases = PHASES
    cards: Mapping[str, Card] = CARDS
    victory = VictoryTerms(objectives_count=True, objectives_win_at_once=True,
                           last_general_loses=True, empty_hand_loses=True, cards_per_general=1)
    archie_plays_from_deck = True
    #: The dice a unit of each kind rolls by distance (1, 2, ...), from the table alone (no
    #: terrain, sight or special unit): Archie's evaluation estimates threats with it.
    dice_by_range: Mapping[str, tuple[int, ...]] = DICE
    #: Night has fallen: the site ends the game itself (a scheduled check takes the step).
    site_steps: Mapping[str, str] = {"nightfall": "end_by_nightfall"}
    terrain_effects: tuple[TerrainEffect, ...] = terrain_table()

    def __init__(self, name: str, options: tuple[Option, ...], description: str,
                 summary: tuple[str, ...] = ()):
        self.name = name
        self.options = options
        self.description = description
        self.summary = summary

    def victory_for(self, options: Mapping[str, Any]) -> VictoryTerms:
        if options.get("nightfall"):
            return replace(self.victory, empty_hand_loses=False, notes=(NIGHTFALL_NOTE,))
        return self.victory

    def seat_plan(self, scenario: Scenario, options: Mapping[str, Any]) -> tuple[SeatSpec, ...]:
        mode = options.get("team_mode", "none")
        if mode == "none":
            return SEATS
        if mode == "doubles":
            check_doubles(scenario, options)
        return seat_specs(members_for(scenario, mode))

    def computer_options(self, seats: tuple[str, ...]) -> dict:
        """Archie holding seats of a team game plays them as any member would (E11): no
        option; the seats of one side a side otherwise."""
        if seats and all(is_team_seat(s) for s in seats):
            return {}
        return archie_option(seats)

    def check_scenario(self, scenario: Scenario, options: Mapping[str, Any]) -> None:
        """A match on a battle on several maps is played under house rule 36, and the rule
        only on such a battle (H99)."""
        multi_mapsets.check(scenario, options)

    def scenario_options(self, scenario: Scenario) -> dict[str, Any]:
        return multi_mapsets.needed(scenario)

    def new(self, scenario: Scenario, options: Mapping[str, Any], seed: int) -> Game:
        if options.get("team_mode") == "doubles":
            check_doubles(scenario, options)
        return Game._setup(scenario, self.name, dict(options), seed)

    def from_dict(self, data: dict, scenario: Scenario | None = None) -> Game:
        return Game._load(data, scenario)


def check_doubles(scenario: Scenario, options: Mapping[str, Any]) -> None:
    """Doubles is for three or four players (AR DOUBLES, L507), outside campaigns (D1)."""
    players = len(members_for(scenario, "doubles"))
    if players < 3:
        raise OptionError("team_mode", "Doubles needs three or four players: this scenario "
                          "gives neither side two general figures.")
    if any(options.get(o.name) for o in prebattle.OPTIONS):
        raise OptionError("team_mode", "Doubles is not played in a campaign.")


SUMMARY: tuple[str, ...] = (
    "Win by the scenario's number of flags: captured units and generals, objectives held, "
    "and the scenario's temporary flags; some scenarios add territorial objectives.",
    "Each turn: play a command card (or use any card for a skirmish order), order and move, "
    "battle, discard and draw. Each side has its own deck of 23 cards plus 7 secret extras; "
    "hands are the scenario's number plus one per general on the board.",
    "Infantry moves 1 and battles at 3 hexes (3, 2, 1 dice) or marches 2; cavalry moves 2 "
    "(3 in a charge) and melees with 3 dice; artillery moves 1 or battles at 4 hexes "
    "(4, 3, 2, 1 dice).",
    "Hits: the target's symbol; crossed swords in melee and against generals. Each flag "
    "moves a unit back a hex toward its baseline. Units next to an enemy must melee.",
    "Generals command the unit they stand with: it ignores the first retreat result.",
)

ADVANCED = register(BattleCry("advanced", OPTIONS, "The Advanced Rulebook (the default).",
                              SUMMARY))
declare_presets("advanced", OPTIONS, house_presets.presets())
declare_groups("advanced", house_presets.headings(house_options.OPTIONS))
declare_texts("advanced", house_texts.TEXTS)


def _is_a_game_state(game: Game) -> GameState:
    """Never called: mypy checks here that an Advanced game satisfies the state protocol."""
    return game
