"""Escaping, cell keys and the clickable cells' attributes shared by the board renderers
(hex and square)."""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from html import escape

#: A class name a renderer may write.
CLASS_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
_ATTR_NAME = re.compile(r"^[A-Za-z_:@][A-Za-z0-9_:.@-]*$")
#: Attributes a renderer writes itself on every cell.
_RESERVED_ATTRS = {"data-col", "data-row", "transform"}

CellAttrs = Callable[[int, int], "Mapping[str, object] | None"]


def attr(value: object) -> str:
    """An attribute value, escaped for HTML and XML alike."""
    return escape(str(value), quote=True)


def text(value: object) -> str:
    """Text content, escaped."""
    return escape(str(value), quote=False)


def cell_key(cell) -> tuple[int, int]:
    """``(col, row)`` of a cell given as ``{"col", "row"}`` or as a pair."""
    if isinstance(cell, Mapping):
        return int(cell["col"]), int(cell["row"])
    col, row = cell
    return int(col), int(row)


def cell_attributes(cell_attrs: CellAttrs | None, col: int, row: int, classes: list[str],
                    what: str = "cell") -> str:
    """The page's attributes for the cell at ``(col, row)`` (e.g. its ``hx-post``), written
    out; a ``class`` attribute is added to ``classes`` instead.  ValueError for an attribute
    name that is not allowed or that the renderer writes itself."""
    out = ""
    if cell_attrs is None:
        return out
    for name, value in (cell_attrs(col, row) or {}).items():
        if value is None or value is False:
            continue
        if not _ATTR_NAME.match(name) or name in _RESERVED_ATTRS:
            raise ValueError(f"attribute not allowed on a {what}: {name!r}")
        if name == "class":
            classes.extend(str(value).split())
            continue
        out += f' {name}="{attr("" if value is True else value)}"'
    return out
