"""The resign form says what giving up this game means for the match."""
from __future__ import annotations

import pytest

from games import services
from tests.campaigns.helpers import start_campaign
from tests.play_helpers import start_match

pytestmark = pytest.mark.django_db


def means(client, user, game) -> str:
    client.force_login(user)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    return html.split('id="resign-means">', 1)[1].split("</p>", 1)[0]


def test_resigning_game_1_does_not_decide_the_match(client, lee, grant):
    _, game = start_match(lee, grant, side="union")
    assert means(client, lee, game).startswith("This does not decide the match yet: the re-match starts")


def test_resigning_game_2_after_losing_game_1_decides_the_match(client, lee, grant):
    match, game1 = start_match(lee, grant, side="union")
    services.resign(game1.pk, lee)
    game2 = match.games.get(number=2)
    said = means(client, lee, game2)
    assert said.startswith("This decides the match: grant wins it")
    assert "over the two games" in said


def test_resigning_game_2_after_winning_game_1_leaves_the_match_level(client, lee, grant):
    match, game1 = start_match(lee, grant, side="union")
    services.resign(game1.pk, grant)
    game2 = match.games.get(number=2)
    assert means(client, lee, game2).startswith("The match is then level on flags")
    # the one who resigned game 1 would hand over the match by resigning this one too
    assert means(client, grant, game2).startswith("This decides the match: lee wins it")


def test_resigning_a_campaign_battle_decides_it(client, lee, grant):
    campaign = start_campaign(lee, grant)
    game = campaign.battles.get(number=1).match.games.get()
    assert means(client, lee, game) == "This decides the match: grant wins it."
