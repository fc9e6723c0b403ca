"""Who may see an invitation to play (a match challenge or a campaign invitation, the rows
of ``games.invitations``): while it waits for an answer, and after it is declined or
withdrawn, it is between its two members (and the members it names besides, an Epic
campaign's Major-Generals), with their names and the sender's message;
once accepted (or, for a match, posted as an open seek) anybody may see it.

One rule for the pages and the API: :func:`may_see` for one row, :func:`visible_to` for a
query. Staff holding the model's "view" permission (the admin's) see every row.
"""
from __future__ import annotations

from django.db import models
from django.db.models import Q


def private_statuses(model: type[models.Model]) -> tuple:
    """The statuses in which a row of ``model`` is between its two members only."""
    status = model.Status  # type: ignore[attr-defined]
    return (status.CHALLENGE, status.DECLINED, status.CANCELLED)


def sees_every_invitation(user, model: type[models.Model]) -> bool:
    """Staff with the permission to view ``model``'s rows (as in the admin)."""
    meta = model._meta
    return bool(user.is_authenticated and user.is_active and user.is_staff
                and user.has_perm(f"{meta.app_label}.view_{meta.model_name}"))


def may_see(row, user) -> bool:
    """Whether ``user`` (a visitor too) may see ``row`` (a Match or a Campaign)."""
    model = type(row)
    if row.status not in private_statuses(model):
        return True
    if user.is_authenticated and (user.pk in (row.challenger_id, row.opponent_id) or row.names(user)):
        return True
    return sees_every_invitation(user, model)


def visible_to(user, model: type[models.Model]) -> Q:
    """The rows of ``model`` that ``user`` may see, as a filter."""
    if sees_every_invitation(user, model):
        return Q()
    visible = ~Q(status__in=private_statuses(model))
    if user.is_authenticated:
        visible |= Q(challenger=user) | Q(opponent=user) | model.naming(user)  # type: ignore[attr-defined]
    return visible
