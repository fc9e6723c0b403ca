"""The rules of Battle Cry (Advanced Rulebook), in pure Python.

Public API (DESIGN.md section 2)::

    from games.engine import Game, load_scenario, IllegalAction, ScenarioError

This package imports nothing from Django or the rest of the site.
"""
from .errors import IllegalAction, ScenarioError
from .game import Game, view_event
from .hexgrid import Hex
from .replay import chance_of, replay
from .scenario import Scenario, load_scenario

__all__ = ["Game", "Hex", "IllegalAction", "Scenario", "ScenarioError", "chance_of",
           "load_scenario", "replay", "view_event"]
