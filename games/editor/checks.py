"""A draft checked as the import checks a file: every problem, with the hex it names (for
the mark on the board), and each side's counts (units by kind, figures, generals)."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from games.engine import FULL_FIGURES, SIDE_NAMES, SIDES, UNIT_KINDS
from games.models.scenario import scenario_file_errors

from .schema_errors import schema_errors

_AT = re.compile(r" at \((-?\d+),(-?\d+)\)")
_ENTRY = re.compile(r"^(terrain|units|generals|flag_tokens)\[(\d+)\]")


@dataclass
class Problem:
    text: str
    hex: tuple[int, int] | None = None


@dataclass
class Checked:
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def hexes(self) -> set[tuple[int, int]]:
        return {p.hex for p in self.problems if p.hex is not None}


def _hex_of_entry(data: Mapping, message: str) -> tuple[int, int] | None:
    m = _ENTRY.match(message)
    if not m:
        return None
    entries = data.get(m.group(1))
    i = int(m.group(2))
    if not isinstance(entries, list) or i >= len(entries) or not isinstance(entries[i], Mapping):
        return None
    h = entries[i].get("hex")
    if isinstance(h, Mapping) and type(h.get("col")) is int and type(h.get("row")) is int:
        return h["col"], h["row"]
    return None


def check(data) -> Checked:
    """The import's problems with the draft, each with its hex when it names one."""
    out = Checked()
    for text in scenario_file_errors(data, find_schema_errors=schema_errors):
        m = _AT.search(text)
        where = (int(m.group(1)), int(m.group(2))) if m else _hex_of_entry(data, text)
        out.problems.append(Problem(text, where))
    return out


def _entries(data, field: str) -> list:
    value = data.get(field) if isinstance(data, Mapping) else None
    return value if isinstance(value, list) else []


def counts(data) -> list[dict]:
    """Per side: units by kind, figures on the map, generals."""
    units = [u for u in _entries(data, "units") if isinstance(u, Mapping)]
    generals = [g for g in _entries(data, "generals") if isinstance(g, Mapping)]
    rows = []
    for side in SIDES:
        mine = [u for u in units if u.get("side") == side]
        kinds = Counter(u.get("kind") for u in mine if u.get("kind") in UNIT_KINDS)
        figures = 0
        for u in mine:
            kind = u.get("kind")
            n = u.get("figures", FULL_FIGURES[kind] if kind in UNIT_KINDS else 0)
            figures += n if type(n) is int else 0
        rows.append({"side": side, "name": SIDE_NAMES[side], "units": len(mine),
                     "kinds": {k: kinds.get(k, 0) for k in FULL_FIGURES}, "figures": figures,
                     "generals": sum(1 for g in generals if g.get("side") == side)})
    return rows
