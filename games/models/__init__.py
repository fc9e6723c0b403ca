"""Models of the games app, one concept per module."""
from .balance_run import BalanceRun
from .chat import ChatMessage, ChatRead, ChatShare
from .match import Game, GameAction, Match
from .game_review import GameReview
from .outbox import Outbox
from .packed_log import PackedLog
from .scenario import Scenario
from .scenario_draft import DraftEdit, ScenarioDraft
from .scenario_version import ScenarioVersion
from .seat import Seat
from .table import TableSeat
from .team_chat import TeamChatMessage

__all__ = ["BalanceRun", "ChatMessage", "ChatRead", "ChatShare", "DraftEdit", "Game", "GameAction", "GameReview", "Match", "Outbox",
           "PackedLog", "Scenario", "ScenarioDraft", "ScenarioVersion", "Seat", "TableSeat", "TeamChatMessage"]
