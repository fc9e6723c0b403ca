"""Celery tasks of the tournaments app (found by Celery's autodiscovery through this package):
the anniversary reminders and the league e-mails, each in its own module."""
from .anniversaries import send_anniversary_reminders
from .leagues import (notify_dispute, notify_join_request, notify_pairing, notify_result_to_confirm,
                      warn_round_deadlines)

__all__ = ["notify_dispute", "notify_join_request", "notify_pairing", "notify_result_to_confirm",
           "send_anniversary_reminders", "warn_round_deadlines"]
