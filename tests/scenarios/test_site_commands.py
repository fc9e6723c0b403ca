"""load_scenarios and export_scenario: the shipped files into the database and back."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games.models import Scenario

pytestmark = pytest.mark.django_db

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "games" / "scenarios"
FILES = sorted(p for p in SCENARIO_DIR.glob("*.json") if p.name != "schema.json")


def load(*args) -> str:
    out = StringIO()
    call_command("load_scenarios", *args, stdout=out)
    return out.getvalue()


def snapshot() -> list[dict]:
    return list(Scenario.objects.order_by("slug").values())


def test_the_load_command_loads_every_shipped_file():
    summary = load()
    # the 37 Battle Cry files (32 battles, 4 double-board layouts, 1 on two maps), and the 1961
    # game's map in its format's folder
    assert summary.strip() == "Scenarios: 38 file(s) read, 38 added, 0 updated, 0 unchanged."
    assert Scenario.objects.count() == 38
    assert Scenario.objects.get(slug="mb1961-theatres-of-the-war").format == "mb1961"
    fred = Scenario.objects.get(slug="fredericksburg")
    assert fred.data == json.loads((SCENARIO_DIR / "fredericksburg.json").read_text(encoding="utf-8"))
    assert (fred.name, fred.state, fred.annual_number, fred.anniversary) == ("Fredericksburg", "VA", 29, 1213)
    assert str(fred.date) == "1862-12-13"
    assert not fred.club_made and fred.uploaded_by is None
    assert Scenario.objects.get(slug="winchester").date.year == 1862
    assert Scenario.objects.filter(annual_number__isnull=False).count() == 31


def test_a_second_run_changes_nothing():
    load()
    before = snapshot()
    summary = load()
    assert summary.strip() == "Scenarios: 38 file(s) read, 0 added, 0 updated, 38 unchanged."
    assert snapshot() == before          # same rows, same `updated` times


def test_a_changed_row_is_put_back_from_its_file():
    load()
    fred = Scenario.objects.get(slug="fredericksburg")
    fred.data = {**fred.data, "corrections": "edited by hand"}
    fred.name = "Fred"
    fred.save()
    out = StringIO()
    call_command("load_scenarios", verbosity=2, stdout=out)
    assert "1 updated, 37 unchanged" in out.getvalue()
    assert "updated: fredericksburg" in out.getvalue()
    fred.refresh_from_db()
    assert fred.name == "Fredericksburg" and fred.data["corrections"] == ""


def test_annual_numbers_can_move_between_files(tmp_path):
    load()
    for slug, number in (("antietam", 6), ("chancellorsville", 23)):    # swap two numbers
        data = json.loads((SCENARIO_DIR / f"{slug}.json").read_text(encoding="utf-8"))
        data["annual_number"] = number
        (tmp_path / f"{slug}.json").write_text(json.dumps(data), encoding="utf-8")
    assert "2 updated" in load(str(tmp_path))
    assert Scenario.objects.get(annual_number=6).slug == "antietam"


def test_a_broken_file_is_named_with_its_field_and_hex_and_nothing_is_loaded(tmp_path):
    for path in FILES[:3]:
        shutil.copy(path, tmp_path / path.name)
    data = json.loads((SCENARIO_DIR / "fredericksburg.json").read_text(encoding="utf-8"))
    data["terrain"].append({"hex": {"col": 6, "row": 0}, "kind": "rough"})   # under a cavalry unit
    data["units"].append({"hex": {"col": 25, "row": 3}, "side": "union", "kind": "infantry"})
    (tmp_path / "fredericksburg.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "schema.json").write_text("{}", encoding="utf-8")          # skipped
    with pytest.raises(CommandError) as excinfo:
        load(str(tmp_path))
    message = str(excinfo.value)
    assert "fredericksburg.json: units[0] at (6,0): no unit may stand on rough terrain" in message
    assert "fredericksburg.json: units[22].hex: hex (25,3) is not on the board" in message
    assert "nothing was loaded" in message
    assert Scenario.objects.count() == 0


def test_bad_json_and_a_wrong_file_name_are_refused(tmp_path):
    (tmp_path / "broken.json").write_text('{"slug": "broken",', encoding="utf-8")
    shutil.copy(SCENARIO_DIR / "belmont.json", tmp_path / "belmont-copy.json")
    with pytest.raises(CommandError) as excinfo:
        load(str(tmp_path))
    message = str(excinfo.value)
    assert "broken.json: not valid JSON" in message
    assert "belmont-copy.json: slug: 'belmont' must be the file's name" in message


def test_the_command_exits_non_zero_on_errors(tmp_path):
    (tmp_path / "broken.json").write_text("[]", encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    # A throw-away SQLite database: the command must stop before it touches any.
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env["DATA_DIR"] = str(tmp_path)
    result = subprocess.run([sys.executable, "manage.py", "load_scenarios", str(tmp_path / "broken.json")],
                            cwd=root, capture_output=True, text=True, env=env)
    assert result.returncode != 0
    assert "broken.json: file: a scenario file is one JSON object" in result.stderr


def test_export_round_trip_gives_the_same_data(tmp_path):
    load()
    for path in FILES:
        target = tmp_path / path.name
        out = StringIO()
        call_command("export_scenario", path.stem, "-o", str(target), stdout=out)
        assert f"to {target}" in out.getvalue()
        assert json.loads(target.read_text(encoding="utf-8")) == json.loads(path.read_text(encoding="utf-8"))
    # The layout is the shipped one: one terrain tile, unit or rule per line.
    assert (tmp_path / "fredericksburg.json").read_text(encoding="utf-8") == \
        (SCENARIO_DIR / "fredericksburg.json").read_text(encoding="utf-8")
    # And the exported files load again, changing nothing.
    assert "0 added, 0 updated, 37 unchanged" in load(str(tmp_path))


def test_export_to_standard_output_and_unknown_slugs():
    load()
    out = StringIO()
    call_command("export_scenario", "little-sugar-creek", stdout=out)
    text = out.getvalue()
    assert "Hébert" in text                                       # written as UTF-8, not \\u escapes
    assert json.loads(text)["slug"] == "little-sugar-creek"
    with pytest.raises(CommandError, match="No scenario with the slug 'nowhere'"):
        call_command("export_scenario", "nowhere", stdout=StringIO())
