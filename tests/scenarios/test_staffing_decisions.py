"""Facts of single shipped battles, decided against the 2010 edition's staffing notes
(reference/bc150-facts.md, section 4) and the Advanced Rulebook's Annual Games list.

Each test names the decision; the file's ``source_notes`` says the same in words.
Pure Python: no Django and no engine import.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "games" / "scenarios"


def scenario(slug: str) -> dict:
    return json.loads((SCENARIO_DIR / f"{slug}.json").read_text(encoding="utf-8"))


def hexes(items) -> set[tuple[int, int]]:
    return {(h["col"], h["row"]) for h in items}


def army(d: dict, side: str) -> Counter:
    return Counter(u["kind"] for u in d["units"] if u["side"] == side)


def rules(d: dict, name: str) -> list[dict]:
    return [r for r in d["special_rules"] if r["rule"] == name]


def test_first_bull_run_has_no_special_rules_and_the_list_s_name():
    # the 2010 scenario has no special rules; its FAQ gives the Union no flag for Henry House
    d = scenario("first-bull-run")
    assert d["special_rules"] == [] and d["flag_tokens"] == []
    assert d["special_rules_text"] == "None."
    assert "subtitle" not in d               # the Annual Games list says only "First Bull Run"


def test_williamsburg_confederates_have_no_cavalry():
    d = scenario("williamsburg")
    assert army(d, "confederate")["cavalry"] == 0
    assert army(d, "confederate")["infantry"] == 9
    assert army(d, "union") == Counter(infantry=10, artillery=2)


def test_new_hope_church_uses_six_fences_and_no_fieldworks():
    d = scenario("new-hope-church")
    kinds = Counter(t["kind"] for t in d["terrain"])
    assert kinds["fence"] == 6 and kinds["fieldwork"] == 0
    assert rules(d, "remove_card") == [{"rule": "remove_card", "card": "construct_fieldworks"}]


def test_fort_donelson_union_scores_on_the_works_and_behind_the_outer_line():
    d = scenario("fort-donelson")
    works = hexes(t["hex"] for t in d["terrain"] if t["kind"] == "fieldwork")
    (rule,) = rules(d, "temporary_flags")
    scored = hexes(rule["hexes"])
    assert rule["side"] == "union" and works <= scored
    line_row = min(r for _, r in works)
    behind = scored - works
    assert behind and all(r < line_row for _, r in behind)   # the Confederates sit at the top
    assert "behind the outer line" in d["special_rules_text"]


def test_shiloh_counts_every_hex_of_the_union_first_row():
    d = scenario("shiloh")
    (rule,) = rules(d, "temporary_flags")
    assert rule["side"] == "confederate"
    assert hexes(rule["hexes"]) == {(c, 0) for c in range(0, 25, 2)}   # rivers included


def test_fredericksburg_all_of_jacksons_artillery_is_horse_artillery():
    d = scenario("fredericksburg")
    jackson = next(g for g in d["generals"] if g["name"] == "Jackson")["hex"]["col"]
    guns = [u for u in d["units"] if u["side"] == "confederate" and u["kind"] == "artillery"]
    # Jackson's wing is the Confederate right flank: columns 0-7 from the top seat
    assert jackson <= 7
    wing = [u for u in guns if u["hex"]["col"] <= 7]
    assert len(wing) == 2 and all(u.get("horse") for u in wing)
    assert not any(u.get("horse") for u in guns if u["hex"]["col"] > 7)   # Marye's Heights
