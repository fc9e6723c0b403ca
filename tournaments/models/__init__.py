"""Models of the tournaments app, one concept per module.

Rows here change only through :mod:`tournaments.services`.
"""
from .annual import AnnualGames, AnnualMatch
from .club import Club, Membership
from .competition import Competition, CompetitionScenario, Entry
from .presets import ClubPreset
from .reminders import AnniversaryReminder
from .rounds import Pairing, ResultChange, Round
from .scenario_proposal import ScenarioProposal

__all__ = ["AnnualGames", "AnnualMatch", "AnniversaryReminder", "Club", "ClubPreset", "Competition", "CompetitionScenario", "Entry", "Membership", "Pairing",
           "ResultChange", "Round", "ScenarioProposal"]
