"""The shipped scenario files: schema, board geometry, armies and the known fixed facts.

Pure Python and jsonschema; no Django and no engine import, so the data can be checked on
its own.  The loader (``games.engine.load_scenario``) repeats the board checks at run time.
"""
from __future__ import annotations

import datetime as dt
import json
from collections import Counter
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "games" / "scenarios"
SCHEMA_PATH = SCENARIO_DIR / "schema.json"
FILES = sorted(p for p in SCENARIO_DIR.glob("*.json") if p.name != "schema.json")
IDS = [p.stem for p in FILES]

OBSTACLES = {"fence", "entrenchment", "fieldwork"}
NO_UNITS = {"rough", "river"}
BOX_LIMITS = {"infantry": 10, "cavalry": 3, "artillery": 3}
MAX_GENERALS = 3
#: The last doubled column, the game boxes and the last row of each board size (docs/scenarios.md).
BOARDS = {"single": (24, 1, 8), "double": (50, 2, 8), "mapsets-2": (24, 2, 18), "mapsets-3": (24, 3, 28)}
FULL_FIGURES = {"infantry": 4, "cavalry": 3, "artillery": 3}

SHIPPED = {
    "fort-donelson", "little-sugar-creek", "pea-ridge", "kernstown", "shiloh", "chancellorsville",
    "williamsburg", "mcdowell", "new-market", "new-hope-church", "winchester", "oak-grove",
    "gaines-mill", "falling-waters", "gettysburg-devils-den", "gettysburg-picketts-charge",
    "first-bull-run", "cedar-mountain", "wilsons-creek", "second-bull-run", "richmond-ky", "ox-hill",
    "antietam", "chickamauga", "greenbrier-river", "perryville", "belmont", "prairie-grove",
    "fredericksburg", "dranesville", "murfreesboro", "chancellorsville-rulebook",
}
#: The club's double-board battles (layouts of its own: no printed Epic map exists).
DOUBLE_BOARD = {"gettysburg-double", "shiloh-double", "chickamauga-double", "gettysburg-double-epic"}
#: The club's battles on maps stood long side to long side (house rule 36; ruling H98).
ON_SEVERAL_MAPS = {"gettysburg-picketts-charge-two-maps"}


def on_board(h: dict, board: str = "single") -> bool:
    c, r = h["col"], h["row"]
    return 0 <= r <= BOARDS[board][2] and 0 <= c <= BOARDS[board][0] - (r % 2) and (c - r) % 2 == 0


def key(h: dict) -> tuple[int, int]:
    return h["col"], h["row"]


def all_hexes(d: dict):
    """Every hex named anywhere in a scenario, with where it was found."""
    for i, t in enumerate(d["terrain"]):
        yield f"terrain[{i}]", t["hex"]
    for i, u in enumerate(d["units"]):
        yield f"units[{i}]", u["hex"]
    for i, g in enumerate(d["generals"]):
        yield f"generals[{i}]", g["hex"]
    for i, f in enumerate(d["flag_tokens"]):
        yield f"flag_tokens[{i}]", f["hex"]
    for i, r in enumerate(d["special_rules"]):
        for j, h in enumerate(r.get("hexes", [])):
            yield f"special_rules[{i}].hexes[{j}]", h


@pytest.fixture(scope="module")
def validator():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


@pytest.fixture(scope="module")
def scenarios():
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in FILES}


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_shipped_battle_has_a_file():
    assert SHIPPED <= set(IDS), f"missing: {sorted(SHIPPED - set(IDS))}"
    assert DOUBLE_BOARD <= set(IDS), f"missing: {sorted(DOUBLE_BOARD - set(IDS))}"


def test_the_double_board_battles_are_club_layouts_on_the_double_board(scenarios):
    doubles = {slug for slug, d in scenarios.items() if d.get("board") == "double"}
    assert doubles == DOUBLE_BOARD
    for slug in doubles:
        d = scenarios[slug]
        assert d["layout_source"] == "club" and d["annual_number"] is None, slug
        assert max(h["col"] for _, h in all_hexes(d)) > 24, f"{slug} uses only one board"


def test_the_battles_on_several_maps_are_club_layouts_with_an_army_on_each_side_of_a_seam(scenarios):
    """Ruling H98: the club's Pickett's Charge on two maps, each army on its own map."""
    several = {slug for slug, d in scenarios.items() if d.get("board", "").startswith("mapsets")}
    assert several == ON_SEVERAL_MAPS
    for slug in several:
        d = scenarios[slug]
        assert d["layout_source"] == "club" and d["annual_number"] is None, slug
        rows = {s: {u["hex"]["row"] for u in d["units"] if u["side"] == s} for s in ("union", "confederate")}
        top = next(s for s, v in d["sides"].items() if v["position"] == "top")
        bottom = "confederate" if top == "union" else "union"
        assert max(rows[top]) < 9 < min(rows[bottom]), slug


def test_the_epic_double_board_battle_has_three_generals_a_side_one_in_each_section(scenarios):
    """Ruling B4: the double Gettysburg laid out for an Epic table of eight (a Commanding
    General and three Major-Generals a side), otherwise the club's double Gettysburg."""
    epic, base = scenarios["gettysburg-double-epic"], scenarios["gettysburg-double"]
    assert len([g for g in base["generals"] if g["side"] == "union"]) == 6      # 14 seats in Epic
    for side in ("union", "confederate"):
        cols = sorted(g["hex"]["col"] for g in epic["generals"] if g["side"] == side)
        assert len(cols) == 3, side
        # wholly inside the left flank, the centre and the right flank (columns 17 and 33 cut)
        assert cols[0] < 17 < cols[1] < 33 < cols[2], (side, cols)
        units = {key(u["hex"]) for u in epic["units"] if u["side"] == side}
        assert all(key(g["hex"]) in units for g in epic["generals"] if g["side"] == side)
    for field in ("board", "sides", "first_side", "terrain", "units", "flag_tokens", "special_rules",
                  "standard_flags", "layout_source"):
        assert epic[field] == base[field], field


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_file_matches_schema(path, validator):
    errors = sorted(validator.iter_errors(load(path)), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_slug_is_file_name(path):
    assert load(path)["slug"] == path.stem


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_dates_and_sides(path):
    d = load(path)
    for s in d["dates"]:
        dt.date.fromisoformat(s)
    assert {v["position"] for v in d["sides"].values()} == {"top", "bottom"}
    assert d["first_side"] in d["sides"]
    assert all(v["flags"] >= 1 and v["cards"] >= 1 for v in d["sides"].values())
    assert d["layout_source"] in (("club",) if d.get("board", "single") != "single"
                                  else ("printed", "approximation"))
    assert d["historical_note"].strip() and d["special_rules_text"].strip()


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_every_hex_is_on_the_board(path):
    d = load(path)
    board = d.get("board", "single")
    bad = [(where, h) for where, h in all_hexes(d) if not on_board(h, board)]
    assert not bad, (f"off the {board} board (row 0-{BOARDS[board][2]}, col 0-{BOARDS[board][0]}, col and row of "
                     f"the same parity): {bad}")


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_terrain(path):
    d = load(path)
    base: dict = {}
    sides_taken: dict = {}
    for i, t in enumerate(d["terrain"]):
        h = key(t["hex"])
        if t["kind"] in OBSTACLES:
            assert t.get("sides"), f"terrain[{i}] {t['kind']} at {h} needs sides"
            for s in t["sides"]:
                assert (h, s) not in sides_taken, f"terrain[{i}] at {h}: side {s} already has {sides_taken[(h, s)]}"
                sides_taken[(h, s)] = t["kind"]
        else:
            assert "sides" not in t, f"terrain[{i}] {t['kind']} at {h} takes no sides"
            assert h not in base, f"terrain[{i}] at {h}: already {base[h]}; one base terrain per hex"
            base[h] = t["kind"]


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_units_and_generals(path):
    d = load(path)
    base = {key(t["hex"]): t["kind"] for t in d["terrain"] if t["kind"] not in OBSTACLES}
    unit_at: dict = {}
    for i, u in enumerate(d["units"]):
        h = key(u["hex"])
        assert h not in unit_at, f"units[{i}] at {h}: two units on one hex"
        unit_at[h] = u["side"]
        assert base.get(h) not in NO_UNITS, f"units[{i}] at {h} stands on {base.get(h)}"
        assert 1 <= u.get("figures", FULL_FIGURES[u["kind"]]) <= FULL_FIGURES[u["kind"]]
        assert not u.get("horse") or u["kind"] == "artillery"
    general_at: set = set()
    for i, g in enumerate(d["generals"]):
        h = key(g["hex"])
        assert h not in general_at, f"generals[{i}] at {h}: two generals on one hex"
        general_at.add(h)
        assert unit_at.get(h, g["side"]) == g["side"], f"generals[{i}] at {h} stands with an enemy unit"
    boxes = BOARDS[d.get("board", "single")][1]
    for side in ("union", "confederate"):
        kinds = Counter(u["kind"] for u in d["units"] if u["side"] == side)
        assert sum(kinds.values()) >= 1, f"{side} has no units"
        for kind, limit in BOX_LIMITS.items():
            assert kinds[kind] <= limit * boxes, f"{side} has {kinds[kind]} {kind}; {boxes} box(es) hold {limit * boxes}"
        assert sum(1 for g in d["generals"] if g["side"] == side) <= MAX_GENERALS * boxes


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_special_rules_refer_to_real_things(path):
    d = load(path)
    specials = {u["special"] for u in d["units"] if "special" in u}
    for r in d["special_rules"]:
        if "special" in r:
            assert r["special"] in specials, f"{r['rule']} names unit {r['special']!r}, which is not on the map"
        if "side" in r:
            assert r["side"] in d["sides"]


def test_annual_numbers_each_once(scenarios):
    numbers = [d["annual_number"] for d in scenarios.values() if d["annual_number"] is not None]
    assert len(numbers) == 31
    assert sorted(numbers) == list(range(1, 32))


def test_winchester_date_corrected(scenarios):
    d = scenarios["winchester"]
    assert d["dates"][0] == "1862-05-25"
    assert d["corrections"].strip()


def test_chancellorsville_rulebook_staffing(scenarios):
    d = scenarios["chancellorsville-rulebook"]
    kinds = Counter(t["kind"] for t in d["terrain"] if t["kind"] not in OBSTACLES)
    assert kinds == Counter({"woods": 22, "hill": 4, "farm": 1})
    assert d["annual_number"] is None
    assert d["first_side"] == "confederate"
    conf, union = d["sides"]["confederate"], d["sides"]["union"]
    assert (conf["commander"], conf["cards"], conf["flags"]) == ("Robert E. Lee", 5, 6)
    assert (union["commander"], union["cards"], union["flags"]) == ("Joseph Hooker", 3, 6)


def test_chancellorsville_annual_entry_shares_the_staffing(scenarios):
    annual, book = scenarios["chancellorsville"], scenarios["chancellorsville-rulebook"]
    assert annual["annual_number"] == 6
    assert annual["dates"][0] == "1863-05-03"
    assert annual["sides"] == book["sides"]
    assert annual["first_side"] == book["first_side"]
