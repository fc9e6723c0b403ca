"""How a game is told in words, for the game page and the API alike (one concept per module):

- ``kit``: a ruleset's presenter (its words, choices, side panel, hand and board input) and
  the registry of presenters by ruleset; ``kits``: ``presenter_for``, with the site's kits
  registered; ``battlecry``: the Battle Cry kit, for both of its rulesets;
- ``words``: hexes by the drawn key, card names, dice faces, why a game ended;
- ``victory``: how each side wins a Battle Cry game;
- ``tracker``: where each piece stands while a log is told;
- ``log``: one sentence per event of the log, as a side (or a spectator) may read it;
- ``choices``: what the deciding player may do now: the prompt, buttons and their labels;
- ``prebattle``: the same for the campaign pre-battle steps.

Built only from what a side may see (``Game.view(side)``, ``view_event``, the decider's
``legal_actions``); nothing here decides a rule or reads hidden state.
"""
