"""What the site refuses in clubs and competitions: :class:`Refused` (with a ``code``) and its
kinds, and the check that the user is an organiser of the club."""
from __future__ import annotations

from tournaments.models import Club


class Refused(Exception):
    """A request the site refuses; ``message`` is for the user."""

    code = "refused"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class NotOrganiser(Refused):
    code = "not_organiser"


class NotYourMatch(Refused):
    code = "not_your_match"


def _organiser(club: Club, user) -> None:
    if not club.is_organiser(user):
        raise NotOrganiser(f"Only an organiser of {club} can do that.")
