"""Handing follow-up tasks to the broker without ever losing one, or failing a move.

:func:`queue` writes the task to the :class:`~games.models.Outbox` in the caller's
transaction and hands it to the broker once that transaction commits; the row is deleted
when the broker has taken it.  When the broker is down the attempt fails fast (short
timeouts, one retry: settings ``CELERY_BROKER_*``), the row is kept, and the committed
change answers normally.  ``games.send_outbox`` (every minute, by Celery beat) sends what
is left.  Tasks are idempotent (they carry the version they were queued for), so a task
sent twice, by the commit hook and by the sweep, does nothing the second time.
"""
from __future__ import annotations

import logging
from datetime import timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from kombu.exceptions import KombuError
from redis.exceptions import RedisError

from games.models import Outbox
from battlecry_site.celery import app

log = logging.getLogger(__name__)

#: What a broker that cannot be reached raises (through kombu, or the socket itself).
BROKER_ERRORS = (KombuError, RedisError, OSError)
#: The sweep leaves younger rows to the commit hook that is sending them now.
SWEEP_AFTER = timedelta(seconds=30)
#: Pages say notifications are delayed while a row this old, or that failed once, waits.
DELAYED_AFTER = timedelta(minutes=2)


def queue(task, *args) -> None:
    """Send ``task(*args)`` (a task or its name) once the current transaction commits;
    never raise for a broker that is down (the task is kept and sent later)."""
    row = Outbox.objects.create(task=getattr(task, "name", task), args=list(args))
    transaction.on_commit(lambda: send(row.pk))


def _publish(row: Outbox) -> None:
    """Hand the task named by the row to the broker.  Callers name tasks and never import
    them, so a web process may not have loaded the task modules yet: they are loaded here
    (Celery's autodiscovery of each app's ``tasks``) the first time a name is unknown."""
    if row.task not in app.tasks:
        app.loader.import_default_modules()

    # The result is never read: not subscribing to it keeps the result store out of the way.
    app.tasks[row.task].apply_async(args=row.args, ignore_result=True)


def send(pk: int) -> bool:
    """Hand one kept task to the broker; True if it was taken (and its row deleted)."""
    with transaction.atomic():
        # Locked while it is handed over, so the commit hook and the sweep never both send it.
        row = Outbox.objects.select_for_update(skip_locked=True).filter(pk=pk).first()
        if row is None:
            return True        # sent already, or being sent by the other one
        try:
            _publish(row)
        except BROKER_ERRORS as exc:
            log.warning("broker unavailable, %s kept for a later sweep: %s", row, exc)
            row.attempts += 1
            row.last_error = str(exc)[:200]
            row.save(update_fields=["attempts", "last_error"])
            return False
        row.delete()
    return True


def send_pending() -> int:
    """Send every kept task older than SWEEP_AFTER, oldest first; the number sent."""
    sent = 0
    cutoff = timezone.now() - SWEEP_AFTER
    for pk in Outbox.objects.filter(created__lte=cutoff).values_list("pk", flat=True)[:500]:
        if not send(pk):
            break              # the broker is still down: try again at the next sweep
        sent += 1
    return sent


def notifications_delayed() -> bool:
    """Whether some task is waiting for the broker: one that failed, or has waited long."""
    return Outbox.objects.filter(
        Q(attempts__gt=0) | Q(created__lte=timezone.now() - DELAYED_AFTER)).exists()
