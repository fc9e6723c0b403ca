"""Template context shared by every page of the site."""
from __future__ import annotations

from django.db.models import Exists, F, OuterRef, Q, Value
from django.db.models.functions import Concat
from django.utils.functional import SimpleLazyObject
from games.models import Game, Seat
from games.outbox import notifications_delayed


def notifications(request) -> dict:
    """``notifications_delayed``: whether e-mails and Archie's moves wait for the broker
    (games/outbox.py); asked of the database only when a page shows it."""

    return {"notifications_delayed": SimpleLazyObject(notifications_delayed)}

def seat_held_by(user) -> Exists:
    """Games where ``user`` holds a seat (served by the seats' index on their member)."""
    return Exists(Seat.objects.filter(game=OuterRef("pk"), player=user, holder=Seat.Holder.MEMBER))


def decision_of(user) -> Exists:
    """Games where a decision is ``user``'s: they hold the seat the game's ``deciding`` names,
    or one of the seats acting at the same time (``also_deciding``; served by the seats'
    index on their member)."""
    return Exists(Seat.objects.filter(game=OuterRef("pk"), player=user, holder=Seat.Holder.MEMBER)
                  .filter(Q(name=OuterRef("deciding"))
                          | Q(game__also_deciding__contains=Concat(Value(" "), F("name"), Value(" ")))))


def waiting_for(user):
    """The member's games where the decision is theirs (not over)."""

    return Game.objects.filter(finished_at__isnull=True).filter(decision_of(user))


def challenges_for(user):
    """The challenges sent to ``user`` that wait for their answer."""
    from games.models import Match

    return Match.objects.filter(status=Match.Status.CHALLENGE, opponent=user)


def waiting_count(user) -> int:
    """What waits for ``user``: their games where the decision is theirs, and the challenges
    waiting for their answer (the header's count)."""
    return waiting_for(user).count() + challenges_for(user).count()


def your_turn(request) -> dict:
    """``your_turn_count``: counted only when a template reads it, for a logged-in member."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"your_turn_count": 0}
    return {"your_turn_count": SimpleLazyObject(lambda: waiting_count(user))}
