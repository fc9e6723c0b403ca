"""The board during a turn: the other side's last turn is put away once the viewer's own
turn is under way, and the unit the current decision is about is ringed."""
from __future__ import annotations

import re

import pytest

from games import services
from tests.play_helpers import act, set_state
from tests.web.test_play_last_turn import played  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db


def hex_classes(html: str, col: int, row: int) -> list[str]:
    tag = re.search(r'<g class="([^"]*)"[^>]*data-col="%d" data-row="%d"' % (col, row), html)
    assert tag, (col, row)
    return tag.group(1).split()


def decision_for_lee(game, grant):
    """Grant's turn is under way (a card played); Lee must now retreat a unit of his."""
    engine = services.load_engine(game)
    act(game, grant, {"type": "play_card", "card": engine.hands["confederate"][0], "mode": "skirmish"})
    engine = services.load_engine(game)
    unit = next(u for u in engine.units.values() if u.side == "union")
    engine.decisions.pending = [{"do": "retreat", "side": "union", "unit": unit.id, "steps": 1,
                                 "attacker_side": "confederate", "dice": 2, "melee": False}]
    engine._settle()
    assert engine.phase == "retreat"
    set_state(game, engine)
    game.refresh_from_db()
    return unit


def test_the_last_turn_stays_put_away_while_the_other_side_answers_during_my_turn(
        client, lee, grant, played):  # noqa: F811
    game, _card = played
    decision_for_lee(game, grant)
    assert game.deciding == "union"
    client.force_login(grant)                   # grant's own turn, lee to decide
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert 'id="show-last">' in html            # not ticked: the marks are hidden
    client.force_login(lee)                     # lee, waiting on grant's turn, still sees it
    assert 'id="show-last" checked' in client.get(f"/play/games/{game.pk}/").content.decode()


def test_the_unit_of_the_decision_is_ringed(client, lee, grant, played):  # noqa: F811
    game, _card = played
    unit = decision_for_lee(game, grant)
    view = services.load_engine(game).view("union")
    h = next(u["hex"] for u in view["units"] if u["id"] == unit.id)
    client.force_login(lee)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert "must retreat" in html
    assert "concerned" in hex_classes(html, h["col"], h["row"])
    assert html.count("concerned") == 1
