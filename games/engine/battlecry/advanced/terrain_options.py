"""Rick Barber's terrain rules (seed 002, L67-95) offered as options of the Advanced rules
(docs/rulings.md H40-H51). What they do is :mod:`house_ground` and, for terrain victory
points, :mod:`terrain_victory`; none is rated."""
from __future__ import annotations

from ...core import Option

#: The options whose rules :mod:`house_ground` applies, in the seed's order, each with the
#: name of its rule there (the kind of ground it is about).
TERRAIN_RULES = {"terrain_entry": "terrain_entry", "terrain_field": "field",
                 "terrain_hill": "hill", "terrain_high_ground": "high_ground",
                 "terrain_woods": "woods", "terrain_stream": "stream", "terrain_rough": "rough",
                 "terrain_very_rough": "very_rough", "terrain_breastworks": "breastworks",
                 "terrain_buildings": "buildings"}

OPTIONS: tuple[Option, ...] = (
    Option("terrain_entry", bool, False,
           "Woods, hills, buildings, rivers and rough ground take a unit's whole move to "
           "enter: it may go in only with the first hex of its move.",
           label="House rule: terrain entry", rated=False),
    Option("terrain_entry_roll", bool, False,
           "Terrain entry, and a unit that has moved may still try to enter such ground: one "
           "die, its own symbol (or a flag with a general) and it goes in, else it stops next "
           "to it.",
           label="House rule: terrain entry, with the attempt roll", rated=False),
    Option("terrain_field", bool, False,
           "Fields block sight only between units on the same level (not for a unit on a "
           "hill) and cost an attacker no dice.",
           label="House rule: fields", rated=False),
    Option("terrain_hill", bool, False,
           "An attack on a hill loses a die except from next door on the same hill, and a "
           "unit firing from a hill at lower ground rolls one die more.",
           label="House rule: hills", rated=False),
    Option("terrain_high_ground", bool, False,
           "High ground counts as a hill across its slope hexsides only; a major slope keeps "
           "artillery out and costs an attack up it 2 dice.",
           label="House rule: high ground and slopes", rated=False),
    Option("terrain_woods", bool, False,
           "Woods cost only attackers that are not next to them a die.",
           label="House rule: woods", rated=False),
    Option("terrain_stream", bool, False,
           "An attack on a unit in a river or on a bridge rolls one die more; a unit that "
           "enters a river takes its whole move for it and may not battle that turn.",
           label="House rule: streams", rated=False),
    Option("terrain_rough", bool, False,
           "Rough ground may be entered: as woods for dice, it leaves sight clear and its "
           "occupant ignores the first flag of each attack.",
           label="House rule: rough ground", rated=False),
    Option("terrain_very_rough", bool, False,
           "Very rough ground may be entered: attacks lose 2 dice from afar and 1 from next "
           "door, it blocks sight and its occupant ignores the first flag of each attack.",
           label="House rule: very rough ground", rated=False),
    Option("terrain_breastworks", bool, False,
           "Entrenchments and fieldworks keep artillery from crossing their protected sides "
           "and add a die to their occupant's return fire across them.",
           label="House rule: breastworks", rated=False),
    Option("terrain_buildings", bool, False,
           "A house neither stops a unit nor blocks sight and costs only ranged fire into or "
           "through it a die; a town plays as woods. The occupant of either ignores the "
           "first flag of each attack.",
           label="House rule: buildings", rated=False),
    Option("terrain_victory_points", bool, False,
           "9 flags win. A hill, very rough or breastworks hex taken in melee or by following "
           "up carries a flag for the side that took it, until the other side moves back in.",
           label="House rule: terrain victory points", rated=False),
)
