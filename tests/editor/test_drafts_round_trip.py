"""A scenario file and a draft are the same thing: every shipped battle goes into a draft and
comes out as the identical file, and a draft's file loads with ``load_scenarios``."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command

from games.editor import drafts
from games.models import Scenario

pytestmark = pytest.mark.django_db

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "games" / "scenarios"
#: Every Battle Cry file ``load_scenarios`` ships: the 32 battles and the club's layouts on
#: the single and the double board (the editor draws Battle Cry's hex boards; the 1961 game's
#: map, in a folder of its own format, is not opened in it).
SHIPPED = sorted(p for p in SCENARIO_DIR.glob("*.json") if p.name != "schema.json")


def test_every_shipped_battle_comes_back_out_of_a_draft_as_the_same_file(player):
    assert len(SHIPPED) >= 37                       # the 32 battles, 4 double-board layouts, 1 on two maps
    assert {"chickamauga-double.json", "gettysburg-double.json", "shiloh-double.json"} <= {
        p.name for p in SHIPPED}
    for path in SHIPPED:
        text = path.read_text(encoding="utf-8")
        draft = drafts.import_draft(player, text)
        draft.refresh_from_db()                     # through the database's JSON column
        assert drafts.export_text(draft, player) == text, path.name


def test_a_published_battle_opened_in_the_editor_exports_as_its_file(player):
    call_command("load_scenarios", str(SCENARIO_DIR / "belmont.json"), verbosity=0)
    draft = drafts.new_draft(player, Scenario.objects.get(slug="belmont"))
    draft.refresh_from_db()
    assert drafts.export_text(draft, player) == (SCENARIO_DIR / "belmont.json").read_text(encoding="utf-8")


def test_a_draft_s_file_loads_with_load_scenarios(player, tmp_path):
    data = json.loads((SCENARIO_DIR / "belmont.json").read_text(encoding="utf-8"))
    data.update(slug="belmont-corrected", annual_number=None, first_appearance="Club")
    draft = drafts.import_draft(player, json.dumps(data))
    drafts.apply_tool(draft, player, "terrain", {"col": "12", "row": "4", "kind": "woods"})
    path = tmp_path / "belmont-corrected.json"
    path.write_text(drafts.export_text(draft, player), encoding="utf-8")
    call_command("load_scenarios", str(path), verbosity=0)
    loaded = Scenario.objects.get(slug="belmont-corrected")
    assert {"hex": {"col": 12, "row": 4}, "kind": "woods"} in loaded.data["terrain"]


def test_someone_else_s_draft_is_refused(player, lee):
    draft = drafts.new_draft(player)
    with pytest.raises(drafts.DraftRefused):
        drafts.export_text(draft, lee)
    with pytest.raises(drafts.DraftRefused):
        drafts.apply_tool(draft, lee, "terrain", {"col": "0", "row": "0", "kind": "woods"})


def test_a_double_board_battle_opened_from_its_page_exports_as_its_file(player):
    path = SCENARIO_DIR / "gettysburg-double.json"
    call_command("load_scenarios", str(path), verbosity=0)
    draft = drafts.new_draft(player, Scenario.objects.get(slug="gettysburg-double"))
    draft.refresh_from_db()
    assert drafts.export_text(draft, player) == path.read_text(encoding="utf-8")
