"""Campaign files: the shipped ones are valid and keep each army on one side; a wrong file
is refused with the field named, and nothing is loaded."""
from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from campaigns.files import CAMPAIGN_DIR, campaign_errors, campaign_files
from campaigns.models import CampaignPlan
from tests.play_helpers import make_scenario

SCENARIOS = CAMPAIGN_DIR.parent.parent / "games" / "scenarios"


def shipped_scenarios() -> dict:
    return {p.stem: json.loads(p.read_text()) for p in SCENARIOS.glob("*.json") if p.name != "schema.json"}


def test_every_shipped_campaign_is_valid_and_links_three_or_more_battles():
    scenarios = shipped_scenarios()
    files = campaign_files()
    assert len(files) >= 5
    for path in files:
        data = json.loads(path.read_text())
        assert campaign_errors(data, scenarios) == [], path.name
        assert data["slug"] == path.stem and len(data["battles"]) >= 3


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(battles=["kernstown", "mcdowell"]), "battles: "),
    (lambda d: d.update(battles=["kernstown", "mcdowell", "atlantis"]), "battles.2: no scenario 'atlantis'"),
    (lambda d: d.pop("sides"), "'sides' is a required property"),
    (lambda d: d.update(colour="blue"), "colour"),
])
def test_a_wrong_campaign_names_the_field(change, words):
    data = json.loads((CAMPAIGN_DIR / "jackson-valley-1862.json").read_text())
    change(data)
    problems = campaign_errors(data, shipped_scenarios())
    assert any(words in p for p in problems), problems


@pytest.mark.django_db
def test_the_loader_refuses_a_wrong_file_and_loads_nothing(tmp_path):
    for slug in ("kernstown", "mcdowell", "winchester"):
        make_scenario(slug=slug)
    good = json.loads((CAMPAIGN_DIR / "jackson-valley-1862.json").read_text())
    (tmp_path / "jackson-valley-1862.json").write_text(json.dumps(good))
    bad = dict(good, slug="broken", battles=["kernstown", "mcdowell", "shiloh"])
    (tmp_path / "broken.json").write_text(json.dumps(bad))
    with pytest.raises(CommandError, match="broken.json: battles.2: no scenario 'shiloh'"):
        call_command("load_campaigns", str(tmp_path), verbosity=0)
    assert not CampaignPlan.objects.exists()
    (tmp_path / "broken.json").unlink()
    call_command("load_campaigns", str(tmp_path), verbosity=0)
    call_command("load_campaigns", str(tmp_path), verbosity=0)     # again: unchanged
    assert list(CampaignPlan.objects.values_list("slug", flat=True)) == ["jackson-valley-1862"]
