"""The services pass options on as a mapping and ask the ruleset, not the option's name,
which steps of a game are the site's own to take."""
from __future__ import annotations

import pytest

from games import services, tasks
from tests.play_helpers import make_scenario, set_state, start_match

pytestmark = pytest.mark.django_db


def test_options_reach_the_game_untouched(lee, grant):
    match, game = start_match(lee, grant, options={"nightfall": True})
    assert match.options == {"nightfall": True} and game.state["options"] == {"nightfall": True}


def test_an_option_of_the_wrong_type_is_refused_before_anything_is_made(lee, grant):
    with pytest.raises(services.ActionRefused, match="nightfall"):
        services.create_challenge(lee, grant, make_scenario(), options={"nightfall": "yes"})


def test_the_site_takes_the_steps_its_ruleset_declares_and_no_other(lee, grant):
    assert services.system_actions() == ("end_by_nightfall",)
    _, standard = start_match(lee, grant, ruleset="standard")
    assert services.site_step(standard) is None
    assert services.take_site_step(standard.pk, standard.version) is None
    _, game = start_match(lee, grant, options={"nightfall": True})
    engine = services.load_engine(game)
    engine.hands["union"] = []
    engine.decisions.pending = [{"do": "nightfall", "side": None}]
    set_state(game, engine)
    assert services.site_step(game) == "end_by_nightfall"
    assert tasks.nightfall_check(game.pk, game.version) is True
    game.refresh_from_db()
    assert game.is_over

