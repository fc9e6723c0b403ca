"""Rick Barber's firepower and unit profiles (seed 002, L15-21) offered as options of the
Advanced rules (docs/rulings.md H52-H56). What they do is :mod:`profiles`; none is rated."""
from __future__ import annotations

from ...core import Option

OPTIONS: tuple[Option, ...] = (
    Option("icon_firepower", bool, False,
           "Only the target's symbol hits, and swords only in pairs; fire at cavalry hits on "
           "the infantry symbol and each cavalry symbol is a flag. Infantry units have six "
           "figures.",
           label="House rule: firepower", rated=False),
    Option("six_figure_infantry", bool, False,
           "Infantry units have six figures instead of four (a unit set up short keeps its "
           "missing figures); firepower includes it.",
           label="House rule: six-figure infantry", rated=False),
    Option("infantry_profile", bool, False,
           "Infantry moves 2 hexes and still battles (3, 2, 1 dice as before).",
           label="House rule: infantry profile", rated=False),
    Option("artillery_profile", bool, False,
           "Artillery reaches 5 hexes with 5, 4, 3, 2, 1 dice and moves 2 hexes (horse "
           "artillery 3) or fires, not both.",
           label="House rule: artillery profile", rated=False),
    Option("cavalry_profile", bool, False,
           "Cavalry moves 3 hexes and rolls 3 dice next to the enemy and 1 at two hexes.",
           label="House rule: cavalry profile", rated=False),
)
