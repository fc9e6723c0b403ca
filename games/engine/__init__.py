"""The rules of Battle Cry (Advanced Rulebook), in pure Python.

Public API (DESIGN.md section 2)::

    from games.engine import Game, load_scenario, IllegalAction, ScenarioError

This package imports nothing from Django or the rest of the site.
"""
from .advanced import ADVANCED
from .cards import CARDS, Card, card_of
from .core import OptionError, rulesets
from .errors import IllegalAction, ScenarioError
from .game import Game, view_event
from .hexgrid import BOARD, Hex, HexBoard
from .terrain import KINDS as TERRAIN, TerrainKind
from .replay import chance_of, replay
from .scenario import Scenario, load_scenario

#: The rulesets a game may be played under, by name.
RULESETS = rulesets()
#: The ruleset a new game is played under unless another is chosen.
DEFAULT_RULESET = ADVANCED.name

__all__ = ["ADVANCED", "BOARD", "CARDS", "Card", "DEFAULT_RULESET", "Game", "Hex", "HexBoard",
           "IllegalAction", "OptionError", "RULESETS", "Scenario", "ScenarioError", "TERRAIN",
           "TerrainKind", "card_of", "chance_of", "load_scenario", "replay", "rulesets",
           "view_event"]
