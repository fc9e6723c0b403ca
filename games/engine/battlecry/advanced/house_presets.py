"""Presets of Rick Barber's house rules (seed 002), and the headings the forms set them out
under (docs/rulings.md H60-H62).

"Barber: full simulation" is computed from the house options declared in
:mod:`.house_options`: every one of them on, each option with a value other than yes/no at
the value the seed recommends (:data:`RECOMMENDED`), so a rule declared later joins it
without a change here. An option that cannot be played with one already in the preset is
left out of it, with the reason (:func:`left_out_of_full`), and so is an option that goes
with the battle's board rather than with the rules (:data:`WITH_THE_BOARD`).
"""
from __future__ import annotations

from typing import Any

from ...core import Option
from ...core.presets import Preset
from . import house_options

#: Values of house options that are not yes/no, as the seed recommends them, by name.
#: (None yet: every house option declared so far is a yes/no.)
RECOMMENDED: dict[str, Any] = {}

#: The seed's rules in its own order (seed 002 L9-L97), under headings that follow that
#: order: cards and command (L9-13), the arms (L15-21), combat (L23-39), retreats and morale
#: (L41-65), terrain (L67-95), bigger battles (L97). Names of rules not built yet are listed
#: under the names seed-extracts gives them, so they find their heading when they come.
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("House rules: cards and command", ("hand_capacity", "discard_instead_of_play", "dice_command")),
    ("House rules: the arms", ("icon_firepower", "six_figure_infantry", "infantry_profile",
                               "artillery_profile", "cavalry_profile")),
    ("House rules: combat", ("cavalry_charge", "cavalry_fallback", "defensive_fire_zone",
                             "dfz_entry_roll", "return_fire", "first_fire", "withdrawal_fire",
                             "breakthrough_advance", "following_up")),
    ("House rules: retreats and morale", ("long_retreats", "generals_in_retreat", "holding_ground",
                                          "mutual_support", "support_fire", "shaken_marker",
                                          "shaken_recovery", "last_figure", "risk_to_general",
                                          "wounded_generals", "rally_action")),
    ("House rules: terrain", ("terrain_entry", "terrain_entry_roll", "terrain_field",
                              "terrain_hill", "terrain_high_ground", "terrain_woods",
                              "woods_shaken_roll", "terrain_stream", "stream_shaken_roll",
                              "terrain_rough", "terrain_very_rough",
                              "terrain_breastworks", "terrain_buildings",
                              "terrain_victory_points")),
    ("House rules: bigger battles", ("multi_mapsets",)),
)

#: House options ticked with a battle laid out for them, not with the rules: a preset leaves
#: them out (multi mapsets goes with a battle on several maps, H99), with the reason.
WITH_THE_BOARD: dict[str, str] = {
    "multi_mapsets": "it is ticked with a battle laid out on several maps, not with the rules"}

#: Where a house option not named in :data:`GROUPS` is set out.
OTHER_HEADING = "House rules: others"


def headings(options: tuple[Option, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """:data:`GROUPS`, with every house option no heading names under :data:`OTHER_HEADING`."""
    named = {n for _, names in GROUPS for n in names}
    others = tuple(o.name for o in options if o.name not in named)
    return GROUPS + ((OTHER_HEADING, others),) if others else GROUPS


def _full_value(option: Option) -> Any:
    if option.name in RECOMMENDED:
        return RECOMMENDED[option.name]
    return True if option.kind is bool else option.default


def full_simulation_options(options: tuple[Option, ...] = house_options.OPTIONS) -> dict[str, Any]:
    """Every house option in force at its recommended value, but for those that cannot be
    played with one taken before them (declared order)."""
    return {name: value for name, value, _ in _full(options) if not _}


def left_out_of_full(options: tuple[Option, ...] = house_options.OPTIONS) -> dict[str, str]:
    """The house options the full preset leaves out, by name, with the reason in words."""
    return {name: why for name, _, why in _full(options) if why}


def _full(options: tuple[Option, ...]) -> list[tuple[str, Any, str]]:
    taken: dict[str, Option] = {}
    out = []
    for option in options:
        value = _full_value(option)
        if option.name in WITH_THE_BOARD:
            out.append((option.name, value, WITH_THE_BOARD[option.name]))
            continue
        if not option.is_set(value):
            out.append((option.name, value, "no recommended value is declared for it"))
            continue
        clash = next((o for o in taken.values()
                      if o.name in option.excludes or option.name in o.excludes), None)
        if clash is not None:
            out.append((option.name, value, f"it cannot be played with {clash.label}"))
            continue
        taken[option.name] = option
        out.append((option.name, value, ""))
    return out


FIRE_AND_MOVEMENT = ("return_fire", "first_fire", "cavalry_charge", "withdrawal_fire", "following_up")
GENERALS_AND_MORALE = ("last_figure", "holding_ground", "risk_to_general", "generals_in_retreat")
TABLE_FAVOURITES = ("return_fire", "holding_ground", "last_figure")


def presets(options: tuple[Option, ...] = house_options.OPTIONS) -> tuple[Preset, ...]:
    """The house-rule presets of the Advanced rules, full simulation first."""
    return (
        Preset("barber_full", "Barber: full simulation",
               "Every house rule of Rick Barber's v1.3 that the site plays, with the options "
               "the seed recommends.", full_simulation_options(options)),
        Preset("barber_firefights", "Barber: firefights",
               "Fire answers fire: return fire, first fire, the cavalry charge, withdrawal "
               "fire and following up; retreats and generals as in the rulebook.",
               {name: True for name in FIRE_AND_MOVEMENT}),
        Preset("barber_morale", "Barber: generals and morale",
               "Units hold their ground and fight to the last figure, generals run risks and "
               "step aside for a retreat; fire as in the rulebook.",
               {name: True for name in GENERALS_AND_MORALE}),
        Preset("barber_light", "Barber: a light touch",
               "Three rules most tables try first: return fire, holding your ground and the "
               "last figure.", {name: True for name in TABLE_FAVOURITES}),
    )
