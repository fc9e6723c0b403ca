"""Reading JSON sent by players: a form field, an API body, an imported scenario file.

``json.loads`` alone lets through what later breaks a request with an error 500: nesting
deep enough to exhaust the stack (RecursionError), integers with thousands of digits
(ValueError past Python's 4,300-digit limit), NaN and Infinity, and strings that the
database refuses (a NUL character, or a lone surrogate that is not UTF-8).  :func:`loads`
refuses each with an :class:`UnsafeJSON` whose message a player can read.
"""
from __future__ import annotations

import json
import re

#: Deeper than any action, profile or scenario file of the site.
MAX_DEPTH = 20
#: The widest integer kept (a 64-bit signed one).
MAX_INT = 2**63 - 1
_BAD_CHARS = re.compile("[\x00\ud800-\udfff]")


class UnsafeJSON(ValueError):
    """The text is not JSON the site accepts; ``str()`` says why in plain words, as the
    end of a sentence whose subject the caller names ("The file " + str(exc))."""


def _no_constant(name: str):
    raise UnsafeJSON(f"holds {name}, which is not a number the site accepts.")


def loads(text: str | bytes, *, max_depth: int = MAX_DEPTH):
    """Parse ``text`` and check it with :func:`check`."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except UnsafeJSON:
        raise
    except RecursionError:
        raise UnsafeJSON(f"is nested too deeply (at most {max_depth} levels).") from None
    except json.JSONDecodeError as exc:
        raise UnsafeJSON(f"is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}.") from None
    except ValueError:  # an integer beyond Python's digit limit, bytes that are not UTF-8
        raise UnsafeJSON("holds a number with too many digits, or text that is not UTF-8.") from None
    check(data, max_depth=max_depth)
    return data


def check(data, *, max_depth: int = MAX_DEPTH) -> None:
    """Refuse nesting deeper than ``max_depth``, integers beyond 64 bits, and strings (keys
    too) holding a NUL character or a lone surrogate."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth > max_depth:
                raise UnsafeJSON(f"is nested too deeply (at most {max_depth} levels).")
            if isinstance(value, dict):
                for key in value:
                    _check_text(key)
                stack.extend((v, depth + 1) for v in value.values())
            else:
                stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str):
            _check_text(value)
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
            raise UnsafeJSON("holds a number too large for the site.")


def _check_text(text: str) -> None:
    if _BAD_CHARS.search(text):
        raise UnsafeJSON("holds a NUL character or an invalid (surrogate) character in its text.")
