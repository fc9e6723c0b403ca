"""How forms and pages set out a ruleset's options: headings over groups of options, and
a longer text explaining an option than its one-line description. Declared by a ruleset
(``declare_groups``, ``declare_texts``) beside its options; the site reads them without
naming an option."""
from __future__ import annotations

from collections.abc import Mapping

from .options import Option

_GROUPS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {}

#: The heading of a ruleset's options that no declared group names.
GENERAL_GROUP = "Options"


def declare_groups(ruleset: str, groups: tuple[tuple[str, tuple[str, ...]], ...]) -> None:
    """Declare headings for the options of ``ruleset``: ``((heading, (name, ...)), ...)``.
    A name may be declared before its option exists (it is simply not shown)."""
    _GROUPS[ruleset] = tuple(groups)


def group_options(ruleset: str, options: tuple[Option, ...],
                  rest: str = GENERAL_GROUP) -> list[tuple[str, list[Option]]]:
    """``options`` under their headings, in the declared order of headings, each heading's
    options in the order given; options no heading names come first under ``rest``.
    Headings without options are left out."""
    heading_of: dict[str, str] = {}
    order: list[str] = [rest]
    for heading, names in _GROUPS.get(ruleset, ()):
        order.append(heading)
        for name in names:
            heading_of.setdefault(name, heading)
    grouped: dict[str, list[Option]] = {h: [] for h in order}
    for option in options:
        grouped[heading_of.get(option.name, rest)].append(option)
    return [(h, grouped[h]) for h in order if grouped[h]]


_TEXTS: dict[str, dict[str, tuple[str, ...]]] = {}


def declare_texts(ruleset: str, texts: Mapping[str, tuple[str, ...]]) -> None:
    """Declare the full texts of options of ``ruleset``, by name: paragraphs in the site's
    own words."""
    _TEXTS[ruleset] = {name: tuple(paragraphs) for name, paragraphs in texts.items()}


def option_text(ruleset: str, option: Option) -> tuple[str, ...]:
    """The paragraphs explaining ``option`` (its description when no text is declared)."""
    return _TEXTS.get(ruleset, {}).get(option.name) or (option.description,)
