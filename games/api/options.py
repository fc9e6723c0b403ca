"""API fields built from the rulesets' declared options (games/engine/core/options.py).

``options_serializer(place)`` is a serializer with one optional field per option members
choose at that place, under any registered ruleset, each documented in the OpenAPI schema
with its label, description, default and the rules that have it: a request sends
``"options": {"<name>": value}``. The services check them against the ruleset chosen
(refusing, by label, an option it lacks). No option is named here except the old top-level
fields below, which existing clients still send.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from rest_framework import serializers

from games.engine import RULESETS, Option, options_for

#: Options the API took as top-level fields before options were declared data: still
#: accepted (mapped into ``options``) and still answered, so existing clients keep working.
#: No other option gets a top-level field.
LEGACY_TOP_LEVEL = ("nightfall",)


def _offered(place: str) -> dict[str, tuple[Option, list[str], list]]:
    """Each option name chosen at ``place``: its first ruleset's declaration, the rulesets
    that have it, and the values any of them takes (rulesets may offer one option with
    different choices: the team modes are Epic and Doubles under the Advanced rules, Grand
    Battle Cry under the standard ones)."""
    out: dict[str, tuple[Option, list[str], list]] = {}
    for name, rules in sorted(RULESETS.items()):
        for option in options_for(rules.options, place):
            _, names, choices = out.setdefault(option.name, (option, [], []))
            names.append(name)
            choices += [c for c in option.choices or () if c not in choices]
    return out


def api_field(option: Option, rulesets: list[str], choices: list | None = None) -> serializers.Field:
    help_text = (f"{option.label}: {option.description} Default {option.default!r}. "
                 f"Rules that have it: {', '.join(rulesets)}.")
    if option.choices is not None:
        choices = choices or list(option.choices)
        return serializers.ChoiceField(choices=[c for c in choices if c is not None],
                                       allow_null=None in choices, required=False,
                                       help_text=help_text)
    if option.kind is bool:
        return serializers.BooleanField(required=False, help_text=help_text)
    if option.kind is int:
        return serializers.IntegerField(required=False, help_text=help_text)
    return serializers.CharField(required=False, help_text=help_text)


class _LiveOptions(serializers.Serializer):
    """An ``options`` object whose fields are the options chosen at ``place`` under the
    rulesets registered now: the fields, and so the schema, are built from the registry each
    time (a ruleset registered after start-up is offered too). A name no ruleset offers there
    is refused by name rather than dropped."""

    place = ""

    def get_fields(self) -> dict[str, serializers.Field]:
        return {name: api_field(option, names, choices)
                for name, (option, names, choices) in _offered(self.place).items()}

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    {name: [f"No rules offer an option named {name!r} here."] for name in unknown})
        return super().to_internal_value(data)


@lru_cache(maxsize=None)
def options_serializer(place: str) -> type[serializers.Serializer]:
    """The serializer of the ``options`` object at ``place`` (one class per place)."""
    ref = f"{place.capitalize()}Options"
    attrs: dict[str, Any] = {"place": place, "Meta": type("Meta", (), {"ref_name": ref}),
                             "__doc__": (f"The options of the rules chosen, by name (those members "
                                         f"choose for a {place}); each is optional and left at its "
                                         f"default when not sent.")}
    return type(ref, (_LiveOptions,), attrs)


def options_field(place: str) -> serializers.Serializer:
    return options_serializer(place)(required=False, help_text=(
        "Options of the rules chosen, by name; an option the rules do not have is refused."))


def legacy_field() -> serializers.BooleanField:
    return serializers.BooleanField(required=False, help_text=(
        "Deprecated: the same as sending this option in ``options``."))


def options_of(validated: dict) -> dict:
    """The ``options`` mapping of a validated request: the ``options`` object, and the old
    top-level fields mapped into it (an option at its default is left out)."""
    chosen = dict(validated.get("options") or {})
    for name in LEGACY_TOP_LEVEL:
        if validated.get(name):
            chosen.setdefault(name, validated[name])
    return {k: v for k, v in chosen.items() if v not in (None, False)}


class LegacyOptionField(serializers.BooleanField):
    """An old top-level field in an answer: whether the option of that name is on."""

    def __init__(self, **kwargs):
        super().__init__(source="options", read_only=True,
                         help_text="Deprecated: read ``options`` instead.", **kwargs)

    def to_representation(self, value):
        return bool((value or {}).get(self.field_name))
