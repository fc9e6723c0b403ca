"""The schema of actions and events for any ruleset.

Battle Cry's actions and events are typed one component each, told apart by ``type``
(``BattleCryAction``, ``BattleCryActionRequest``, ``BattleCryEvent``, with their
discriminator). A ruleset of another game has actions and events of its own, whose ``type``
may share a Battle Cry name with another shape (a ``move`` of a piece to a square), so
``Action``, ``ActionRequest`` and ``Event`` are one of two variants: the Battle Cry one, or
``RulesetAction`` / ``RulesetActionRequest`` / ``RulesetEvent``, an object with a ``type`` that
is not a Battle Cry shape (the ruleset's own fields beside it). Each action or event matches
exactly one variant.
"""
from __future__ import annotations

COMPONENTS = ("Action", "ActionRequest", "Event")
WORDS = {"Action": ("An action of the game's rules, as the engine lists it among the legal "
                    "actions; send it back as it is."),
         "Event": "An event of the game's rules, as the requester may see it."}
OTHER = {"Action": ("An action of another ruleset: a ``type`` and the ruleset's own fields "
                    "(not one of Battle Cry's shapes)."),
         "Event": "An event of another ruleset: a ``type`` and the ruleset's own fields."}


def ruleset_variants(result, generator, request, public):
    """A drf-spectacular postprocessing hook: each of ``COMPONENTS`` becomes one of its Battle
    Cry variant and the variant of other rulesets."""
    schemas = result.get("components", {}).get("schemas", {})
    for name in COMPONENTS:
        component = schemas.get(name)
        if not component or "discriminator" not in component:
            continue
        words = "Event" if name == "Event" else "Action"
        battlecry, other = f"BattleCry{name}", f"Ruleset{name}"
        schemas[battlecry] = component
        schemas[other] = {"type": "object", "description": OTHER[words],
                          "properties": {"type": {"type": "string"}}, "required": ["type"],
                          "not": {"$ref": f"#/components/schemas/{battlecry}"}}
        schemas[name] = {"description": WORDS[words],
                         "oneOf": [{"$ref": f"#/components/schemas/{battlecry}"},
                                   {"$ref": f"#/components/schemas/{other}"}]}
    return result
