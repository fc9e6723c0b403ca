"""The opponent's last turn drawn on the board: card, paths, attacks; shown when a turn
starts, with a box to hide it."""
from __future__ import annotations

import re

import pytest

from games import services
from tests.play_helpers import act, make_scenario, skirmish_data, start_match

pytestmark = pytest.mark.django_db


def H(c, r):
    return {"col": c, "row": r}


@pytest.fixture
def played(lee, grant, monkeypatch):
    """Lee's first turn: a skirmish card, a move (one taken back first), a shot, the end."""
    monkeypatch.setattr(services, "new_seed", lambda: "0" * 32)
    monkeypatch.setattr(services, "engine_seed", lambda secret: 3)      # a known deal
    _, game = start_match(lee, grant, make_scenario(skirmish_data()), side="union")
    card = services.load_engine(game).hands["union"][0]
    act(game, lee, {"type": "play_card", "card": card, "mode": "skirmish"})
    act(game, lee, {"type": "order", "unit": "u1"})
    act(game, lee, {"type": "move", "unit": "u1", "to": H(11, 5)})
    services.undo(game.pk, lee, game.version)
    act(game, lee, {"type": "move", "unit": "u1", "to": H(13, 5)})
    act(game, lee, {"type": "end_movement"})
    act(game, lee, {"type": "attack", "unit": "u1", "target": H(13, 3)})
    if game.deciding == "confederate":                      # a flag: grant retreats first
        engine = services.load_engine(game)
        act(game, game.player_of("confederate"), engine.legal_actions()[0])
    act(game, lee, {"type": "end_turn"})
    assert game.deciding == "confederate" and game.phase == "play_card"
    return game, card


def test_the_last_turn_is_drawn_when_the_turn_starts(client, grant, played):
    from games.engine.battlecry.advanced.cards import card_of
    game, card = played
    client.force_login(grant)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    bar = re.search(r'<p class="last-turn-bar".*?</p>', html, re.S).group(0)
    assert 'id="show-last" checked' in bar
    assert f"Union played {card_of(card).name}: 1 move, 1 attack" in bar
    marks = re.search(r'<g class="last-turn".*?</g>', html, re.S).group(0)
    # grant sits at the top: the board is turned round (col -> 24 - col, row -> 8 - row)
    x = lambda c: (24 - c) * 26  # noqa: E731
    y = lambda r: (8 - r) * 45   # noqa: E731
    assert f'<path class="mv" d="M{x(12)} {y(6)}L{x(13)} {y(5)}" marker-end="url(#ah)"/>' in marks
    assert f'<path class="at" d="M{x(13)} {y(5)}L{x(13)} {y(3)}"/>' in marks
    assert marks.count('class="mv"') == 1            # the move taken back is not drawn
    attack = next(e for e in game.actions.filter(action__type="attack").get().events
                  if e["type"] == "attack")
    shown = str(attack["hits"]) if attack["hits"] else ("F" if attack["flags"] else "0")
    assert f">{shown}</text>" in marks


def test_the_box_starts_unticked_once_the_player_is_under_way(client, grant, played):
    game, _card = played
    engine = services.load_engine(game)
    act(game, grant, {"type": "play_card", "card": engine.hands["confederate"][0], "mode": "skirmish"})
    client.force_login(grant)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert 'id="show-last">' in html                        # not ticked
    assert '<g class="last-turn"' in html                   # still drawn, hidden by the box


def test_no_last_turn_before_the_first_turn_ends(client, lee, grant):
    _, game = start_match(lee, grant, make_scenario(skirmish_data()), side="union")
    client.force_login(grant)
    html = client.get(f"/play/games/{game.pk}/").content.decode()
    assert "last-turn" not in html
