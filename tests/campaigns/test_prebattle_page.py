"""The game page during the pre-battle steps: the roller's button, the chooser's clicks on
the board (a figure to lose; a unit to fall back, then where), the words in the log, and
nothing shown to the player who is not choosing."""
from __future__ import annotations

import json

import pytest

from games import services as game_services
from tests.play_helpers import make_scenario, set_state

pytestmark = pytest.mark.django_db


@pytest.fixture
def battle(lee, grant):
    """McDowell with 2 Union pre-battle dice: lee (Union) rolls, grant chooses."""
    scenario = make_scenario(slug="mcdowell")
    match = game_services.start_arranged_match(lee, grant, scenario, single_game=True,
                                               setup={"prebattle_dice_union": 2})
    return match.games.get()


def post(client, game, action):
    game.refresh_from_db()
    return client.post(f"/play/games/{game.pk}/act/",
                       {"action": json.dumps(action), "version": game.version})


def test_the_roller_rolls_and_the_other_player_chooses_on_the_board(client, battle, lee, grant):
    client.force_login(grant)
    page = client.get(f"/play/games/{battle.pk}/").content.decode()
    assert "Roll the pre-battle dice" not in page
    client.force_login(lee)
    page = client.get(f"/play/games/{battle.pk}/").content.decode()
    assert "Before the battle: roll your campaign dice" in page
    # the dice themselves are random: stage them (test set-up only)
    engine = game_services.load_engine(battle)
    engine.apply({"type": "roll_prebattle"}, rolls=["infantry", "flag"])
    set_state(battle, engine)

    client.force_login(grant)
    page = client.get(f"/play/games/{battle.pk}/").content.decode()
    assert "choose which of your infantry units loses a figure" in page
    loss = next(a for a in engine.legal_actions() if a["type"] == "prebattle_loss")
    assert post(client, battle, loss).status_code == 303
    page = client.get(f"/play/games/{battle.pk}/").content.decode()
    assert "choose one of your units to fall back" in page
    battle.refresh_from_db()
    retreat = next(a for a in game_services.load_engine(battle).legal_actions())
    unit = next(u for u in game_services.load_engine(battle).view("confederate")["units"]
                if u["id"] == retreat["unit"])
    sel = f"{unit['hex']['col']},{unit['hex']['row']}"
    page = client.get(f"/play/games/{battle.pk}/?sel={sel}").content.decode()
    assert "Fall back: " in page and "reachable" in page
    assert post(client, battle, retreat).status_code == 303
    battle.refresh_from_db()
    assert battle.phase == "play_card" and battle.deciding == "union"
    log = client.get(f"/play/games/{battle.pk}/").content.decode()
    assert "lost a figure to the Union roll" in log and "must fall back a hex" in log
