"""The 1961 Milton Bradley "Battle Cry" (seed 003): a square-grid map of the war's theatres,
movement by the pips of the dice, railroads, and battles in which a column jumps the enemy's.

Its own package under the engine, sharing only the engine core with the Battle Cry rules.
Modules, each importing only those before it: ``pieces`` < ``board`` < ``movement`` <
``battle`` < ``game`` < ``ruleset`` (the ruleset object, registered by the facade). This
``__init__`` imports nothing.
"""
