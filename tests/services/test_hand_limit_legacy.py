"""Scout from a full hand: games dealt before the hand limit waited for the keep-one
choice are marked when the site is updated, finish as they began and replay exactly."""
from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from games import services
from games.engine import Game as EngineGame, load_scenario
from games.engine.battlecry.advanced.cards import card_of
from games.engine.battlecry.sample import sample_scenario
from games.models import Game
from tests.play_helpers import act, start_match

pytestmark = pytest.mark.django_db

MARK = importlib.import_module("games.migrations.0015_hand_limit_before_keep").mark_existing_games


def scout_card(engine):
    side = engine.active_side
    return next((c for c in engine.cards.hands[side] if card_of(c).key.startswith("scout_")), None)


@pytest.fixture(autouse=True)
def scout_in_the_first_hand(monkeypatch):
    """A pinned deal whose first player holds a Scout card."""
    sc = load_scenario(sample_scenario())
    seed = next(s for s in range(1, 500) if scout_card(EngineGame.new(sc, seed=s)))
    monkeypatch.setattr(services, "new_seed", lambda: "0" * 32)
    monkeypatch.setattr(services, "engine_seed", lambda secret: seed)


def scout_and_keep(game, players):
    """The first player plays Scout from a full hand, ends the turn and keeps a card."""
    engine = services.load_engine(game)
    me = players[game.deciding]
    act(game, me, {"type": "play_card", "card": scout_card(engine), "mode": "section"})
    while game.phase in ("order", "move"):
        legal = services.load_engine(game).legal_actions()
        order = next((a for a in legal if a["type"] == "order"), None)
        act(game, me, order or {"type": "confirm_orders"} if game.phase == "order"
            else {"type": "end_movement"})
    act(game, me, {"type": "end_turn"})
    assert game.phase == "keep_card"
    kept = services.load_engine(game).legal_actions()[0]
    act(game, me, kept)
    return me


def rebuilt(game):
    *_, (index, _entry, engine, _events) = services.rebuild_steps(game)
    return index, engine.to_dict()


def test_a_new_game_asks_for_no_discard_after_the_keep(lee, grant):
    _, game = start_match(lee, grant, side="union")
    players = {"union": lee, "confederate": grant}
    first = game.deciding
    scout_and_keep(game, players)
    assert game.phase == "play_card" and game.deciding != first
    assert "hand_limit_before_keep" not in game.state
    assert rebuilt(game) == (game.version, game.state)


def test_a_game_dealt_before_the_change_finishes_and_replays_as_it_began(lee, grant):
    _, game = start_match(lee, grant, side="union")
    MARK(apps, None)                        # the site is updated while the game is under way
    game.refresh_from_db()
    assert game.state["hand_limit_before_keep"] is True
    players = {"union": lee, "confederate": grant}
    me = scout_and_keep(game, players)
    assert game.phase == "discard"          # as it was played before the change
    engine = services.load_engine(game)
    act(game, me, {"type": "discard", "card": engine.cards.hands[game.deciding][0]})
    services.resign(game.pk, me, game.version)
    game = Game.objects.get(pk=game.pk)
    index, state = rebuilt(game)
    assert state["hand_limit_before_keep"] is True
    assert index == game.version
