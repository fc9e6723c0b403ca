"""Models of the games app, one concept per module."""
from .chat import ChatMessage, ChatRead, ChatShare
from .match import Game, GameAction, Match
from .outbox import Outbox
from .packed_log import PackedLog
from .scenario import Scenario
from .seat import Seat
from .table import TableSeat
from .team_chat import TeamChatMessage

__all__ = ["ChatMessage", "ChatRead", "ChatShare", "Game", "GameAction", "Match", "Outbox", "PackedLog", "Scenario", "Seat", "TableSeat", "TeamChatMessage"]
