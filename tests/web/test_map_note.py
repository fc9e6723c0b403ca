"""Every page where a battle is chosen or played says the map is an approximation of the
printed one (or, for a scenario transcribed from it, that it is the printed map)."""
from __future__ import annotations

import pytest

from tests.campaigns.helpers import start_campaign
from tests.play_helpers import make_scenario, start_match

pytestmark = pytest.mark.django_db

GENERAL = "The club's maps are approximations of the printed scenario maps"
ONE = "An approximation, not the printed scenario map"


def page(client, path: str) -> str:
    r = client.get(path)
    assert r.status_code == 200, path
    return r.content.decode()


def test_pages_choosing_a_battle_say_the_maps_are_approximations(client, lee, grant):
    campaign = start_campaign(lee, grant)
    client.force_login(lee)
    for path in ("/play/", "/play/new/", "/play/solo/", "/scenarios/", "/campaigns/",
                 "/campaigns/new/", campaign.get_absolute_url(), "/play/challenge/",
                 "/play/seek/"):
        assert GENERAL in page(client, path), path


def test_pages_about_one_battle_speak_of_its_map(client, lee, grant):
    scenario = make_scenario()
    client.force_login(lee)
    for path in (f"/play/new/?scenario={scenario.slug}", f"/play/solo/?scenario={scenario.slug}"):
        assert ONE in page(client, path), path
    match, game = start_match(lee, grant, scenario)
    text = page(client, f"/play/games/{game.pk}/")
    assert ONE in text and 'class="map-note' in text


def test_a_printed_map_is_not_called_an_approximation(client, lee, grant):
    scenario = make_scenario()
    scenario.layout_source = "printed"
    scenario.save()
    match, game = start_match(lee, grant, scenario)
    client.force_login(lee)
    text = page(client, f"/play/games/{game.pk}/")
    assert "Transcribed from the printed scenario map." in text and ONE not in text
