"""Taking back a step within the turn, and resigning a game (games.services)."""
from __future__ import annotations

import pytest

from games import services
from games.models import Game
from tests.play_helpers import act, make_scenario, set_state, skirmish_data, start_match

pytestmark = pytest.mark.django_db

H = lambda c, r: {"col": c, "row": r}  # noqa: E731


@pytest.fixture
def game(lee, grant):
    _, game = start_match(lee, grant, make_scenario(skirmish_data()), side="union")
    return game


def skirmish_card(game):
    engine = services.load_engine(game)
    return {"type": "play_card", "card": engine.hands["union"][0], "mode": "skirmish"}


def undo(game, user):
    game.refresh_from_db()
    result = services.undo(game.pk, user, game.version)
    game.refresh_from_db()
    return result


def test_a_move_and_an_order_are_taken_back_one_step_at_a_time(game, lee):
    act(game, lee, skirmish_card(game))
    act(game, lee, {"type": "order", "unit": "u1"})
    after_order = dict(game.state)
    act(game, lee, {"type": "move", "unit": "u1", "to": H(13, 5)})
    assert services.load_engine(game).view("union")["units"][0]["hex"] == H(13, 5)

    undo(game, lee)
    assert game.state == after_order and game.phase == "move" and game.deciding == "union"
    assert services.load_engine(game).view("union")["units"][0]["hex"] == H(12, 6)
    assert game.version == 4                       # the version goes on counting up
    assert game.actions.count() == 4               # the step stays in the log, marked taken back

    undo(game, lee)                                # the order too
    engine = services.load_engine(game)
    assert game.phase == "order" and engine.view("union")["units"][0]["ordered"] is False

    # the card was shown to the opponent: it cannot be taken back
    with pytest.raises(services.IllegalStep, match="Nothing can be taken back"):
        undo(game, lee)

    # play goes on from the position taken back to, and the log still replays
    act(game, lee, {"type": "order", "unit": "u2"})
    steps = list(services.rebuild_steps(game))
    assert steps[-1][2].to_dict() == game.state


def test_no_take_back_after_dice(game, lee, grant):
    act(game, lee, skirmish_card(game))
    act(game, lee, {"type": "order", "unit": "u1"})
    act(game, lee, {"type": "move", "unit": "u1", "to": H(13, 5)})
    act(game, lee, {"type": "end_movement"})
    assert services.undoable_entry(list(game.actions.order_by("index")), "union", "union")
    act(game, lee, {"type": "attack", "unit": "u1", "target": H(13, 3)})
    game.refresh_from_db()
    if game.deciding == "union":
        with pytest.raises(services.IllegalStep, match="Nothing can be taken back"):
            undo(game, lee)
    else:                                          # a flag: the opponent retreats first
        with pytest.raises(services.IllegalStep):
            undo(game, lee)
    with pytest.raises(services.ActionRefused):    # never the opponent's step
        undo(game, grant)


def test_undo_refusals(game, lee, grant, meade):
    act(game, lee, skirmish_card(game))
    act(game, lee, {"type": "order", "unit": "u1"})
    with pytest.raises(services.StaleVersion):
        services.undo(game.pk, lee, game.version - 1)
    with pytest.raises(services.NotAPlayer):
        services.undo(game.pk, meade, game.version)
    with pytest.raises(services.IllegalStep):
        services.undo(game.pk, grant, game.version)
    with pytest.raises(services.IllegalStep, match="site takes"):
        services.act(game.pk, lee, {"type": "undo", "index": 2}, game.version)
    game.refresh_from_db()
    assert game.version == 2


def test_a_staged_position_is_never_rebuilt_wrongly(game, lee):
    act(game, lee, skirmish_card(game))
    act(game, lee, {"type": "order", "unit": "u1"})
    engine = services.load_engine(game)
    engine.units["u2"].figures = 1                 # the stored state no longer follows the log
    set_state(game, engine)
    with pytest.raises(services.IllegalStep, match="no longer replays"):
        undo(game, lee)


def test_resigning_game_one_starts_the_rematch(game, lee, grant, meade):
    with pytest.raises(services.NotAPlayer):
        services.resign(game.pk, meade, game.version)
    with pytest.raises(services.StaleVersion):
        services.resign(game.pk, grant, game.version + 1)
    services.resign(game.pk, grant, game.version)          # not their turn: still allowed
    game.refresh_from_db()
    assert game.is_over and game.winner_side == "union"
    assert game.outcome["reason"] == "resigned" and game.outcome["flags"]["union"] == 4
    assert game.outcome["flags"]["confederate"] == 0
    rematch = Game.objects.get(match=game.match, number=2)
    assert rematch.player_of("union") == grant and not rematch.is_over
    with pytest.raises(services.GameOver):
        services.resign(game.pk, lee, game.version)
    steps = list(services.rebuild_steps(game))
    assert steps[-1][2].outcome["reason"] == "resigned"

    services.resign(rematch.pk, lee, rematch.version)      # lee (Confederate) resigns game 2
    match = game.match
    match.refresh_from_db()
    assert match.status == "finished"
    assert (match.challenger_flags, match.opponent_flags) == (4, 4)    # one game won each
