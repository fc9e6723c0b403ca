"""Models of the tournaments app, one concept per module.

Rows here change only through :mod:`tournaments.services`.
"""
from .club import Club, Membership
from .competition import Competition, CompetitionScenario, Entry
from .rounds import Pairing, ResultChange, Round

__all__ = ["Club", "Competition", "CompetitionScenario", "Entry", "Membership", "Pairing",
           "ResultChange", "Round"]
