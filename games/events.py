"""What the games app tells the rest of the site, without importing it.

Campaigns and tournaments connect receivers to these signals (in their ``AppConfig.ready``);
``games`` sends them from :mod:`games.services` and never imports those apps.

``match_finished(sender=Match, match=<Match>)``
    Sent when the last game of a match ends (game 2, or game 1 of a single-game match such
    as a campaign battle) and the match result is saved, inside the same
    transaction: a receiver's writes commit or roll back together with the result.  A
    receiver must ignore matches that are not its own.
"""
from django.dispatch import Signal

match_finished = Signal()
