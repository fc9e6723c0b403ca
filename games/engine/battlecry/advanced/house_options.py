"""Rick Barber's house rules (seed 002) offered as options of the Advanced rules.

Each rule is declared here only once it works (docs/rulings.md, "House rules (seed 002)",
lists all 36 with their state). None is rated, each changing what a battle is worth, but for
the one the Advanced rules already play (hand capacity, seed 000 L242): it is declared so that
a club looking for it finds it, and ticking it changes nothing (ruling H100).
"""
from __future__ import annotations

from ...core import Option
from . import (breakthrough, cavalry_fallback, defensive_fire_zone, dice_command, discard_instead,
               entry_shaken, long_retreats, multi_mapsets, profile_options, rally_action, shaken, support,
               support_fire, terrain_options, wounded)

OPTIONS: tuple[Option, ...] = (
    Option("hand_capacity", bool, False,
           "Already the Advanced rule: a hand holds the battle's cards and one more for each "
           "general on the board, one fewer for each general lost; ticking it changes nothing.",
           label="House rule: hand capacity", rated=True),
    Option("last_figure", bool, False,
           "A unit brought down to its last figure also takes a flag; that last figure falls "
           "only to two crossed swords in one roll, and a single sword against it is a flag.",
           label="House rule: the last figure", rated=False),
    Option("return_fire", bool, False,
           "A unit that melee leaves in place fires back at once with one die fewer (at least "
           "one); artillery also answers one ranged attacker per turn.",
           label="House rule: return fire", rated=False),
    Option("first_fire", bool, False,
           "A defender on a hill, behind works, with a general or charged by cavalry rolls a "
           "die: swords or a flag let it fire first, in place of its return fire.",
           label="House rule: first fire", requires=("return_fire",), rated=False),
    Option("cavalry_charge", bool, False,
           "Cavalry that moved into contact this turn melees with 5 dice instead of 3, if it "
           "is still there after any first fire.",
           label="House rule: cavalry charge", rated=False),
    Option("withdrawal_fire", bool, False,
           "A unit that moves away from enemy units takes a parting shot from each (half their "
           "adjacent dice, rounded up, once a turn); swords count as flags.",
           label="House rule: withdrawal fire", rated=False),
    Option("following_up", bool, False,
           "When a unit moves away from enemy infantry or cavalry, one of them that touches "
           "no other enemy may step into the hex it left (once a turn each).",
           label="House rule: following up", rated=False),
    Option("risk_to_general", bool, False,
           "An attached general may fall when his unit loses a figure or takes two flags, or "
           "leaves contact; a lone general may slip away to his nearest unit.",
           label="House rule: risk to the general", rated=False),
    Option("generals_in_retreat", bool, False,
           "A lone general no longer blocks the retreat of a unit with a general: he steps "
           "aside one hex, not toward the enemy.",
           label="House rule: generals in retreat", rated=False),
    Option("holding_ground", bool, False,
           "A hill, fieldworks or entrenchment, or a supporting friend behind it lets a unit "
           "ignore one flag per attack, not more; a general in command lets it ignore one more.",
           label="House rule: holding your ground", rated=False),
    *support.OPTIONS,
    *support_fire.OPTIONS,
    *long_retreats.OPTIONS,
    *shaken.OPTIONS,
    *cavalry_fallback.OPTIONS,
    *defensive_fire_zone.OPTIONS,
    *rally_action.OPTIONS,
    *discard_instead.OPTIONS,
    *dice_command.OPTIONS,
    *wounded.OPTIONS,
    *breakthrough.OPTIONS,
    *terrain_options.OPTIONS,
    *entry_shaken.OPTIONS,
    *profile_options.OPTIONS,
    *multi_mapsets.OPTIONS,
)
