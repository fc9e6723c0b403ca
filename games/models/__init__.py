"""Models of the games app, one concept per module."""
from .scenario import Scenario

__all__ = ["Scenario"]
