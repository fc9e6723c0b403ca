"""The game page's choices under the house rules of docs/rulings.md H20-H31: every action
these rules add (discarding instead of playing, rallying instead of battling, pressing on
after a breakthrough, falling back, changing places) is offered to the deciding player as a button or a board
click, and the Shaken marker is drawn, in random games from the deciding seat's own view."""
import random

import pytest

from games.board_svg import render_board
from games.engine import Game
from games.presentation.kits import presenter_for
from tests.engine.scenarios import shipped

NEW = {"refit", "refit_card", "end_refit", "rally_unit", "press_on", "withdraw", "change_places"}
SETS = {
    "cards": {"shaken_marker": True, "cavalry_fallback": True, "rally_action": True,
              "discard_instead_of_play": True, "breakthrough_advance": True, "defensive_fire_zone": True,
              "dfz_entry_roll": True, "risk_to_general": True, "wounded_generals": True,
              "mutual_support": True},
    "dice": {"dice_command": True, "shaken_marker": True, "shaken_recovery": True,
             "rally_action": True, "breakthrough_advance": True, "cavalry_fallback": True},
}


def offered(ch):
    """Every action the choices offer, as buttons or board clicks."""
    out = [b["data"] for g in ch.groups for b in g["buttons"] if "data" in b]
    out += [b["data"] for bs in ch.hand_buttons.values() for b in bs]
    out += [c["action"] for c in ch.clicks.values() if "action" in c]
    return out


WANTED = {"cards": {"rally_unit", "press_on", "refit", "refit_card", "withdraw", "change_places"},
          "dice": {"rally_unit", "press_on", "withdraw"}}


@pytest.mark.parametrize("name", sorted(SETS))
def test_the_page_offers_every_action_the_house_rules_add(name):
    presenter = presenter_for("advanced")
    seen, marked = set(), False
    for seed in range(150):                  # random games are short: play until all were met
        rng = random.Random(seed)
        game = Game.new(shipped("pea-ridge"), seed=seed, options=SETS[name])
        while not game.outcome:
            view = game.view(game.deciding)
            legal = game.legal_actions()
            new = [a for a in legal if a["type"] in NEW]
            if new:
                ch = presenter.choices(game, view, legal)
                assert ch.prompt
                shown = offered(ch)
                for a in new:
                    assert a in shown, (game.phase, a)
                    seen.add(a["type"])
            if not marked and game.markers:
                svg = render_board(game.view(None))
                assert 'class="status shaken"' in svg
                marked = True
            game.apply(rng.choice(legal))
        if marked and WANTED[name] <= seen:
            break
    assert marked and WANTED[name] <= seen, seen
