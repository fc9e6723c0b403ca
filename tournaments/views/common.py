"""What the league views share: reading permissions, refusals shown as messages."""
from __future__ import annotations

from django.contrib import messages
from django.http import Http404

from games.views.play import see_other  # noqa: F401 - re-exported for the league views
from tournaments.models import Club, Competition


def name_of(user) -> str:
    if user is None:
        return ""
    profile = getattr(user, "profile", None)
    return profile.name if profile else user.get_username()


def readable_club(user, slug: str) -> Club:
    """The club, if ``user`` may read it (public, or a member); a 404 otherwise, so a
    private club does not even show that it exists.  Anyone may see a club's front page
    to ask to join, but only the name and the description."""
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise Http404("No such club.")
    return club


def readable_competition(user, pk) -> Competition:
    comp = Competition.objects.select_related("club").filter(pk=pk).first()
    if comp is None or not comp.club.can_read(user):
        raise Http404("No such competition.")
    return comp


def refused(request, error, url: str):
    messages.error(request, error.message)
    return see_other(url)
