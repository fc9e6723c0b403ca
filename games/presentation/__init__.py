"""How a game is told in words, for the game page and the API alike (one concept per module):

- ``words``: hexes by the drawn key, card names, dice faces, why a game ended;
- ``tracker``: where each piece stands while a log is told;
- ``log``: one sentence per event of the log, as a side (or a spectator) may read it;
- ``choices``: what the deciding player may do now: the prompt, buttons and their labels;
- ``prebattle``: the same for the campaign pre-battle steps.

Built only from what a side may see (``Game.view(side)``, ``view_event``, the decider's
``legal_actions``); nothing here decides a rule or reads hidden state.
"""
