"""The REST API of the games app (``/api/v1/``): scenarios, matches and challenges, games.

Every write goes through :mod:`games.services` (the pages' own functions and checks);
everything shown of a game comes from ``Game.view(side)`` and ``view_event`` only.
The plain-words presentation of choices and log lines still lives with the game pages
(``games/views``); once it moves into a presenter module the API will return it too.
"""
