"""Unread chat: how many of the opponent's messages a player has not been shown yet, per
match, and the player's "read up to" marker (``ChatRead``), moved on when the chat is shown
to them (the game page, its chat's refresh, a message sent)."""
from __future__ import annotations

from django.db.models import Count, F, IntegerField, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce

from games.models import ChatMessage, ChatRead


def _read_up_to(user):
    """The player's marker for the match of the outer ChatMessage row (0: nothing read)."""
    return Coalesce(Subquery(ChatRead.objects.filter(match=OuterRef("match"), player=user)
                             .values("up_to")[:1]), Value(0))


def unread_expression(user, match_ref: str = "match"):
    """An annotation for rows that refer to a match (``match_ref``): the number of messages
    of that match's chat written by someone else than ``user`` after their marker."""
    unread = (ChatMessage.objects.filter(match=OuterRef(match_ref)).exclude(author=user)
              .annotate(read_up_to=_read_up_to(user)).filter(pk__gt=F("read_up_to"))
              .order_by().values("match").annotate(n=Count("pk")).values("n"))
    return Coalesce(Subquery(unread, output_field=IntegerField()), Value(0))


def unread_count(match, user) -> int:
    """Messages of ``match``'s chat ``user`` has not been shown (0 for anyone but a player)."""
    if not getattr(user, "is_authenticated", False) or not match.is_player(user):
        return 0
    up_to = ChatRead.objects.filter(match=match, player=user).values_list("up_to", flat=True).first() or 0
    return match.chat.filter(pk__gt=up_to).exclude(author=user).count()


def mark_read(match, user, up_to: int | None = None) -> None:
    """``user`` has been shown the chat of ``match`` up to message ``up_to`` (default: the
    newest); the marker never moves back.  Nothing for anyone but a player."""
    if not getattr(user, "is_authenticated", False) or not match.is_player(user):
        return
    if up_to is None:
        up_to = match.chat.order_by("-pk").values_list("pk", flat=True).first()
    if not up_to:
        return
    row, created = ChatRead.objects.get_or_create(match=match, player=user,
                                                  defaults={"up_to": up_to})
    if not created and row.up_to < up_to:
        ChatRead.objects.filter(pk=row.pk, up_to__lt=up_to).update(up_to=up_to)
