"""Presets of the house rules (docs/rulings.md H60-H62): named bundles of options, checked
as options chosen one by one are, with "Barber: full simulation" holding every house rule."""
import pytest

from games.engine import ADVANCED, Game, OptionError, group_options, preset_named, presets_for
from games.engine.battlecry.advanced import house_options, house_presets
from games.engine.core import Option, Preset, declare_presets
from tests.engine.helpers import attack, game, inf, to_battle
from tests.engine.scenarios import shipped

#: House options the full preset may leave out, with why.
#: Command by dice replaces the cards that discarding instead of playing works with: the
#: full simulation keeps the cards (the rule declared first). Multi mapsets goes with a battle
#: laid out on several maps, not with a preset (H99).
LEFT_OUT_OF_FULL: dict[str, str] = {
    "dice_command": "it cannot be played with House rule: discard instead of playing",
    "multi_mapsets": "it is ticked with a battle laid out on several maps, not with the rules"}


def test_full_simulation_holds_every_declared_house_option_at_the_seed_value():
    full = preset_named("advanced", "barber_full")
    assert full is not None and full.label == "Barber: full simulation"
    declared = {o.name for o in house_options.OPTIONS}
    assert set(full.options) | set(LEFT_OUT_OF_FULL) == declared
    assert house_presets.left_out_of_full() == LEFT_OUT_OF_FULL
    for option in house_options.OPTIONS:
        if option.name in full.options:
            assert option.is_set(full.options[option.name]), option.name


def test_full_simulation_follows_an_option_declared_later_and_leaves_out_a_clash_with_why():
    extra = (Option("drums", bool, False, "Drums.", label="House rule: drums", rated=False),
             Option("silence", bool, False, "Silence.", label="House rule: silence",
                    excludes=("drums",), rated=False))
    options = house_options.OPTIONS + extra
    full = house_presets.full_simulation_options(options)
    assert full["drums"] is True and "silence" not in full
    assert house_presets.left_out_of_full(options) == {
        **LEFT_OUT_OF_FULL, "silence": "it cannot be played with House rule: drums"}
    # an option of another kind needs its recommended value declared, or it is left out
    pace = (Option("pace", int, 0, "Pace.", choices=(0, 1, 2), rated=False),)
    assert "pace" in house_presets.left_out_of_full(house_options.OPTIONS + pace)


def test_each_preset_is_accepted_by_the_option_checks_and_the_lighter_ones_are_smaller():
    presets = presets_for("advanced")
    assert [p.key for p in presets][:1] == ["barber_full"] and len(presets) >= 3
    full = presets[0].options
    for preset in presets:
        Game.new(_scenario(), "advanced", dict(preset.options), seed=1)
        assert set(preset.options) <= set(full)
        if preset is not presets[0]:
            assert len(preset.options) < len(full)
    assert presets_for("standard") == ()


def test_a_preset_the_option_checks_refuse_cannot_be_declared_and_says_why_in_labels():
    broken = Preset("broken", "Broken", "First fire alone.", {"first_fire": True})
    with pytest.raises(OptionError, match="House rule: first fire needs House rule: return fire"):
        declare_presets("advanced-test", ADVANCED.options, (broken,))
    assert presets_for("advanced-test") == ()


def test_the_house_options_are_set_out_under_the_seed_headings_in_its_order():
    groups = group_options("advanced", ADVANCED.options)
    headings = [h for h, _ in groups]
    assert headings[0] == "Options" and "nightfall" in [o.name for o in groups[0][1]]
    assert headings[1:] == ["House rules: cards and command", "House rules: the arms",
                            "House rules: combat", "House rules: retreats and morale",
                            "House rules: terrain", "House rules: bigger battles"]
    combat = [o.name for o in dict(groups)["House rules: combat"]]
    assert combat.index("return_fire") < combat.index("first_fire") and "last_figure" not in combat
    # every house option is under one of the seed's headings, none under "others"
    placed = {o.name for h, os in groups[1:] for o in os}
    assert placed == {o.name for o in house_options.OPTIONS}
    assert house_presets.OTHER_HEADING not in headings


def test_a_house_option_no_heading_names_is_set_out_under_others():
    extra = (Option("drums", bool, False, "Drums.", rated=False),)
    headings = dict(house_presets.headings(house_options.OPTIONS + extra))
    assert headings[house_presets.OTHER_HEADING] == ("drums",)


def test_a_preset_plays_its_rules_where_the_same_position_without_it_does_not():
    # the light preset's return fire: the defender that holds fires back
    off = game([inf("union", 11, 5), inf("confederate", 12, 4)])
    to_battle(off, "attack_centre")
    events_off = attack(off, "u1", 12, 4, ["cavalry", "cavalry", "cavalry"])
    light = dict(preset_named("advanced", "barber_light").options)
    on = game([inf("union", 11, 5), inf("confederate", 12, 4)], options=light)
    to_battle(on, "attack_centre")
    events_on = attack(on, "u1", 12, 4, ["cavalry", "cavalry", "cavalry"])
    sides_off = [e["side"] for e in events_off if e["type"] == "attack"]
    sides_on = [e["side"] for e in events_on if e["type"] == "attack"]
    assert sides_off == ["union"] and sides_on[:2] == ["union", "confederate"]


def _scenario():
    return shipped("first-bull-run")


def test_a_house_rule_has_its_full_text_and_an_option_without_one_its_description():
    from games.engine import option_text
    by_name = {o.name: o for o in ADVANCED.options}
    text = option_text("advanced", by_name["return_fire"])
    assert len(text) == 2 and "never fewer than one" in text[0]
    assert option_text("advanced", by_name["nightfall"]) == (by_name["nightfall"].description,)

