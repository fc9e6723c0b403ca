"""The Annual Games (Advanced Rulebook, ANNUAL GAMES) as pure Python: the list of 31
anniversaries and the year's calendar (``anniversaries``), the scoring of a year
(``scoring``) and which reminders are due (``reminders``).

Like ``games.engine`` and ``tournaments.pairing``, nothing here imports Django or the
site's apps (tests/engine/test_purity.py holds it).
"""
