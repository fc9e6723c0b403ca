"""The game-agnostic core under the facade: rulesets by name, option schemas, chance.

Nothing here knows Battle Cry; a ruleset (``games.engine.battlecry``) plugs into it.
"""
from .chance import derive_seed, next_random
from .options import PLACES, Option, OptionError, counts_for_ratings, options_for, validate_options
from .option_pages import declare_groups, declare_texts, group_options, option_text
from .presets import Preset, declare_presets, preset_named, presets_for
from .ruleset import Capabilities, LiveRulesets, PlainRuleset, Ruleset, get_ruleset, register, rulesets, unregister
from .seats import SeatSpec, one_deciding, one_seat_per_side, side_of_seat
from .state import GameState, check_result

__all__ = ["Capabilities", "GameState", "LiveRulesets", "Option", "OptionError", "PlainRuleset", "Ruleset", "SeatSpec", "derive_seed",
           "get_ruleset", "next_random", "one_deciding", "one_seat_per_side", "register", "rulesets", "side_of_seat", "unregister",
           "validate_options", "PLACES", "counts_for_ratings", "options_for", "check_result",
           "Preset", "declare_groups", "declare_texts", "option_text", "declare_presets", "group_options", "preset_named", "presets_for"]
