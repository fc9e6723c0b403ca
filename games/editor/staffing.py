"""The published staffing of the 2010 edition's battles (``published_staffing.json``, with
its source and confidence), and a battle's armies compared with it: the editor shows the
comparison for a correction of a shipped battle, and says plainly where the map differs.

The file is kept beside this module, not in ``games/scenarios/`` (every ``.json`` there is
a scenario file that ``load_scenarios`` reads)."""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from games.engine import FULL_FIGURES, SIDE_NAMES, SIDES

from .checks import counts

STAFFING_FILE = Path(__file__).with_name("published_staffing.json")


@lru_cache(maxsize=1)
def staffing_file() -> dict:
    return json.loads(STAFFING_FILE.read_text(encoding="utf-8"))


def published_entry(slug: str, club_edition: bool = False) -> tuple[str, dict] | None:
    """The published battle a scenario's slug stands for, as (its slug, its entry): the slug
    itself, or for a club's edition (``belmont-rebels``, published under the battle's slug
    followed by the club's) the longest published slug it begins with."""
    battles = staffing_file()["battles"]
    parts = str(slug).split("-")
    for end in range(len(parts), 0 if club_edition else len(parts) - 1, -1):
        key = "-".join(parts[:end])
        if key in battles:
            return key, battles[key]
    return None


@dataclass
class SideStaffing:
    side: str
    name: str
    commander: str
    cards: int | None
    kinds: dict            # unit kind -> count (None: not given)
    units: int | None
    figures: int | None    # at full strength
    generals: int | None


@dataclass
class Comparison:
    slug: str
    number: int
    battle: str
    confidence: str
    confidence_words: str
    note: str
    first_side: str | None
    flags: int | None
    sides: list[SideStaffing] = field(default_factory=list)
    differences: list[str] = field(default_factory=list)   # the map against the published staffing

    @property
    def found(self) -> bool:
        return bool(self.sides)


def _side(side: str, entry: Mapping) -> SideStaffing:
    kinds = {k: entry.get(k) for k in FULL_FIGURES}
    known = all(type(n) is int for n in kinds.values())
    return SideStaffing(
        side=side, name=SIDE_NAMES[side], commander=str(entry.get("commander", "")),
        cards=entry.get("cards"), kinds=kinds,
        units=sum(kinds.values()) if known else None,
        figures=sum(n * FULL_FIGURES[k] for k, n in kinds.items()) if known else None,
        generals=entry.get("generals"))


def _sides_of(data) -> Mapping:
    sides = data.get("sides") if isinstance(data, Mapping) else None
    return sides if isinstance(sides, Mapping) else {}


def differences(data, published: list[SideStaffing], first_side, flags) -> list[str]:
    """Where the battle ``data`` differs from the published staffing, one sentence each."""
    out = []
    on_map = {c["side"]: c for c in counts(data)}
    sides = _sides_of(data)
    for pub in published:
        mine = on_map[pub.side]
        info = sides.get(pub.side) if isinstance(sides.get(pub.side), Mapping) else {}
        for kind, n in pub.kinds.items():
            if n is not None and mine["kinds"][kind] != n:
                out.append(f"{pub.name} {kind}: {mine['kinds'][kind]} units on the map, {n} published.")
        if pub.generals is not None and mine["generals"] != pub.generals:
            out.append(f"{pub.name} generals: {mine['generals']} on the map, {pub.generals} published.")
        if pub.figures is not None and mine["units"] == pub.units and mine["figures"] != pub.figures:
            out.append(f"{pub.name} figures: {mine['figures']} on the map, {pub.figures} at full strength.")
        if pub.cards is not None and info.get("cards") != pub.cards:
            out.append(f"{pub.name} cards in hand: {info.get('cards')} in the file, {pub.cards} published.")
        if flags is not None and info.get("flags") != flags:
            out.append(f"{pub.name} flags to win: {info.get('flags')} in the file, {flags} published.")
    if first_side is not None and isinstance(data, Mapping) and data.get("first_side") != first_side:
        out.append(f"Moves first: {SIDE_NAMES.get(data.get('first_side'), data.get('first_side'))} "
                   f"in the file, {SIDE_NAMES[first_side]} published.")
    return out


def compare(data, slug: str, club_edition: bool = False) -> Comparison | None:
    """The battle ``data`` against the published staffing of the battle ``slug`` stands for;
    None when the 2010 edition has no such battle."""
    found = published_entry(slug, club_edition)
    if found is None:
        return None
    key, entry = found
    doc = staffing_file()
    published = [_side(s, entry[s]) for s in SIDES if isinstance(entry.get(s), Mapping)]
    first, flags = entry.get("first_side"), entry.get("flags")
    return Comparison(
        slug=key, number=entry["number"], battle=entry["battle"], confidence=entry["confidence"],
        confidence_words=doc["confidence"].get(entry["confidence"], ""), note=entry.get("note", ""),
        first_side=first, flags=flags, sides=published,
        differences=differences(data, published, first, flags) if published else [])
