"""Options declared as data: words, relations, where members choose them, and whether they
count for ratings; the checks refuse combinations the declarations forbid, naming both."""
import pytest

from games.engine import RULESETS
from games.engine.core import PLACES, Option, OptionError, counts_for_ratings, options_for, validate_options

SCHEMA = (
    Option("fog", bool, False, "Hidden units.", label="Fog of war", excludes=("clear_skies",)),
    Option("clear_skies", bool, False, "Every unit seen.", chosen_on=("match",)),
    Option("scouts", int, 0, "Scouts per side.", choices=(0, 1, 2), requires=("fog",), rated=False),
)


def test_label_defaults_to_the_name_in_words_and_places_to_everywhere():
    assert [o.label for o in SCHEMA] == ["Fog of war", "Clear skies", "Scouts"]
    assert SCHEMA[0].chosen_on == PLACES and SCHEMA[0].public
    assert [o.name for o in options_for(SCHEMA, "solo")] == ["fog", "scouts"]
    assert [o.name for o in options_for(SCHEMA, "match")] == ["fog", "clear_skies", "scouts"]


def test_an_unknown_place_is_a_declaration_error():
    with pytest.raises(ValueError, match="nowhere"):
        Option("x", bool, False, "X.", chosen_on=("nowhere",))


def test_options_that_exclude_each_other_are_refused_naming_both():
    with pytest.raises(OptionError, match="Fog of war cannot be played with Clear skies"):
        validate_options(SCHEMA, {"fog": True, "clear_skies": True})
    # at their defaults they are not in force, so nothing is excluded
    assert validate_options(SCHEMA, {"fog": True, "clear_skies": False}) == {"fog": True, "clear_skies": False}


def test_an_option_without_the_one_it_requires_is_refused_naming_both():
    with pytest.raises(OptionError, match="^Scouts needs Fog of war: ") as err:
        validate_options(SCHEMA, {"scouts": 2})
    assert err.value.option == "scouts"
    assert validate_options(SCHEMA, {"scouts": 2, "fog": True}) == {"scouts": 2, "fog": True}
    assert validate_options(SCHEMA, {"scouts": 0}) == {"scouts": 0}


def test_an_unrated_option_in_force_keeps_the_game_out_of_ratings():
    assert counts_for_ratings(SCHEMA, {"fog": True})
    assert counts_for_ratings(SCHEMA, {"scouts": 0})
    assert not counts_for_ratings(SCHEMA, {"fog": True, "scouts": 1})


def test_the_battle_cry_rulesets_declare_their_options_words_and_places():
    advanced = {o.name: o for o in RULESETS["advanced"].options}
    assert advanced["nightfall"].label == "Nightfall" and advanced["nightfall"].rated
    assert set(advanced["nightfall"].chosen_on) == set(PLACES)
    # set by the site from elsewhere: the seats, the engine's callers, a campaign's dice
    for name in ("archie", "auto_retreat", "prebattle_dice_union", "prebattle_dice_confederate"):
        assert not advanced[name].public, name
    assert not advanced["archie"].rated
    for rules in RULESETS.values():
        for o in rules.options:
            assert o.label and o.description and "_" not in o.label
            for other in (*o.excludes, *o.requires):
                assert other in {x.name for x in rules.options}
    assert options_for(RULESETS["standard"].options, "match") == ()


def test_nightfall_changes_the_advanced_victory_terms_it_is_worded_by():
    rules = RULESETS["advanced"]
    assert rules.victory_for({}) == rules.victory and rules.victory.empty_hand_loses
    night = rules.victory_for({"nightfall": True})
    assert not night.empty_hand_loses and night.notes and "night falls" in night.notes[0]
    assert rules.site_steps == {"nightfall": "end_by_nightfall"}
    assert RULESETS["standard"].site_steps == {}
