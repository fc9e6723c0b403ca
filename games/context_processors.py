"""What every page's header needs from the games app: how many games wait for the member."""
from __future__ import annotations

from django.db.models import Q
from django.utils.functional import SimpleLazyObject


def decision_of(user) -> Q:
    """Games where the decision is ``user``'s (served by the games' "decision" indexes)."""
    return Q(deciding="union", union_player=user) | Q(deciding="confederate", confederate_player=user)


def waiting_for(user):
    """The member's games where the decision is theirs (not over)."""
    from games.models import Game

    return Game.objects.filter(finished_at__isnull=True).filter(decision_of(user))


def your_turn(request) -> dict:
    """``your_turn_count``: counted only when a template reads it, for a logged-in member."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"your_turn_count": 0}
    return {"your_turn_count": SimpleLazyObject(lambda: waiting_for(user).count())}
