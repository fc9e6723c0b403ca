"""load_scenario refuses each broken rule with its own message, naming the field and hex."""
import copy

import pytest

from games.engine import ScenarioError, load_scenario

GOOD = {
    "format": 1, "slug": "good", "name": "Good", "dates": ["1862-05-25"],
    "sides": {"union": {"position": "bottom", "cards": 4, "flags": 6},
              "confederate": {"position": "top", "cards": 4, "flags": 6}},
    "first_side": "union",
    "terrain": [{"hex": {"col": 4, "row": 2}, "kind": "woods"},
                {"hex": {"col": 6, "row": 4}, "kind": "fence", "sides": ["NE"]}],
    "units": [{"hex": {"col": 10, "row": 6}, "side": "union", "kind": "infantry"},
              {"hex": {"col": 10, "row": 2}, "side": "confederate", "kind": "cavalry"}],
    "generals": [{"hex": {"col": 10, "row": 6}, "side": "union", "name": "Banks"}],
    "flag_tokens": [{"kind": "objective", "hex": {"col": 12, "row": 4}, "side": "union", "flags": 1}],
    "special_rules": [{"rule": "bridge_crossing_only"}],
}


def broken(change):
    data = copy.deepcopy(GOOD)
    change(data)
    with pytest.raises(ScenarioError) as err:
        load_scenario(data)
    return err.value.errors


def test_the_good_file_loads():
    sc = load_scenario(GOOD)
    assert sc.slug == "good" and len(sc.units) == 2 and sc.first_side == "union"


def test_hex_off_the_board_names_field_and_hex():
    errors = broken(lambda d: d["units"][0].update(hex={"col": 11, "row": 6}))
    assert errors == ["units[0].hex: hex (11,6) is not on the board (rows 0-8, cols 0-24, col and "
                      "row both even or both odd; odd rows end at col 23)"]
    assert "(24,9)" in broken(lambda d: d["terrain"][0].update(hex={"col": 24, "row": 9}))[0]


@pytest.mark.parametrize("change,expected", [
    (lambda d: d["terrain"][0].update(kind="swamp"), "terrain[0].kind: unknown terrain 'swamp'"),
    (lambda d: d["units"][0].update(kind="zouave"), "units[0].kind: unknown unit 'zouave'"),
    (lambda d: d["terrain"][1].pop("sides"), "terrain[1] at (6,4): fence must name the hexsides"),
    (lambda d: d["terrain"][1].update(sides=["UP"]), "terrain[1] at (6,4).sides: ['UP'] are not hexsides"),
    (lambda d: d["terrain"][0].update(sides=["NE"]), "terrain[0] at (4,2): woods is not a hexside obstacle"),
    (lambda d: d["terrain"].append({"hex": {"col": 4, "row": 2}, "kind": "hill"}),
     "terrain[2] at (4,2): the hex already holds woods"),
    (lambda d: d["units"].append({"hex": {"col": 10, "row": 6}, "side": "union", "kind": "artillery"}),
     "units[2] at (10,6): two units on one hex"),
    (lambda d: d["generals"].append({"hex": {"col": 10, "row": 6}, "side": "union"}),
     "generals[1] at (10,6): two generals on one hex"),
    (lambda d: d["generals"].append({"hex": {"col": 10, "row": 2}, "side": "union"}),
     "generals[1] at (10,2): a general cannot stand with an enemy unit"),
    (lambda d: d["terrain"].append({"hex": {"col": 10, "row": 6}, "kind": "rough"}),
     "units[0] at (10,6): no unit may stand on rough terrain"),
    (lambda d: d["units"].extend({"hex": {"col": c, "row": 8}, "side": "union", "kind": "cavalry"}
                                 for c in (0, 2, 4, 6)),
     "units: union has 4 cavalry units; the box holds 3"),
    (lambda d: d.update(first_side="rebels"), "first_side: must be 'union' or 'confederate'"),
    (lambda d: d["sides"]["union"].update(flags=0), "sides.union.flags: flags to win must be a whole number from 1 to 20"),
    (lambda d: d["sides"]["union"].update(flags=21), "sides.union.flags: flags to win must be a whole number from 1 to 20, got 21"),
    (lambda d: d["flag_tokens"][0].update(flags=40000),
     "flag_tokens[0].flags: an objective is worth a whole number of flags from 1 to 20, got 40000"),
    (lambda d: d["special_rules"].append({"rule": "flank_clear_flags", "side": "union",
                                          "section": "left", "flags": 40000}),
     "special_rules[1].flags: flank_clear_flags gives a whole number of flags from 1 to 20, got 40000"),
    (lambda d: d["special_rules"].append({"rule": "temporary_flags", "side": "union",
                                          "hexes": [{"col": 12, "row": 4}], "flags_per_hex": 21}),
     "special_rules[1].flags_per_hex: temporary_flags gives a whole number of flags from 1 to 20, got 21"),
    (lambda d: d["special_rules"].append({"rule": "temporary_flags", "side": "union", "flags_per_hex": 1,
                                          "hexes": [{"col": 12, "row": 4}, {"col": 12, "row": 4}]}),
     "special_rules[1].hexes: name each hex once"),
    (lambda d: d.update(standard_flags={"union": 6, "confederate": 40000}), "standard_flags: give the flags"),
    (lambda d: d["flag_tokens"].append(dict(d["flag_tokens"][0])), "flag_tokens[1].hex: one flag token per hex"),
    (lambda d: d["special_rules"].extend([{"rule": "bridge_crossing_only"}] * 20),
     "special_rules: at most 20 special rules, got 21"),
    (lambda d: d.update(dates=["1862-02-30"]), "dates[0]: '1862-02-30' is not a valid date"),
    (lambda d: d["sides"]["union"].update(position="top"), "sides: one side must be at the top"),
    (lambda d: d["units"][1].update(figures=4), "units[1] at (10,2).figures: a cavalry unit has 1 to 3"),
    (lambda d: d["units"][0].update(horse=True), "units[0] at (10,6).horse: only artillery"),
    (lambda d: d["sides"]["confederate"].update(territorial=True),
     "sides.confederate.territorial: confederate needs at least one objective hex"),
    (lambda d: d["special_rules"].append({"rule": "fog"}), "special_rules[1].rule: unknown special rule 'fog'"),
    (lambda d: d["special_rules"].append({"rule": "remove_card"}), "special_rules[1]: remove_card needs card"),
    (lambda d: d["units"].pop(1), "units: confederate has no units"),
    (lambda d: d.update(slug="Bad Slug"), "slug: use lowercase letters"),
])
def test_each_rule_has_its_own_message(change, expected):
    errors = broken(change)
    assert any(e.startswith(expected) for e in errors), errors


def test_every_problem_is_reported_at_once():
    def many(d):
        d["units"][0]["kind"] = "zouave"
        d["sides"]["union"]["flags"] = 0
        d["dates"] = ["someday"]
    assert len(broken(many)) == 3


@pytest.mark.parametrize("key", ["terrain", "units", "generals", "flag_tokens", "special_rules"])
def test_badly_shaped_lists_are_refused_not_crashed_on(key):
    assert broken(lambda d: d.update({key: 5})) == [f"{key}: must be a list of objects"]
    assert broken(lambda d: d.update({key: ["woods"]})) == [f"{key}: must be a list of objects"]
