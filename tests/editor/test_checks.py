"""The editor's checks are the import's: the same messages, for good files and broken ones,
although the editor re-checks only the entries an edit changed."""
from __future__ import annotations

import copy
import json
from pathlib import Path

from games.editor.checks import check
from games.editor.draft_view import blank_battle
from games.models.scenario import scenario_file_errors

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "games" / "scenarios"


def broken(data: dict) -> dict:
    b = copy.deepcopy(data)
    b["units"][0]["figures"] = 9
    b["units"][1]["kind"] = "tank"
    b["terrain"][0]["sides"] = ["E"]
    b["extra"] = 1
    del b["name"]
    b["sides"]["union"]["cards"] = 0
    b["dates"] = ["x", "x"]
    if b["special_rules"]:
        b["special_rules"][0]["zzz"] = 1
    return b


def test_the_editor_finds_exactly_the_import_s_problems():
    cases = [blank_battle("new"), [], {"units": "none"}]
    for path in sorted(SCENARIO_DIR.glob("*.json")):
        if path.name != "schema.json":
            data = json.loads(path.read_text(encoding="utf-8"))
            cases += [data, broken(data)]
    for data in cases:
        assert [p.text for p in check(data).problems] == scenario_file_errors(data)
