"""Every list to choose a battle from tells apart the battles that share a name."""
from __future__ import annotations

import html as htmllib
import re

import pytest

from tests.play_helpers import make_scenario
from tests.tournaments.helpers import make_club

pytestmark = pytest.mark.django_db

SAME_NAMES = ("gettysburg-picketts-charge", "gettysburg-devils-den",
              "chancellorsville", "chancellorsville-rulebook")


@pytest.fixture
def battles():
    return [make_scenario(slug=slug) for slug in SAME_NAMES]


def options(html: str, select_name: str) -> list[str]:
    match = re.search(r'<select[^>]*name="' + re.escape(select_name) + r'"[^>]*>(.*?)</select>', html, re.S)
    assert match, f"no list named {select_name}"
    return [htmllib.unescape(o).strip() for o in re.findall(r"<option[^>]*>(.*?)</option>", match.group(1), re.S)]


def assert_told_apart(labels: list[str], battles) -> None:
    shown = [label for label in labels if label.startswith(("Gettysburg", "Chancellorsville"))]
    assert len(shown) == 4, labels
    assert len(set(shown)) == 4, f"the same label twice: {shown}"
    for battle in battles:
        assert any(battle.subtitle in label for label in shown), (battle.subtitle, shown)


@pytest.mark.parametrize("page, select_name", [
    ("/play/", "scenario"),          # the lobby's Archie form
    ("/play/", "c-scenario"),        # the lobby's challenge form
    ("/play/", "s-scenario"),        # the lobby's seek form
    ("/play/solo/", "scenario"),     # the solo page
    ("/campaigns/new/", "battle_1"),
])
def test_the_battle_lists_tell_apart_battles_of_one_name(client, lee, battles, page, select_name):
    client.force_login(lee)
    assert_told_apart(options(client.get(page).content.decode(), select_name), battles)


def test_the_competition_form_tells_them_apart(client, lee, battles):
    club = make_club(lee)
    client.force_login(lee)
    html = client.get(f"/leagues/clubs/{club.slug}/new/").content.decode()
    assert_told_apart(options(html, "scenarios"), battles)
