"""A campaign battle's match and game pages say which battle of which campaign it is, and
lead back to the campaign."""
from __future__ import annotations

import pytest

from tests.campaigns.helpers import start_campaign
from tests.play_helpers import start_match

pytestmark = pytest.mark.django_db


def test_the_game_page_names_the_campaign_and_the_battle(client, lee, grant):
    campaign = start_campaign(lee, grant)
    battle = campaign.battles.get(number=1)
    count = campaign.battles.count()
    game = battle.match.games.get()
    client.force_login(lee)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    title = html.split('id="game-title">', 1)[1].split("</h1>", 1)[0]
    assert f'battle 1 of {count} in <a href="/campaigns/{campaign.pk}/">{campaign.name}</a>' in title
    assert "of 2" not in title
    assert f'<a href="/campaigns/{campaign.pk}/">the campaign</a>' in html


def test_the_match_page_names_the_campaign_and_the_battle(client, lee, grant):
    campaign = start_campaign(lee, grant)
    count = campaign.battles.count()
    match = campaign.battles.get(number=1).match
    client.force_login(grant)
    html = client.get(f"/play/matches/{match.pk}/").content.decode()
    place = html.split('id="campaign">', 1)[1].split("</dd>", 1)[0]
    assert f'Battle 1 of {count} in <a href="/campaigns/{campaign.pk}/">{campaign.name}</a>' in place


def test_an_ordinary_match_says_game_1_of_2(client, lee, grant):
    match, game = start_match(lee, grant)
    client.force_login(lee)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert "game 1 of 2" in html and "the campaign" not in html
    assert 'id="campaign"' not in client.get(f"/play/matches/{match.pk}/").content.decode()
