"""What each kind of game brings to the site beyond the engine's ``GameState`` protocol:
the reads of a game's own internals the services and pages need (a kit per scenario
format, e.g. Battle Cry's in :mod:`.battlecry`), with neutral answers for a game that
brings none (:class:`~.base.Kit`)."""
from __future__ import annotations

from games.engine import get_ruleset

from .base import Kit
from .battlecry import BATTLECRY

#: The kits by the scenario format their rulesets play.
KITS: dict[str, Kit] = {BATTLECRY.scenario_format: BATTLECRY}
NEUTRAL = Kit()


def kit_for(ruleset: str) -> Kit:
    """The kit of the ruleset registered as ``ruleset`` (the neutral kit when its scenario
    format brings none, or it plays no scenario format; ValueError if no such ruleset is
    registered)."""
    return KITS.get(getattr(get_ruleset(ruleset), "scenario_format", ""), NEUTRAL)


__all__ = ["KITS", "Kit", "NEUTRAL", "kit_for"]
