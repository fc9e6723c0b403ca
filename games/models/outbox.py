"""Tasks the site could not hand to the broker yet.

Every follow-up task (a turn e-mail, Archie's move, a Nightfall check) is written here in
the same transaction as the change it follows, and deleted once the broker has taken it.
If the broker is down, the row stays: the move is saved all the same, pages say that
notifications are delayed, and ``games.send_outbox`` sends it when the broker is back.
"""
from __future__ import annotations

from django.db import models
from django.utils import timezone


class Outbox(models.Model):
    task = models.CharField(max_length=100, help_text="The Celery task's name.")
    args = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(default=timezone.now, db_index=True)
    attempts = models.PositiveIntegerField(default=0, help_text="Failed attempts to queue it.")
    last_error = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["created", "pk"]
        verbose_name = "queued task"
        verbose_name_plural = "outbox (tasks waiting for the broker)"

    def __str__(self) -> str:
        return f"{self.task}{tuple(self.args)}"
