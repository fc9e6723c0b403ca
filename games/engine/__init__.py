"""The rules of Battle Cry (the Advanced Rulebook, and the standard rules of seed 004), in
pure Python.

Public API (docs/architecture.md, "The engine facade in short")::

    from games.engine import Game, load_scenario, IllegalAction, ScenarioError

    game = Game.new(scenario, ruleset="advanced", options={...}, seed=1)   # or "standard"
    game.legal_actions(); game.apply(action); game.view(side); game.outcome
    game.award(winner, reason)            # a result decided outside the rules

    # the search path (Archie): never the site's
    game.copy(); game.determinize(side, seed); game.sample_action(rng)
    game.apply_unchecked(action)

Helpers for drawing and wording a game: ``BOARD``, ``TERRAIN``, ``CARDS``, ``card_of``,
``SIDES``, ``other``.  Rulesets by name: ``RULESETS``.  The modules inside are not
part of the API.  This package imports nothing from Django or the rest of the site.
"""
from .battlecry.advanced.ruleset import ADVANCED
from .battlecry.cards import Card
from .battlecry.prebattle import OPTION as PREBATTLE_OPTION
from .battlecry.standard.ruleset import STANDARD
from .core import PLACES as OPTION_PLACES, Option, OptionError, counts_for_ratings, options_for, rulesets, validate_options
from .core.errors import IllegalAction, ScenarioError
from .battlecry.advanced.game import Game, view_event
from .battlecry.hexgrid import BOARD, Hex, HexBoard
from .battlecry.terrain import KINDS as TERRAIN, TerrainKind
from .replay import chance_of, replay
from .battlecry.sample import sample_scenario
from .battlecry.scenario import Scenario, load_scenario
from .battlecry.sides import CONFEDERATE, SIDE_NAMES, SIDES, UNION, other, side_name

#: The rulesets a game may be played under, by name.
RULESETS = rulesets()
#: Every command card of every ruleset, by key (their keys never clash).
CARDS: dict[str, Card] = {key: card for r in RULESETS.values() for key, card in r.cards.items()}
assert len(CARDS) == sum(len(r.cards) for r in RULESETS.values()), "card keys clash"


def card_of(copy_id: str) -> Card:
    """The card a copy id stands for (``attack_left-2``, ``std_rally``); KeyError if unknown."""
    return CARDS[copy_id.split("-", 1)[0]]


#: The ruleset a new game is played under unless another is chosen.
DEFAULT_RULESET = ADVANCED.name

__all__ = ["ADVANCED", "STANDARD", "BOARD", "CARDS", "Card", "DEFAULT_RULESET", "Game", "Hex", "HexBoard",
           "IllegalAction", "OPTION_PLACES", "PREBATTLE_OPTION", "Option", "OptionError", "counts_for_ratings", "options_for", "validate_options", "RULESETS", "CONFEDERATE", "SIDES", "SIDE_NAMES", "Scenario", "ScenarioError",
           "TERRAIN", "TerrainKind", "card_of", "chance_of", "load_scenario", "other", "replay",
           "rulesets", "side_name", "UNION", "sample_scenario", "view_event"]
