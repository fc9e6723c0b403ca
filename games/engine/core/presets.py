"""Presets: named bundles of options a club picks in one go instead of one by one.

A preset is data beside the options it sets: a key, a label, a one-line description and the
option values. It is checked by the same rules as options chosen one by one
(:func:`~games.engine.core.options.validate_options`), so a preset can never hold a
combination a form would refuse. Rulesets declare theirs with :func:`declare_presets`; the
site reads them with :func:`presets_for` and a club's own presets are kept by the site in
the same shape (a name and a mapping of option values).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .options import Option, validate_options


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of option values (only those away from their defaults)."""

    key: str
    label: str
    description: str
    options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))


_DECLARED: dict[str, tuple[Preset, ...]] = {}


def check_preset(schema: tuple[Option, ...], preset: Preset) -> None:
    """Raise :class:`~games.engine.core.options.OptionError` unless every value of the preset
    is one the schema accepts, together."""
    validate_options(schema, preset.options)


def declare_presets(ruleset: str, schema: tuple[Option, ...], presets: tuple[Preset, ...]) -> None:
    """Declare the presets of ``ruleset`` (checked against its option ``schema``); keys are
    unique within a ruleset."""
    keys = [p.key for p in presets]
    if len(set(keys)) != len(keys):
        raise ValueError(f"presets of {ruleset!r}: a key is declared twice in {keys}")
    for preset in presets:
        check_preset(schema, preset)
    _DECLARED[ruleset] = tuple(presets)


def presets_for(ruleset: str) -> tuple[Preset, ...]:
    """The presets declared for ``ruleset``, in declared order (none for most rulesets)."""
    return _DECLARED.get(ruleset, ())


def preset_named(ruleset: str, key: str) -> Preset | None:
    """The preset ``key`` of ``ruleset``, or None."""
    for preset in presets_for(ruleset):
        if preset.key == key:
            return preset
    return None

