"""Models of the games app, one concept per module."""
from .chat import ChatMessage
from .match import Game, GameAction, Match
from .scenario import Scenario

__all__ = ["ChatMessage", "Game", "GameAction", "Match", "Scenario"]
