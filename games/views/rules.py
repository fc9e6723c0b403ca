"""The rules page: one page per registered ruleset, built from what the ruleset declares: its
summary, its options, and its terrain effects and cards when it has them (a game without
terrain or cards gets a page without those sections)."""
from __future__ import annotations

import re

from django.http import Http404
from django.shortcuts import render

from games.engine import DEFAULT_RULESET, group_options, option_text, presets_for, rulesets
from games.presentation.options import option_anchor

_SOURCE_NOTE = re.compile(r"\s*\((?:[\w./]+\.py)\)")


def option_words(option, ruleset: str = DEFAULT_RULESET) -> dict:
    """``{"name", "description"}`` of a ruleset option, in words: no option key and no
    source file named."""
    name = option.label
    description = _SOURCE_NOTE.sub("", option.description).replace("The engine takes", "The site takes")
    paragraphs = option_text(ruleset, option)
    text = (description,) if paragraphs == (option.description,) else paragraphs
    return {"name": name, "description": description, "anchor": option_anchor(option), "text": text}


class _Card:
    def __init__(self, name: str, text: str):
        self.name, self.text = name, text


def ruleset_page(request, name):
    known = rulesets()
    rules = known.get(name)
    if rules is None:
        raise Http404("No such ruleset.")
    cards: dict[str, object] = {}
    for key, card in (getattr(rules, "cards", None) or {}).items():
        if isinstance(card, str):           # a card declared by its words alone
            card = _Card(str(key).replace("_", " ").capitalize(), card)
        cards.setdefault(card.name, card)
    return render(request, "games/ruleset.html", {
        "ruleset": rules, "default": name == DEFAULT_RULESET,
        "summary": tuple(getattr(rules, "summary", ()) or ()),
        "cards": sorted(cards.values(), key=lambda c: (getattr(c, "kind", ""), c.name)),
        "options": [option_words(o, name) for o in rules.options],
        "option_groups": [(heading, [option_words(o, name) for o in options])
                          for heading, options in group_options(rules.name, rules.options)],
        "presets": [{"label": p.label, "description": p.description,
                     "options": [option_words(o)["name"] for o in rules.options if o.name in p.options]}
                    for p in presets_for(rules.name)],
        "terrain": tuple(getattr(rules, "terrain_effects", ()) or ()),
        "others": [r for n, r in sorted(known.items()) if n != name],
    })
