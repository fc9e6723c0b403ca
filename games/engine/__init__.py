"""The rules of Battle Cry (the Advanced Rulebook, and the standard rules of seed 004), in
pure Python.

Public API (docs/architecture.md, "The engine facade in short")::

    from games.engine import Game, load_scenario, IllegalAction, ScenarioError

    game = Game.new(scenario, ruleset=name, options={...}, seed=1)   # a GameState
    game.legal_actions(); game.apply(action); game.view(side); game.outcome
    game.award(winner, reason)            # a result decided outside the rules

    # the search path (Archie): never the site's
    game.copy(); game.determinize(side, seed); game.sample_action(rng)
    game.apply_unchecked(action)

``Game`` (``facade.py``) knows no particular game: it dispatches through the registry of
rulesets and returns a ``GameState`` (``core/state.py``), the protocol every ruleset's
state satisfies; the site reads games only through it.  Rulesets by name: ``rulesets()``
and ``get_ruleset(name)``, asked anew each time (``RULESETS`` is a live view of the same
registry); each declares the scenario format it plays (``scenario_format``) and its loader.
Battle Cry's helpers for drawing and wording a game: ``BOARD`` (the single board; a scenario's
own is ``scenario.board``, every size by ``board_named(size)``, ``BOARD_SIZES``), ``TERRAIN``, ``CARDS``,
``card_of``, ``SIDES``, ``other``; ``BUILDING_DEFAULTS`` and ``BUILDING_NAMES`` (what a farm or a town is
under the house rule of buildings); ``SEATS``, the seats of a Battle Cry game (one a side).  The modules inside are not
part of the API.  This package imports nothing from Django or the rest of the site.
"""
from collections.abc import Iterator, Mapping

from .battlecry.advanced.ruleset import ADVANCED
from .battlecry.cards import Card
from .battlecry.prebattle import OPTION as PREBATTLE_OPTION
from .battlecry.teams import EPIC_OPTIONS
from .battlecry.standard.ruleset import STANDARD
from .mb1961.ruleset import RULES_1961
from .core import (PLACES as OPTION_PLACES, GameState, LiveRulesets, Option, OptionError, Preset, Ruleset,
                   counts_for_ratings, group_options, option_text, preset_named, presets_for, get_ruleset, options_for, register, rulesets, validate_options)
from .core.errors import IllegalAction, ScenarioError
from .battlecry.advanced.game import Game as AdvancedGame, view_event
from .facade import Game, default_ruleset, load_scenario_as, scenario_formats, scenario_rulesets, set_default_ruleset
from .battlecry.hexgrid import BOARD, WIDTHS as _WIDTHS, Hex, HexBoard, board_named
from .battlecry.terrain import BUILDING_DEFAULTS, BUILDING_NAMES, KINDS as TERRAIN, TerrainKind
from .replay import chance_of, replay
from .battlecry.sample import sample_scenario
from .battlecry.scenario import SPECIAL_RULES, Scenario, load_scenario
from .battlecry.units import BOX_LIMITS, FULL_FIGURES, UNIT_KINDS
from .battlecry.overlay import sight_and_reach as _sight_and_reach
from .battlecry.seating import SEATS
from .battlecry.sides import CONFEDERATE, SIDE_NAMES, SIDES, UNION, other, side_name

#: The board sizes a Battle Cry scenario may name (``board_named(size)`` is its geometry).
BOARD_SIZES: tuple[str, ...] = tuple(_WIDTHS)

#: The rulesets a game may be played under, by name: a live view of the registry (a
#: ruleset registered later appears); the site calls ``rulesets()`` / ``get_ruleset``.
RULESETS: Mapping[str, Ruleset] = LiveRulesets()
#: The 1961 Milton Bradley game, a ruleset of another game on a square map.
register(RULES_1961)


class _Cards(Mapping[str, Card]):
    """Every command card of every registered ruleset, by key (their keys never clash),
    read from the registry at each look-up."""

    def _all(self) -> dict[str, Card]:
        return {key: card for r in rulesets().values() for key, card in r.cards.items()}

    def __getitem__(self, key: str) -> Card:
        for r in rulesets().values():
            if key in r.cards:
                card: Card = r.cards[key]
                return card
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


CARDS: Mapping[str, Card] = _Cards()
assert len(CARDS) == sum(len(r.cards) for r in rulesets().values()), "card keys clash"


def card_of(copy_id: str) -> Card:
    """The card a copy id stands for (``attack_left-2``, ``std_rally``); KeyError if unknown."""
    return CARDS[copy_id.split("-", 1)[0]]


#: The ruleset a new game is played under unless another is chosen.
DEFAULT_RULESET = ADVANCED.name
set_default_ruleset(DEFAULT_RULESET)



def sight_and_reach(game: GameState, h) -> dict:
    """The scenario editor's overlay from hex ``h`` of a Battle Cry game: the hexes in line
    of sight, and those the unit standing there reaches with its ruleset's dice by range."""
    dice = getattr(get_ruleset(game.ruleset), "dice_by_range", {})
    return _sight_and_reach(game, h, dice)


__all__ = ["BOX_LIMITS", "BUILDING_DEFAULTS", "BUILDING_NAMES", "FULL_FIGURES", "SPECIAL_RULES", "UNIT_KINDS", "sight_and_reach", "ADVANCED", "AdvancedGame", "STANDARD", "BOARD", "BOARD_SIZES", "board_named", "CARDS", "Card", "DEFAULT_RULESET", "Game", "GameState", "Hex",
           "HexBoard", "IllegalAction", "OPTION_PLACES", "PREBATTLE_OPTION", "EPIC_OPTIONS", "Option", "OptionError", "counts_for_ratings", "options_for", "Preset", "group_options", "option_text", "preset_named", "presets_for", "validate_options", "RULESETS", "Ruleset", "SEATS", "default_ruleset", "get_ruleset",
           "load_scenario_as", "scenario_formats", "scenario_rulesets", "CONFEDERATE", "SIDES", "SIDE_NAMES", "Scenario", "ScenarioError",
           "TERRAIN", "TerrainKind", "card_of", "chance_of", "load_scenario", "other", "replay",
           "rulesets", "side_name", "UNION", "sample_scenario", "view_event"]
