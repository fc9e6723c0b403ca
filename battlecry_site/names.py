"""Names people choose (a member's display name, a club's or a competition's name) are
one line of printable text: they go into e-mail subjects, where a line break makes the
mail fail (a header cannot hold one), and into mail bodies and pages, where a line break
or another control character would let a name pass for a line of the site's own.

:func:`validate_name` refuses them at input (model fields, forms, API serializers and the
services); :func:`mended` makes a stored name one clean line; :func:`one_line_subject`
builds every e-mail subject, so a name that slipped in some other way can never stop one.
"""
from __future__ import annotations

import re
import unicodedata

from django.core.exceptions import ValidationError

#: Control characters (C0, DEL, C1) and the Unicode line and paragraph separators.
_BREAKING = ("Cc", "Zl", "Zp")
MESSAGE = "A name is one line: it cannot hold line breaks, tabs or other control characters."


def has_control_characters(text: str) -> bool:
    return any(unicodedata.category(ch) in _BREAKING for ch in text)


def validate_name(value: str) -> None:
    """Refuse a name holding a line break, a tab or another control character."""
    if has_control_characters(value or ""):
        raise ValidationError(MESSAGE, code="control_characters")


def mended(text: str) -> str:
    """``text`` as one line: each run of control characters and spaces becomes one space."""
    cleaned = "".join(" " if unicodedata.category(ch) in _BREAKING else ch for ch in text or "")
    return re.sub(r"\s+", " ", cleaned).strip()


def one_line_subject(subject: str) -> str:
    """The subject every e-mail of the site goes out with: ``subject`` on one line, whatever
    the names quoted in it hold."""
    return mended(subject)
