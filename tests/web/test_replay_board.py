"""The replay draws a step as the game page draws play: the step's moves and attacks marked
on the board, and the dice with the same faces and the same tray."""
from __future__ import annotations

import re

import pytest

from games import services
from tests.web.test_play_last_turn import played  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db


def tray(html: str) -> str:
    return re.search(r'<section id="dice".*?</section>', html, re.S).group(0)


def test_the_replay_marks_the_step_and_draws_the_dice_as_the_game_page(client, lee, grant, played):  # noqa: F811
    game, _card = played
    attack = game.actions.filter(action__type="attack").get()
    client.force_login(grant)
    live = client.get(f"/play/games/{game.pk}/").content.decode()
    live_dice = re.findall(r'<span class="die [^"]*".*?</span></span>', tray(live), re.S)
    services.resign(game.pk, grant)
    client.logout()
    html = client.get(f"/play/games/{game.pk}/replay/?step={attack.index}").content.decode()
    # the step's attack is marked on the board, as the game page marks the last turn
    marks = re.search(r'<g class="last-turn".*?</g>', html, re.S).group(0)
    assert '<path class="at"' in marks and '<circle class="at"' in marks
    # the dice tray is the game page's: the same faces (the page's sprite), the same marks
    assert 'id="die-infantry"' in html and 'id="die-flag"' in html
    replay_dice = re.findall(r'<span class="die [^"]*".*?</span></span>', tray(html), re.S)
    assert replay_dice and replay_dice == live_dice[:len(replay_dice)]
    assert all('<use href="#die-' in d for d in replay_dice)
    # a step that moved a unit draws its path
    move = game.actions.filter(action__type="move").order_by("-index").first()
    html = client.get(f"/play/games/{game.pk}/replay/?step={move.index}").content.decode()
    assert '<path class="mv"' in re.search(r'<g class="last-turn".*?</g>', html, re.S).group(0)


def test_the_deal_has_no_marks(client, lee, grant, played):  # noqa: F811
    game, _card = played
    services.resign(game.pk, grant)
    html = client.get(f"/play/games/{game.pk}/replay/?step=0").content.decode()
    assert '<g class="last-turn"' not in html
    assert "No dice rolled yet" in html
