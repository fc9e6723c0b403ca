"""The site tells the engine which seats the computer holds; a Battle Cry ruleset keeps it as
its ``archie`` option (the side Archie plays), and refuses seats it cannot give Archie."""
from __future__ import annotations

import pytest

from games.engine import SEATS, Game, OptionError, sample_scenario, load_scenario


@pytest.mark.parametrize("ruleset", ["advanced", "standard"])
def test_the_computer_seat_becomes_the_side_archie_plays(ruleset):
    scenario = load_scenario(sample_scenario())
    game = Game.new(scenario, ruleset=ruleset, seed=3, computer_seats=["confederate"])
    assert game.options["archie"] == "confederate"
    assert [(s.name, s.side) for s in SEATS] == [("union", "union"), ("confederate", "confederate")]
    plain = Game.new(scenario, ruleset=ruleset, seed=3)
    assert plain.options.get("archie") is None
    again = Game.from_dict(game.to_dict(), scenario=scenario)
    assert again.options["archie"] == "confederate"


@pytest.mark.parametrize("seats", [["union", "confederate"], ["north"]])
def test_seats_the_rules_cannot_give_archie_are_refused(seats):
    with pytest.raises(OptionError):
        Game.new(load_scenario(sample_scenario()), seed=3, computer_seats=seats)
