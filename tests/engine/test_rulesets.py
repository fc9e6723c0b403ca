"""Rulesets by name, and options checked against the ruleset's declared schema."""
import pytest

from games.engine import RULESETS, Game, OptionError, rulesets
from games.engine.battlecry.sample import sample_scenario
from games.engine import load_scenario

SCENARIO = load_scenario(sample_scenario())


def test_advanced_is_registered_with_its_options_and_capabilities():
    assert "advanced" in RULESETS and rulesets()["advanced"] is RULESETS["advanced"]
    advanced = RULESETS["advanced"]
    assert {o.name for o in advanced.options} == {"nightfall", "archie", "auto_retreat",
                                                      "prebattle_dice_union", "prebattle_dice_confederate",
                                                      "team_mode",
                                                      # house rules (seed 002)
                                                      "last_figure", "return_fire", "first_fire", "cavalry_charge", "risk_to_general",
                                                      "withdrawal_fire", "generals_in_retreat", "following_up",
                                                      "holding_ground",
                                                      "shaken_marker", "shaken_recovery", "cavalry_fallback",
                                                      "defensive_fire_zone", "dfz_entry_roll", "rally_action",
                                                      "discard_instead_of_play", "dice_command", "hand_capacity", "wounded_generals",
                                                      "breakthrough_advance",
                                                      # house terrain rules (seed 002, L67-89)
                                                      "terrain_entry", "terrain_field", "terrain_hill", "terrain_high_ground", "terrain_woods",
                                                      "terrain_stream", "terrain_rough", "terrain_very_rough", "terrain_breastworks", "terrain_buildings",
                                                      "terrain_victory_points", "terrain_entry_roll",
                                                      # firepower and unit profiles (seed 002, L15-21)
                                                      "icon_firepower", "six_figure_infantry", "infantry_profile",
                                                      "artillery_profile", "cavalry_profile",
                                                      "mutual_support", "support_fire", "long_retreats",
                                                      "woods_shaken_roll", "stream_shaken_roll",
                                                      # bigger battles (seed 002, L97)
                                                      "multi_mapsets"}
    assert all(o.description for o in advanced.options)
    caps = advanced.capabilities
    assert (caps.board, caps.hidden_information, caps.chance) == ("hex", True, True)


def test_an_unknown_ruleset_is_refused_by_name():
    with pytest.raises(ValueError, match="'basic'.*advanced"):
        Game.new(SCENARIO, ruleset="basic", seed=1)


@pytest.mark.parametrize("options, name", [
    ({"nighfall": True}, "nighfall"),
    ({"nightfall": "yes"}, "nightfall"),
    ({"nightfall": 1}, "nightfall"),
    ({"auto_retreat": None}, "auto_retreat"),
    ({"archie": "rebels"}, "archie"),
    ({"archie": True}, "archie"),
    ({"nightfall": True, "fog": 3}, "fog"),
])
def test_an_unknown_or_ill_typed_option_is_refused_with_its_name(options, name):
    with pytest.raises(OptionError, match=repr(name)) as err:
        Game.new(SCENARIO, options=options, seed=1)
    assert err.value.option == name
    assert isinstance(err.value, ValueError)


def test_options_must_be_a_mapping():
    with pytest.raises(OptionError):
        Game.new(SCENARIO, options=["nightfall"], seed=1)


def test_declared_options_are_accepted_and_kept_as_given():
    options = {"nightfall": True, "archie": "confederate", "auto_retreat": False}
    game = Game.new(SCENARIO, options=options, seed=1)
    assert game.options == options and game.nightfall and game.archie == "confederate"
    assert Game.new(SCENARIO, options={"archie": None}, seed=1).archie is None
    assert Game.new(SCENARIO, seed=1).options == {}
