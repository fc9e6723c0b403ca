"""Options in a player's words: an option's label from its ruleset's declaration, and the
options in force in a game or match as label and value, for the game page, the match page,
the lobby and the competition pages alike. No option is named here: the words are the
rulesets' own (their ``Option.label``)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import DEFAULT_RULESET, RULESETS, Option


def declared_anywhere(name: str) -> Option | None:
    """The declaration of ``name`` in the first registered ruleset that has it."""
    for rules in RULESETS.values():
        for option in rules.options:
            if option.name == name:
                return option
    return None


def option_label(name: str) -> str:
    """An option's label, from whichever ruleset declares it (its name in words otherwise)."""
    option = declared_anywhere(name)
    return option.label if option is not None else name.replace("_", " ")


def option_anchor(option: Option) -> str:
    """The anchor of an option's text on its rules page, made of its label's words
    ("House-rule-return-fire"): the pages name options by their labels only. Only the first
    letter is a capital: no option's own name (lower case) nor a card's (capitalised words)
    is spelled out by an anchor."""
    from django.utils.text import slugify
    slug = slugify(option.label)
    return slug[:1].upper() + slug[1:]


def value_words(value: Any) -> str:
    """A value in words: yes/no, a number, a choice."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "none"
    return str(value).replace("_", " ").capitalize() if isinstance(value, str) else str(value)


def options_in_force(ruleset: str, options: Mapping[str, Any] | None,
                     public_only: bool = True) -> list[dict]:
    """``[{"name", "label", "value", "text"}]``: each option set away from its default, in
    the order the ruleset declares them. ``text`` is the label alone for a yes/no option
    ("Nightfall"), else "label: value". ``public_only``: leave out the options the site
    sets itself (Archie's side, a campaign's pre-battle dice), which the pages tell apart."""
    rules = RULESETS.get(ruleset) or RULESETS[DEFAULT_RULESET]
    given = options or {}
    out = []
    for option in rules.options:
        if option.name not in given or not option.is_set(given[option.name]):
            continue
        if public_only and not option.public:
            continue
        value = given[option.name]
        text = option.label if value is True else f"{option.label}: {value_words(value)}"
        out.append({"name": option.name, "label": option.label, "value": value_words(value),
                    "text": text})
    return out


def options_text(ruleset: str, options: Mapping[str, Any] | None, none: str = "None") -> str:
    """The options in force in one line ("Nightfall", "None")."""
    return ", ".join(o["text"] for o in options_in_force(ruleset, options)) or none


def victory_terms(ruleset: str, options: Mapping[str, Any] | None) -> Any:
    """The ruleset's victory terms changed by the options in force (``victory_for``)."""
    rules = RULESETS.get(ruleset) or RULESETS[DEFAULT_RULESET]
    return rules.victory_for(options or {})
