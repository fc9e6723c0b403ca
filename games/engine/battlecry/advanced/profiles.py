"""Rick Barber's firepower and unit profiles (seed 002, L15-21; docs/rulings.md H52-H56):
six-figure infantry, which dice hit, and the moves and dice of infantry, artillery and
cavalry. Pure answers read by movement, combat and the attack's roll (:mod:`battle`)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..dice import CAVALRY as CAV_FACE, INFANTRY as INF_FACE, SWORDS
from ..units import ARTILLERY, CAVALRY, FULL_FIGURES, INFANTRY

#: Figures of a full infantry unit of six (L15, L17).
SIX = 6
#: Dice by distance under the profiles (L17-21); infantry's 3/2/1 is the Advanced table's.
ARTILLERY_DICE = (5, 4, 3, 2, 1)
CAVALRY_DICE = (3, 1)
#: Hexes a unit moves under its profile: infantry 2 and battles, artillery 2 (horse 3) or
#: fires, cavalry 3.
INFANTRY_MOVE = 2
ARTILLERY_MOVE = 2
HORSE_ARTILLERY_MOVE = 3
CAVALRY_MOVE = 3


def six_figures(options: Mapping[str, Any]) -> bool:
    """Infantry units of six figures: part of firepower (L15), or chosen alone (L17)."""
    return bool(options.get("icon_firepower") or options.get("six_figure_infantry"))


def setup_figures(options: Mapping[str, Any], kind: str, figures: int) -> int:
    """A unit's figures at set-up: infantry gains two (a full unit has six, a unit the
    scenario sets up short keeps its two missing)."""
    return figures + SIX - FULL_FIGURES[INFANTRY] if kind == INFANTRY and six_figures(options) else figures


def full_figures(options: Mapping[str, Any], kind: str) -> int:
    return SIX if kind == INFANTRY and six_figures(options) else FULL_FIGURES[kind]


def move_allowance(options: Mapping[str, Any], unit) -> tuple[int, bool, bool] | None:
    """``(hexes, march rule, charge)`` under the unit's profile, or None without it."""
    kind = unit.kind
    if kind == INFANTRY and options.get("infantry_profile"):
        return INFANTRY_MOVE, False, False
    if kind == ARTILLERY and options.get("artillery_profile"):
        return (HORSE_ARTILLERY_MOVE if unit.horse else ARTILLERY_MOVE), False, False
    if kind == CAVALRY and options.get("cavalry_profile"):
        return CAVALRY_MOVE, False, False
    return None


def dice(options: Mapping[str, Any], unit, on_hill: bool) -> tuple[int, ...] | None:
    """Dice by distance under the unit's profile, or None (the Advanced table). Artillery on
    a hill still reaches one hex further with 1 die (seed 000's hill rule)."""
    if unit.kind == ARTILLERY and options.get("artillery_profile"):
        return ARTILLERY_DICE + (1,) if on_hill else ARTILLERY_DICE
    if unit.kind == CAVALRY and options.get("cavalry_profile"):
        return CAVALRY_DICE
    return None


def firepower_hits(attacker_kind: str, target_kind: str, faces: list, swords_hit: bool) -> tuple[int, int]:
    """``(hits, extra flags)`` of a roll under the house rule of firepower (L15).

    The target's own symbol hits; where the Advanced rules let swords hit (melee, fresh
    troops) only a pair of them does, one hit a pair. Infantry and artillery firing at
    cavalry hit on the infantry symbol, and each cavalry symbol is one more flag."""
    extra = 0
    if target_kind == CAVALRY and attacker_kind in (INFANTRY, ARTILLERY):
        hits = faces.count(INF_FACE)
        extra = faces.count(CAV_FACE)
    else:
        hits = faces.count({INFANTRY: INF_FACE, CAVALRY: CAV_FACE, ARTILLERY: ARTILLERY}[target_kind])
    if swords_hit:
        hits += faces.count(SWORDS) // 2
    return hits, extra
