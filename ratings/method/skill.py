"""A subject's rating: openskill's mean and uncertainty."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Skill:
    """``mu``: the estimated strength; ``sigma``: how unsure the estimate still is."""

    mu: float
    sigma: float
