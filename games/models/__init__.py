"""Models of the games app, one concept per module."""
from .match import Game, GameAction, Match
from .outbox import Outbox
from .scenario import Scenario

__all__ = ["Game", "GameAction", "Match", "Outbox", "Scenario"]
