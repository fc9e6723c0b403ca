"""The kit of each ruleset, for the pages and the API: ``presenter_for(name)``.

Importing this module registers the kits the site ships (Battle Cry's, for both of its
rulesets, and the 1961 game's); a ruleset defined elsewhere registers its own with
``games.presentation.kit.register_presenter`` and the site uses it with no change.
"""
from __future__ import annotations

from . import battlecry  # noqa: F401  (registers the Battle Cry kit)
from . import mb1961  # noqa: F401  (registers the 1961 game's kit)
from .kit import Presenter, presenter_or_generic, registered_presenter

__all__ = ["Presenter", "phase_words", "presenter_for", "registered_presenter"]


def presenter_for(ruleset: str) -> Presenter:
    """The kit of the ruleset named ``ruleset`` (a kit of plain words if it registered none)."""
    return presenter_or_generic(ruleset)


def phase_words(ruleset: str, phase: str) -> str:
    """What the ``phase`` of a game under ``ruleset`` asks of the player, in plain words."""
    return presenter_for(ruleset).phase_words(phase)
