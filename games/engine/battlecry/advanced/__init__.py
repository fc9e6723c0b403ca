"""Battle Cry under the Advanced Rulebook (seed 000), the ruleset registered as
``"advanced"`` (:mod:`.ruleset`).

Its own rules: the command cards (:mod:`.cards`, :mod:`.tactics`), movement
(:mod:`.movement`), attack dice (:mod:`.combat`), battles (:mod:`.battle`), the player
turn (:mod:`.turn`), campaign pre-battle dice (:mod:`.prebattle`) and the game object
that holds a playthrough (:mod:`.game`).  Shared Battle Cry parts are one level up.
"""
