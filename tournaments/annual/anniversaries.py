"""The Annual Games list of the Advanced Rulebook: 31 battles, each on its anniversary.

Pure data and date arithmetic (no Django). Each entry names the shipped scenario file that
plays it (``games/scenarios/<slug>.json``, whose ``annual_number`` is the entry's number).

The list runs from Fort Donelson (15 February) to Murfreesboro (31 December); 25 May and
2 July carry two battles each. Where the printed list is wrong against history the entry
follows the scenario files and says so in ``correction`` (docs/scenarios.md).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from games.engine import CONFEDERATE, SIDE_NAMES, UNION



STATE_NAMES = {
    "AR": "Arkansas", "GA": "Georgia", "KY": "Kentucky", "MD": "Maryland", "MO": "Missouri",
    "PA": "Pennsylvania", "TN": "Tennessee", "VA": "Virginia", "WV": "West Virginia",
}


@dataclass(frozen=True, slots=True)
class Anniversary:
    """One entry of the Annual Games list."""

    number: int                 # 1..31, the list's order
    name: str                   # the battle, as the calendar shows it
    slug: str                   # the shipped scenario that plays it
    date: dt.date               # the battle's (first) day
    state: str                  # two-letter postal code, today's state
    first_player: str           # UNION or CONFEDERATE: the side that moves first
    first_appearance: str       # where the scenario first appeared, in the list's words
    correction: str = ""        # how and why this entry differs from the printed list

    @property
    def month_day(self) -> tuple[int, int]:
        return self.date.month, self.date.day

    @property
    def state_name(self) -> str:
        return STATE_NAMES.get(self.state, self.state)

    @property
    def first_player_name(self) -> str:
        return SIDE_NAMES[self.first_player]

    def in_year(self, year: int) -> dt.date:
        """The day of the anniversary in ``year`` (no battle of the list is on 29 February)."""
        return self.date.replace(year=year)

    def years_since(self, year: int) -> int:
        """How many years the anniversary in ``year`` is after the battle."""
        return year - self.date.year


def _a(number, name, slug, day, state, first, appearance, correction=""):
    return Anniversary(number, name, slug, dt.date.fromisoformat(day), state, first,
                       appearance, correction)


C, U = CONFEDERATE, UNION
ORIGINAL, DISCONTINUED = "Original", "Original (Discontinued)"
BC150, JACKSON, T2002 = "150th Anniversary", "Jackson Campaign", "2002 Tournament"

#: The list, in its printed order (which is also the order of the calendar year).
ANNIVERSARIES: tuple[Anniversary, ...] = (
    _a(1, "Fort Donelson (Confederate Breakout)", "fort-donelson", "1862-02-15", "TN", C, BC150),
    _a(2, "Little Sugar Creek", "little-sugar-creek", "1862-02-17", "AR", U, BC150),
    _a(3, "Pea Ridge (Elkhorn Tavern)", "pea-ridge", "1862-03-07", "AR", C, T2002),
    _a(4, "Kernstown", "kernstown", "1862-03-23", "VA", C, ORIGINAL),
    _a(5, "Shiloh (1st Day)", "shiloh", "1862-04-06", "TN", C, ORIGINAL),
    _a(6, "Chancellorsville (3rd Day)", "chancellorsville", "1863-05-03", "VA", C, DISCONTINUED),
    _a(7, "Williamsburg", "williamsburg", "1862-05-05", "VA", C, BC150),
    _a(8, "McDowell", "mcdowell", "1862-05-08", "VA", U, JACKSON),
    _a(9, "New Market", "new-market", "1864-05-15", "VA", C, ORIGINAL,
       "The list says \"(3rd Day)\"; New Market was fought in one day."),
    _a(10, "New Hope Church", "new-hope-church", "1864-05-25", "GA", U, ORIGINAL),
    _a(11, "Winchester", "winchester", "1862-05-25", "VA", C, JACKSON,
       "The list prints 1864; the First Battle of Winchester was fought in 1862."),
    _a(12, "Oak Grove", "oak-grove", "1862-06-25", "VA", U, BC150),
    _a(13, "Gaines Mill", "gaines-mill", "1862-06-27", "VA", C, ORIGINAL),
    _a(14, "Falling Waters (Hoke's Run)", "falling-waters", "1861-07-02", "WV", U, T2002),
    _a(15, "Gettysburg (2nd Day: Devil's Den & Wheatfield)", "gettysburg-devils-den",
       "1863-07-02", "PA", C, ORIGINAL),
    _a(16, "Gettysburg (3rd Day: Pickett's Charge)", "gettysburg-picketts-charge",
       "1863-07-03", "PA", C, ORIGINAL),
    _a(17, "First Bull Run", "first-bull-run", "1861-07-21", "VA", U, ORIGINAL),
    _a(18, "Cedar Mountain", "cedar-mountain", "1862-08-09", "VA", U, JACKSON,
       "The list says \"(3rd Day)\"; Cedar Mountain was fought in one day."),
    _a(19, "Wilson's Creek (Bloody Hill)", "wilsons-creek", "1861-08-10", "MO", U, BC150),
    _a(20, "Second Bull Run (Brawner's Farm)", "second-bull-run", "1862-08-28", "VA", C, ORIGINAL),
    _a(21, "Richmond (Union Final Position)", "richmond-ky", "1862-08-30", "KY", C, BC150),
    _a(22, "Ox Hill", "ox-hill", "1862-09-01", "VA", U, BC150),
    _a(23, "Antietam", "antietam", "1862-09-17", "MD", U, ORIGINAL),
    _a(24, "Chickamauga (2nd Day)", "chickamauga", "1863-09-20", "GA", C, ORIGINAL),
    _a(25, "Greenbrier River", "greenbrier-river", "1861-10-03", "WV", U, BC150),
    _a(26, "Perryville", "perryville", "1862-10-08", "KY", C, BC150),
    _a(27, "Belmont", "belmont", "1861-11-07", "MO", U, BC150),
    _a(28, "Prairie Grove", "prairie-grove", "1862-12-07", "AR", C, BC150),
    _a(29, "Fredericksburg", "fredericksburg", "1862-12-13", "VA", U, ORIGINAL),
    _a(30, "Dranesville", "dranesville", "1861-12-20", "VA", C, BC150),
    _a(31, "Murfreesboro (1st Day)", "murfreesboro", "1862-12-31", "TN", C, ORIGINAL),
)

BY_NUMBER: dict[int, Anniversary] = {a.number: a for a in ANNIVERSARIES}
BY_SLUG: dict[str, Anniversary] = {a.slug: a for a in ANNIVERSARIES}


@dataclass(frozen=True, slots=True)
class Day:
    """A date of a given year and the anniversaries that fall on it."""

    date: dt.date
    anniversaries: tuple[Anniversary, ...]


def schedule(year: int) -> list[Day]:
    """The year's calendar: each date carrying anniversaries, in order (29 dates, two of them
    with two battles), the battles of one date in the list's order."""
    days: dict[dt.date, list[Anniversary]] = {}
    for a in ANNIVERSARIES:
        days.setdefault(a.in_year(year), []).append(a)
    return [Day(d, tuple(sorted(found, key=lambda a: a.number)))
            for d, found in sorted(days.items())]


def on(day: dt.date) -> tuple[Anniversary, ...]:
    """The anniversaries that fall on ``day`` (none on most days)."""
    return tuple(a for a in ANNIVERSARIES if a.month_day == (day.month, day.day))


def next_after(day: dt.date) -> Day:
    """The first date strictly after ``day`` that carries anniversaries (into next year
    after Murfreesboro)."""
    for year in (day.year, day.year + 1):
        for entry in schedule(year):
            if entry.date > day:
                return entry
    raise AssertionError("unreachable: every year has anniversaries")


def days_to(anniversary: Anniversary, day: dt.date) -> tuple[dt.date, int]:
    """The next date (``day`` included) of ``anniversary`` and how many days away it is."""
    this_year = anniversary.in_year(day.year)
    when = this_year if this_year >= day else anniversary.in_year(day.year + 1)
    return when, (when - day).days
