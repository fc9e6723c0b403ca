"""Template context shared by every page of the site."""
from __future__ import annotations

from django.utils.functional import SimpleLazyObject


def notifications(request) -> dict:
    """``notifications_delayed``: whether e-mails and Archie's moves wait for the broker
    (games/outbox.py); asked of the database only when a page shows it."""
    from games.outbox import notifications_delayed

    return {"notifications_delayed": SimpleLazyObject(notifications_delayed)}
