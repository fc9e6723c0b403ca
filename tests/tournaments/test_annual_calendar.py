"""The anniversary calendar against the Advanced Rulebook's Annual Games list.

The table below is the printed list, copied by hand (number, battle, date, state, first
player); the module must agree with it entry by entry, apart from the corrections the
scenario files make (docs/scenarios.md).
"""
from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from tournaments.annual.anniversaries import (
    ANNIVERSARIES, BY_NUMBER, CONFEDERATE, UNION, days_to, next_after, on, schedule,
)

SCENARIOS = Path(__file__).resolve().parents[2] / "games" / "scenarios"

# As printed: # | battle | dd/mm/yyyy | state | first player
PRINTED = """
1|Fort Donelson (Confederate Breakout)|15/02/1862|TN|Confederacy
2|Little Sugar Creek|17/02/1862|AR|Union
3|Pea Ridge (Elkhorn Tavern)|07/03/1862|AR|Confederacy
4|Kernstown|23/03/1862|VA|Confederacy
5|Shiloh (1st Day)|06/04/1862|TN|Confederacy
6|Chancellorsville (3rd Day)|03/05/1863|VA|Confederacy
7|Williamsburg|05/05/1862|VA|Confederacy
8|McDowell|08/05/1862|VA|Union
9|New Market (3rd Day)|15/05/1864|VA|Confederacy
10|New Hope Church|25/05/1864|GA|Union
11|Winchester|25/05/1864|VA|Confederacy
12|Oak Grove|25/06/1862|VA|Union
13|Gaines Mill|27/06/1862|VA|Confederacy
14|Falling Waters (Hoke's Run)|02/07/1861|WV|Union
15|Gettysburg (2nd Day: Devil's Den & Wheatfield)|02/07/1863|PA|Confederacy
16|Gettysburg (3rd Day: Pickett's Charge)|03/07/1863|PA|Confederacy
17|First Bull Run|21/07/1861|VA|Union
18|Cedar Mountain (3rd Day)|09/08/1862|VA|Union
19|Wilson's Creek (Bloody Hill)|10/08/1861|MO|Union
20|Second Bull Run (Brawner's Farm)|28/08/1862|VA|Confederacy
21|Richmond (Union Final Position)|30/08/1862|KY|Confederacy
22|Ox Hill|01/09/1862|VA|Union
23|Antietam|17/09/1862|MD|Union
24|Chickamauga (2nd Day)|20/09/1863|GA|Confederacy
25|Greenbrier River|03/10/1861|WV|Union
26|Perryville|08/10/1862|KY|Confederacy
27|Belmont|07/11/1861|MO|Union
28|Prairie Grove|07/12/1862|AR|Confederacy
29|Fredericksburg|13/12/1862|VA|Union
30|Dranesville|20/12/1861|VA|Confederacy
31|Murfreesboro (1st Day)|31/12/1862|TN|Confederacy
"""
ROWS = [line.split("|") for line in PRINTED.strip().splitlines()]
PLAYERS = {"Confederacy": CONFEDERATE, "Union": UNION}
# The only places the calendar departs from the print, each explained in the entry.
NAME_CORRECTED = {9: "New Market", 18: "Cedar Mountain"}
YEAR_CORRECTED = {11: 1862}


def test_the_list_has_31_battles_numbered_in_order():
    assert [a.number for a in ANNIVERSARIES] == list(range(1, 32))
    assert len(ROWS) == 31


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_each_entry_matches_the_printed_list(row):
    number, battle, printed, state, first = row
    a = BY_NUMBER[int(number)]
    day, month, year = map(int, printed.split("/"))
    assert a.month_day == (month, day), "the anniversary falls on the printed day"
    assert a.date.year == YEAR_CORRECTED.get(a.number, year)
    assert a.name == NAME_CORRECTED.get(a.number, battle)
    assert a.state == state
    assert a.first_player == PLAYERS[first]
    if a.number in NAME_CORRECTED or a.number in YEAR_CORRECTED:
        assert a.correction, "a departure from the print says why"
    else:
        assert a.correction == ""


@pytest.mark.parametrize("a", ANNIVERSARIES, ids=lambda a: a.slug)
def test_each_entry_names_its_shipped_scenario(a):
    data = json.loads((SCENARIOS / f"{a.slug}.json").read_text(encoding="utf-8"))
    assert data["annual_number"] == a.number
    assert dt.date.fromisoformat(data["dates"][0]) == a.date
    assert data["state"] == a.state
    assert data["first_side"] == a.first_player
    assert data["first_appearance"] == a.first_appearance


def test_the_year_runs_from_fort_donelson_to_murfreesboro_with_two_double_dates():
    days = schedule(2027)
    assert len(days) == 29
    assert days[0].date == dt.date(2027, 2, 15)
    assert [a.slug for a in days[0].anniversaries] == ["fort-donelson"]
    assert days[-1].date == dt.date(2027, 12, 31)
    assert [a.slug for a in days[-1].anniversaries] == ["murfreesboro"]
    doubles = {d.date: [a.number for a in d.anniversaries] for d in days if len(d.anniversaries) > 1}
    assert doubles == {dt.date(2027, 5, 25): [10, 11], dt.date(2027, 7, 2): [14, 15]}
    assert sum(len(d.anniversaries) for d in days) == 31


def test_a_leap_year_keeps_every_date():
    for year in (2027, 2028):
        assert [(d.date.month, d.date.day) for d in schedule(year)] == \
               [(d.date.month, d.date.day) for d in schedule(2026)]


def test_on_a_day_and_the_next_anniversary():
    assert [a.name for a in on(dt.date(2026, 7, 2))] == [
        "Falling Waters (Hoke's Run)", "Gettysburg (2nd Day: Devil's Den & Wheatfield)"]
    assert on(dt.date(2026, 1, 10)) == ()
    nxt = next_after(dt.date(2026, 7, 2))
    assert nxt.date == dt.date(2026, 7, 3) and nxt.anniversaries[0].slug == "gettysburg-picketts-charge"
    # After Murfreesboro the next one is Fort Donelson of the next year.
    nxt = next_after(dt.date(2026, 12, 31))
    assert nxt.date == dt.date(2027, 2, 15) and nxt.anniversaries[0].number == 1
    assert next_after(dt.date(2026, 5, 24)).date == dt.date(2026, 5, 25)
    assert len(next_after(dt.date(2026, 5, 24)).anniversaries) == 2


def test_days_to_and_years_since():
    antietam = BY_NUMBER[23]
    assert days_to(antietam, dt.date(2026, 9, 17)) == (dt.date(2026, 9, 17), 0)
    assert days_to(antietam, dt.date(2026, 9, 18)) == (dt.date(2027, 9, 17), 364)
    assert antietam.years_since(2026) == 164
    assert BY_NUMBER[11].years_since(2026) == 164      # Winchester, 1862
