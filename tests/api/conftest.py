"""Fixtures of the API tests: a match in progress and a client for each kind of requester."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.api.helpers import anonymous, token_client
from tests.play_helpers import start_match


@pytest.fixture
def duel(lee, grant, meade):
    """Game 1 of a match: lee (Union) is to play a card, grant (Confederate) waits, meade
    is a member who does not play, and a logged-out visitor."""
    match, game = start_match(lee, grant, side="union")
    return SimpleNamespace(
        match=match, game=game, lee=lee, grant=grant, meade=meade,
        clients={"anonymous": anonymous(), "non_player": token_client(meade),
                 "opponent": token_client(grant), "player": token_client(lee)})


@pytest.fixture
def league(lee, grant, meade, django_user_model):
    """A private club organised by meade; lee and grant play a league at the table whose
    round 1 is published (one pairing, ``home`` v ``away``); sherman belongs to no club."""
    from tests.tournaments.helpers import make_club, make_competition
    from tournaments import services
    from tournaments.models import Competition

    sherman = django_user_model.objects.create_user("sherman", email="sherman@example.org", password="x")
    club = make_club(meade, [lee, grant])
    comp = make_competition(club, meade, [lee, grant], mode=Competition.Mode.TABLE)
    rnd = services.publish_round(services.draft_round(comp, meade), meade)
    pairing = rnd.pairings.get()
    home, away = pairing.home, pairing.away
    return SimpleNamespace(
        club=club, comp=comp, round=rnd, pairing=pairing, home=home, away=away, organiser=meade,
        outsider=sherman,
        clients={"anonymous": anonymous(), "outsider": token_client(sherman), "organiser": token_client(meade),
                 "opponent": token_client(away), "player": token_client(home)})
