"""Escaping and cell keys shared by the board renderers (hex and square)."""
from __future__ import annotations

from collections.abc import Mapping
from html import escape


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
