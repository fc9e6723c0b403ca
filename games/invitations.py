"""Answering an invitation to play: one set of steps for a match challenge (and an open
seek's withdrawal) and for a campaign invitation.

An invitation is a row of a model with a ``status`` whose ``Status`` has ``CHALLENGE``,
``DECLINED`` and ``CANCELLED``, a ``challenger`` (who sent it), an ``opponent`` (who is
asked) and a ``finished`` time: :class:`games.models.Match` and
:class:`campaigns.models.Campaign`.  Each app brings its :class:`Wording`, the sentences its
players read and the refusals its callers catch, and its own way of starting once accepted;
who may send one (:func:`check_invitee`), the states, who may take each step, the order of
the checks and the row lock are here.

Each step is one transaction with the row locked (``select_for_update``), so two answers at
once cannot both be taken.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from django.db import models, transaction
from django.utils import timezone

Row = TypeVar("Row", bound=models.Model)


@dataclass(frozen=True)
class Wording:
    """What the players of one kind of invitation read when a step is refused, and the
    exceptions that carry it (``refused`` for the site's refusal, ``not_a_player`` for a
    step that is not the requester's to take; both take the message)."""

    refused: type[Exception]
    not_a_player: type[Exception]
    missing: str           # no such row
    closed: str            # answered, withdrawn or started already
    only_accept: str       # someone other than the member asked accepts
    only_decline: str      # ... declines
    only_withdraw: str     # someone other than the sender withdraws
    log_in: str            # a visitor who is not logged in sends one
    choose_member: str     # no member asked, or one who cannot play
    not_yourself: str      # a member asks themselves
    too_late: str = "It can no longer be withdrawn."


def check_invitee(challenger, opponent, wording: Wording) -> None:
    """Refuse to send an invitation from a visitor, to nobody, to a member who cannot play
    (inactive, as Archie's row is), or to oneself."""
    if not challenger.is_authenticated:
        raise wording.refused(wording.log_in)
    if opponent is None or not opponent.is_active:
        raise wording.refused(wording.choose_member)
    if opponent.pk == challenger.pk:
        raise wording.refused(wording.not_yourself)


def locked(model: type[Row], pk, wording: Wording) -> Row:
    """The row ``pk`` of ``model``, locked until the transaction ends; refused if there is
    none (or ``pk`` is not a number)."""
    try:
        return model.objects.select_for_update().get(pk=pk)
    except (model.DoesNotExist, ValueError, TypeError):
        raise wording.refused(wording.missing) from None


def _answerable(row, user, wording: Wording, only: str) -> None:
    if row.status != type(row).Status.CHALLENGE:
        raise wording.refused(wording.closed)
    if not user.is_authenticated or user.pk != row.opponent_id:
        raise wording.not_a_player(only)


def accept(model: type[Row], pk, user, wording: Wording, start: Callable[[Row], object]) -> Row:
    """The member asked accepts: ``start(row)`` starts what was proposed (it sets the
    status and saves the row)."""
    with transaction.atomic():
        row = locked(model, pk, wording)
        _answerable(row, user, wording, wording.only_accept)
        start(row)
    return row


def decline(model: type[Row], pk, user, wording: Wording) -> Row:
    """The member asked says no: the invitation is over."""
    with transaction.atomic():
        row = locked(model, pk, wording)
        _answerable(row, user, wording, wording.only_decline)
        _close(row, type(row).Status.DECLINED)
    return row


def withdraw(model: type[Row], pk, user, wording: Wording, open_statuses: tuple) -> Row:
    """The sender takes it back while it is in one of ``open_statuses`` (an invitation not
    yet answered; for a match, an open seek too)."""
    with transaction.atomic():
        row = locked(model, pk, wording)
        if not user.is_authenticated or user.pk != row.challenger_id:
            raise wording.not_a_player(wording.only_withdraw)
        if row.status not in open_statuses:
            raise wording.refused(wording.too_late)
        _close(row, type(row).Status.CANCELLED)
    return row


def _close(row, status) -> None:
    row.status = status
    row.finished = timezone.now()
    row.save()
