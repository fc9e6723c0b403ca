"""Option schemas: each option a ruleset accepts is declared once, with its type, default,
words and relations, and the site builds its forms, API fields and pages from the declaration.

``validate_options`` refuses what the schema does not declare, by name, so a misspelt
option (``{"nighfall": True}``) is an error rather than silently ignored; it also refuses
two options that exclude each other, or one without an option it requires, naming both by
their labels (the words a member reads on the form).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: Where members choose options: a match (challenge or seek), a solo match against Archie,
#: a campaign, a competition (league, cup or annual games), a team table.
PLACES = ("match", "solo", "campaign", "competition", "table")


class OptionError(ValueError):
    """An option the ruleset does not know, or a value of the wrong type; names the option."""

    def __init__(self, option: str, message: str):
        self.option = option
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class Option:
    """One declared option.

    ``kind`` is ``bool``, ``int`` or ``str``; ``choices``, when given, lists every value
    allowed (``None`` among them if the option may be unset).

    ``label``: a short name for forms and pages (the ``description`` is the help text).
    ``excludes`` / ``requires``: names of other options of the same ruleset this one may not
    be set with / may be set only with; ``why``: the reason, in plain words, that a refusal
    for either gives after naming both options by their labels. ``rated``: whether games under it count for ratings
    and standings by default. ``chosen_on``: the places (:data:`PLACES`) where members
    choose it on a form; empty for an option the site sets from elsewhere (from the seats,
    from a campaign's pre-battle dice, or one only the engine's own callers use).
    """

    name: str
    kind: type
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None
    label: str = ""
    excludes: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    rated: bool = True
    chosen_on: tuple[str, ...] = field(default=PLACES)
    why: str = ""

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.name.replace("_", " ").capitalize())
        unknown = set(self.chosen_on) - set(PLACES)
        if unknown:
            raise ValueError(f"option {self.name!r}: unknown places {sorted(unknown)}")

    @property
    def public(self) -> bool:
        """Whether members choose it somewhere (else the site sets it itself)."""
        return bool(self.chosen_on)

    def is_set(self, value: Any) -> bool:
        """Whether ``value`` differs from the default (the option is in force)."""
        return value != self.default

    def check(self, value: Any) -> None:
        """Raise :class:`OptionError` unless ``value`` fits this option."""
        if self.choices is not None:
            if value not in self.choices or (value is not None and type(value) is not self.kind):
                allowed = ", ".join(repr(c) for c in self.choices)
                raise OptionError(self.name, f"option {self.name!r} must be one of {allowed}, "
                                             f"not {value!r}")
            return
        if type(value) is not self.kind:     # bool is not accepted for int, nor 1 for bool
            raise OptionError(self.name, f"option {self.name!r} must be a {self.kind.__name__}, "
                                         f"not {value!r}")


def validate_options(schema: tuple[Option, ...], options: Mapping[str, Any] | None) -> dict:
    """A checked copy of ``options`` (only the options given; defaults are not filled in).

    Raises :class:`OptionError` naming the first unknown or ill-typed option.
    """
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise OptionError("", f"options must be a mapping of names to values, not {options!r}")
    by_name = {o.name: o for o in schema}
    out = {}
    for name, value in options.items():
        option = by_name.get(name) if isinstance(name, str) else None
        if option is None:
            known = ", ".join(sorted(by_name)) or "none"
            raise OptionError(str(name), f"unknown option {name!r} (known options: {known})")
        option.check(value)
        out[name] = value
    in_force = {name for name, value in out.items() if by_name[name].is_set(value)}
    for name in sorted(in_force):
        option = by_name[name]
        for other in option.excludes:
            if other in in_force:
                raise OptionError(name, _refusal(option, "cannot be played with", by_name, other,
                                                 "choose one of them"))
        for other in option.requires:
            if other not in in_force:
                raise OptionError(name, _refusal(option, "needs", by_name, other,
                                                 "turn that on too, or leave this off"))
    return out


def _refusal(option: Option, verb: str, by_name: Mapping[str, Option], other: str,
             otherwise: str) -> str:
    """A refused combination in words: both options by their labels, then the reason the
    option gives (or what to do)."""
    return f"{option.label} {verb} {_label(by_name, other)}: {option.why or otherwise}"


def _label(by_name: Mapping[str, Option], name: str) -> str:
    option = by_name.get(name)
    return option.label if option is not None else name.replace("_", " ")


def options_for(schema: tuple[Option, ...], place: str) -> tuple[Option, ...]:
    """The options members choose at ``place`` (one of :data:`PLACES`), in declared order."""
    return tuple(o for o in schema if place in o.chosen_on)


def counts_for_ratings(schema: tuple[Option, ...], options: Mapping[str, Any] | None) -> bool:
    """Whether a game under ``options`` counts for ratings and standings: no option in
    force is declared unrated."""
    by_name = {o.name: o for o in schema}
    return all(by_name[n].rated for n, v in (options or {}).items()
               if n in by_name and by_name[n].is_set(v))
