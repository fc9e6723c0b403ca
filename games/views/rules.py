"""The rules page: one page per registered ruleset, summing up its rules, its terrain effects
(the engine's own table for the ruleset) and its cards."""
from __future__ import annotations

import re

from django.http import Http404
from django.shortcuts import render

from games.engine import DEFAULT_RULESET, RULESETS

_SOURCE_NOTE = re.compile(r"\s*\((?:[\w./]+\.py)\)")


def option_words(option) -> dict:
    """``{"name", "description"}`` of a ruleset option, in words: no option key and no
    source file named."""
    name = option.label
    description = _SOURCE_NOTE.sub("", option.description).replace("The engine takes", "The site takes")
    return {"name": name, "description": description}


def ruleset_page(request, name):
    rules = RULESETS.get(name)
    if rules is None:
        raise Http404("No such ruleset.")
    cards: dict[str, object] = {}
    for card in rules.cards.values():
        cards.setdefault(card.name, card)
    return render(request, "games/ruleset.html", {
        "ruleset": rules, "default": name == DEFAULT_RULESET,
        "cards": sorted(cards.values(), key=lambda c: (c.kind, c.name)),
        "options": [option_words(o) for o in rules.options],
        "terrain": rules.terrain_effects,
        "others": [r for n, r in sorted(RULESETS.items()) if n != name],
    })
