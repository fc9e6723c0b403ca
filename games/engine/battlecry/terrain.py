"""The terrain table of the Advanced Rulebook (THE BATTLEFIELD), as data.

Each kind says how it affects movement, line of sight and dice.  Rules code reads
these fields; it never tests terrain names except through this table.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TerrainKind:
    name: str
    label: str
    stops: bool = False            # a unit entering must stop
    impassable: bool = False       # units may not enter (generals may)
    blocks_los: bool = False
    defence: int = 0               # dice lost when attacking a unit on it
    obstacle: bool = False         # protects only across its named hexsides
    obstacle_flags: int = 0        # flags ignored across its protected sides
    adds_to_terrain: bool = False  # its dice loss adds to the hex's terrain loss (fence)
    attack_from: int = 0           # dice lost attacking from it (every unit)
    no_attack_on_entry: frozenset = frozenset()   # unit kinds that may not attack the turn they enter
    entry_attack_penalty: tuple = ()             # (unit kind, dice lost) the turn they enter
    occupant_penalty: tuple = ()                 # (unit kind, dice lost) attacking from it
    description: str = ""


def _k(*kinds):
    return frozenset(kinds)


KINDS: dict[str, TerrainKind] = {t.name: t for t in (
    TerrainKind("open", "Open", description="No effect."),
    TerrainKind("bridge", "Bridge", description="No effect; a way across a river."),
    TerrainKind(
        "entrenchment", "Entrenchment", stops=True, obstacle=True, defence=2, obstacle_flags=1,
        description="Units entering stop. Attacks across its protected sides lose 2 dice; "
                    "the defender ignores the first flag across them.",
    ),
    TerrainKind(
        "farm", "Farm", stops=True, blocks_los=True, defence=1,
        no_attack_on_entry=_k("artillery"), entry_attack_penalty=(("cavalry", 1),),
        occupant_penalty=(("artillery", 1),),
        description="Units entering stop; blocks line of sight. Attacks on it lose 1 die. "
                    "Artillery may not attack the turn it enters and loses 1 die attacking from it; "
                    "cavalry loses 1 die the turn it enters.",
    ),
    TerrainKind(
        "fence", "Fence", obstacle=True, defence=1, adds_to_terrain=True,
        description="Attacks across its protected sides lose 1 die, on top of what the "
                    "hex's terrain costs.",
    ),
    TerrainKind(
        "field", "Field", blocks_los=True, defence=1,
        description="Blocks line of sight. Attacks on it lose 1 die.",
    ),
    TerrainKind(
        "fieldwork", "Fieldwork", obstacle=True, defence=1, obstacle_flags=1,
        description="Attacks across its protected sides lose 1 die; the defender ignores the "
                    "first flag across them. Fieldworks stay once built.",
    ),
    TerrainKind(
        "high_ground", "High ground", blocks_los=True,
        description="Ground above the board's level: blocks line of sight. It counts as a "
                    "hill only across its slope hexsides, under the house rule of high ground; "
                    "without it, it has no other effect.",
    ),
    TerrainKind(
        "hill", "Hill", stops=True, blocks_los=True, defence=1,
        description="Units entering stop; blocks line of sight. Attacks on it lose 1 die, even from "
                    "an adjacent hill. A unit on a hill ignores the first flag from an enemy not on "
                    "an adjacent hill. Artillery on a hill reaches one hex further with 1 die.",
    ),
    TerrainKind(
        "major_slope", "Major slope", obstacle=True,
        description="A doubled slope of high ground: under the house rule of high ground, "
                    "impassable for artillery and attacks up it lose 2 dice. No effect without "
                    "that rule.",
    ),
    TerrainKind(
        "orchard", "Orchard", blocks_los=True, defence=1,
        description="Blocks line of sight. Attacks on it lose 1 die.",
    ),
    TerrainKind(
        "river", "River", stops=True, attack_from=1,
        description="Units entering stop. A unit attacking from it loses 1 die.",
    ),
    TerrainKind(
        "rough", "Rough", impassable=True, blocks_los=True,
        description="No unit may enter it or retreat into it; blocks line of sight.",
    ),
    TerrainKind(
        "slope", "Slope", obstacle=True,
        description="A slope of high ground: under the house rule of high ground, the hex "
                    "counts as a hill across it. No effect without that rule.",
    ),
    TerrainKind(
        "town", "Town", stops=True, blocks_los=True, defence=2,
        no_attack_on_entry=_k("infantry", "cavalry", "artillery"),
        occupant_penalty=(("cavalry", 1),),
        description="Units entering stop and may not attack that turn; blocks line of sight. "
                    "Attacks on it lose 2 dice. Artillery in a town reaches 3 hexes with 3, 2, 1 dice; "
                    "cavalry attacking from it loses 1 die.",
    ),
    TerrainKind(
        "very_rough", "Very rough", impassable=True, blocks_los=True,
        description="Broken ground such as Devil's Den: plays as rough (no unit may enter it; "
                    "blocks line of sight) unless the house rule of very rough ground is on.",
    ),
    TerrainKind(
        "woods", "Woods", stops=True, blocks_los=True, defence=1,
        no_attack_on_entry=_k("cavalry", "artillery"), entry_attack_penalty=(("infantry", 1),),
        description="Units entering stop; blocks line of sight. Attacks on it lose 1 die. "
                    "Cavalry and artillery may not attack the turn they enter; infantry loses 1 die.",
    ),
)}

#: Hex kinds that are buildings, and what a scenario calls them unless it says otherwise
#: (a terrain entry's ``buildings``): a farm is a house, a town a town (house rules, seed 002
#: L87-89).
BUILDING_DEFAULTS = {"farm": "house", "town": "town"}
BUILDING_NAMES = ("house", "town")

OBSTACLES = frozenset(k for k, t in KINDS.items() if t.obstacle)
BASE_KINDS = frozenset(k for k, t in KINDS.items() if not t.obstacle)


@dataclass(frozen=True)
class TerrainEffect:
    """One row of a ruleset's terrain-effects table, for the rules page."""

    kind: str
    label: str
    movement: str          # "stop" (a unit entering stops), "none" (may not enter) or "" (no effect)
    blocks_sight: bool
    attack_dice: int       # dice an attack on a unit there, or across the obstacle, loses
    obstacle: bool         # a hexside feature rather than a hex's ground
    notes: str


def movement_effect(stops: bool, impassable: bool) -> str:
    return "none" if impassable else "stop" if stops else ""


def effects() -> tuple[TerrainEffect, ...]:
    """The Advanced Rulebook's terrain table, read off :data:`KINDS`."""
    return tuple(TerrainEffect(k, t.label, movement_effect(t.stops, t.impassable), t.blocks_los,
                               t.defence, t.obstacle, t.description) for k, t in KINDS.items())
