"""Models of the games app, one concept per module."""
from .chat import ChatMessage, ChatRead, ChatShare
from .match import Game, GameAction, Match
from .outbox import Outbox
from .packed_log import PackedLog
from .scenario import Scenario
from .scenario_draft import DraftEdit, ScenarioDraft
from .scenario_version import ScenarioVersion
from .seat import Seat

__all__ = ["ChatMessage", "ChatRead", "ChatShare", "Game", "GameAction", "Match", "Outbox", "PackedLog", "Scenario", "ScenarioDraft", "DraftEdit", "ScenarioVersion", "Seat"]
