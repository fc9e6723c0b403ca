"""The game-agnostic core under the facade: rulesets by name, option schemas, chance.

Nothing here knows Battle Cry; a ruleset (``games.engine.battlecry``) plugs into it.
"""
from .chance import derive_seed, next_random
from .options import Option, OptionError, validate_options
from .ruleset import Capabilities, Ruleset, get_ruleset, register, rulesets

__all__ = ["Capabilities", "Option", "OptionError", "Ruleset", "derive_seed", "get_ruleset",
           "next_random", "register", "rulesets", "validate_options"]
