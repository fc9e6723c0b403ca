"""Battle Cry under the standard rules of seed 004: the ruleset registered as ``"standard"``
(:mod:`.ruleset`).

It shares the board, the pieces, dice faces, sight lines and the retreat procedure with
the Advanced rules; its own are the deck (:mod:`.cards`), terrain (:mod:`.terrain`),
ranges and facing (:mod:`.combat`), morale (:mod:`.morale`), the turn (:mod:`.turn`) and
battle (:mod:`.battle`); the campaign pre-battle dice are the shared steps, seated on this
state by :mod:`.prebattle` (ruling C9).  docs/rulings.md, section "Standard ruleset", gives each reading.
"""
