"""Battle Cry (Richard Borg's American Civil War game) under the game-agnostic core.

The modules here are shared by every Battle Cry ruleset: the hex board (:mod:`.hexgrid`),
terrain kinds (:mod:`.terrain`), unit kinds (:mod:`.units`), the pieces (:mod:`.pieces`),
battle dice (:mod:`.dice`), line of sight (:mod:`.sight`), contact with the enemy
(:mod:`.contact`), retreats (:mod:`.retreat`), the declared state (:mod:`.state`) and
scenario files (:mod:`.scenario`, :mod:`.sample`).  Each ruleset's own rules live in a
subpackage named for it: :mod:`.advanced` (the Advanced Rulebook, seed 000) and
:mod:`.standard` (the standard rules of seed 004).
"""
