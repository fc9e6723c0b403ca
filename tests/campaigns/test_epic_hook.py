"""The Epic hook (ruling C8): a campaign file may say it is Epic; such a file loads, is shown
as not yet playable, and every way of starting it is refused with the reason, until the site
offers Epic play (in which only the Commanding Generals roll and choose the pre-battle dice)."""
from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from campaigns import services
from campaigns.files import CAMPAIGN_DIR, campaign_errors
from campaigns.models import Campaign, CampaignPlan
from games.models import Match
from tests.campaigns.test_campaign_files import shipped_scenarios
from tests.play_helpers import make_scenario

pytestmark = pytest.mark.django_db


@pytest.fixture
def epic_plan(tmp_path):
    for slug in ("kernstown", "mcdowell", "winchester"):
        make_scenario(slug=slug)
    data = json.loads((CAMPAIGN_DIR / "jackson-valley-1862.json").read_text())
    data.update(slug="valley-epic", name="The Valley, Epic", epic=True)
    (tmp_path / "valley-epic.json").write_text(json.dumps(data))
    call_command("load_campaigns", str(tmp_path), verbosity=0)
    return CampaignPlan.objects.get(slug="valley-epic")


def test_the_file_format_knows_epic_and_the_shipped_files_are_not_epic():
    data = json.loads((CAMPAIGN_DIR / "jackson-valley-1862.json").read_text())
    assert campaign_errors(dict(data, epic=True), shipped_scenarios()) == []
    assert any("epic" in p for p in campaign_errors(dict(data, epic="yes"), shipped_scenarios()))
    call_command("load_scenarios", verbosity=0)
    call_command("load_campaigns", verbosity=0)
    assert CampaignPlan.objects.exists() and not any(p.epic for p in CampaignPlan.objects.all())


def test_an_epic_campaign_loads_but_cannot_be_started(epic_plan, lee, grant):
    assert epic_plan.epic
    for start in (lambda: services.invite(lee, grant, services.Terms(plan=epic_plan)),
                  lambda: services.start_versus_archie(lee, services.Terms(plan=epic_plan), "recruit")):
        with pytest.raises(services.CampaignRefused, match="Commanding Generals roll and choose") as refused:
            start()
        assert "Epic play" in refused.value.message
    assert not Campaign.objects.exists() and not Match.objects.exists()


def test_the_pages_show_an_epic_campaign_as_not_yet_playable(client, epic_plan, lee, grant):
    listing = client.get("/campaigns/").content.decode()
    assert "The Valley, Epic" in listing and "not playable until the site offers Epic play" in listing
    assert f"?plan={epic_plan.slug}" not in listing
    client.force_login(lee)
    r = client.post("/campaigns/new/", {"plan": epic_plan.pk, "side": "union", "deadline_hours": 72,
                                        "opponent": "grant"})
    assert r.status_code == 400 and "is an Epic campaign" in r.content.decode()
