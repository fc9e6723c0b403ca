"""Unit kinds and their fixed characteristics (Advanced Rulebook, ARMIES)."""
from __future__ import annotations
from .sides import SIDES, other  # noqa: F401 - re-exported for the rules modules

INFANTRY, CAVALRY, ARTILLERY = "infantry", "cavalry", "artillery"
UNIT_KINDS = (INFANTRY, CAVALRY, ARTILLERY)

#: Figures of a full-strength unit (flag figure included).
FULL_FIGURES = {INFANTRY: 4, CAVALRY: 3, ARTILLERY: 3}

#: Dice by distance (index 0 = adjacent).
DICE = {
    INFANTRY: (3, 2, 1),
    CAVALRY: (3,),
    ARTILLERY: (4, 3, 2, 1),
}
DISMOUNTED_DICE = (3, 2)            # cavalry that did not move this turn
HILL_ARTILLERY_DICE = (4, 3, 2, 1, 1)   # one more hex with 1 die from a hill
TOWN_ARTILLERY_DICE = (3, 2, 1)

#: Box limits per side.
BOX_LIMITS = {INFANTRY: 10, CAVALRY: 3, ARTILLERY: 3, "general": 3}

GENERAL_MOVE = 3
INFANTRY_MARCH = 2
CAVALRY_MOVE = 2
CAVALRY_CHARGE = 3
#: Enemy cavalry this close (with line of sight) stops an infantry march: a charge of
#: three hexes ends next to a hex four away.
CHARGE_REACH = CAVALRY_CHARGE + 1

# The sides (and ``other``) live in :mod:`.sides`; rules modules import them from here too.
