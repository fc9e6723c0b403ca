"""Option schemas: each option a ruleset accepts is declared with its type and default.

``validate_options`` refuses what the schema does not declare, by name, so a misspelt
option (``{"nighfall": True}``) is an error rather than silently ignored.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


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
    """

    name: str
    kind: type
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None

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
    return out
