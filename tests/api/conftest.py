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
