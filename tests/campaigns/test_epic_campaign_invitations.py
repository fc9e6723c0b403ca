"""An Epic campaign's invitation reaches everyone it names: the other side's Commanding
General and each Major-General get an e-mail saying what they are asked to be, until they
answer; the campaign's answer through the API lists every place with its member's answer."""
from __future__ import annotations

import pytest
from django.core import mail

from campaigns import services
from campaigns.tasks import notify_invitation
from games.models import Outbox
from tests.api.helpers import token_client
from tests.campaigns.test_epic_campaigns import epic_plan, hood, hooker  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db


def invited(lee, grant, meade, hooker, hood, plan):
    return services.invite(lee, grant, services.Terms(
        plan=plan, side="union", teams={"union": [meade, hooker], "confederate": [hood]}))


def sent(campaign, *members) -> dict[str, str]:
    """Run the invitation e-mail for each member; addressee -> the e-mail's body."""
    mail.outbox.clear()
    for member in members:
        notify_invitation(campaign.pk, member.pk)
    return {m.to[0].split("@")[0]: m.body for m in mail.outbox}


def test_everyone_named_is_told_what_they_are_asked_to_be(lee, grant, meade, hooker, hood,
                                                          epic_plan):  # noqa: F811
    campaign = invited(lee, grant, meade, hooker, hood, epic_plan)
    queued = sorted(tuple(row.args) for row in Outbox.objects.filter(task="campaigns.notify_invitation"))
    assert queued == sorted((campaign.pk, m.pk) for m in (grant, meade, hooker, hood))
    bodies = sent(campaign, grant, meade, hooker, hood)
    assert set(bodies) == {"grant", "meade", "hooker", "hood"}
    assert "Commanding General of your team" in bodies["grant"]
    assert "Major-General number 2 of the Union team" in bodies["hooker"]
    assert "Major-General number 1 of the Confederate team" in bodies["hood"]
    assert all(f"/campaigns/{campaign.pk}/" in body for body in bodies.values())
    assert "lee" not in sent(campaign, lee)                  # the one who invited: nothing


def test_nobody_is_told_again_once_they_have_answered(lee, grant, meade, hooker, hood,
                                                      epic_plan):  # noqa: F811
    campaign = invited(lee, grant, meade, hooker, hood, epic_plan)
    services.accept_place(campaign.pk, meade)
    services.decline_place(campaign.pk, hood)
    assert set(sent(campaign, grant, meade, hooker, hood)) == {"grant", "hooker"}
    services.accept_place(campaign.pk, hooker)
    services.accept(campaign.pk, grant)                     # the campaign begins
    assert sent(campaign, grant, meade, hooker, hood) == {}


def test_the_api_lists_each_place_with_its_answer(lee, grant, meade, hooker, hood,
                                                  epic_plan):  # noqa: F811
    campaign = invited(lee, grant, meade, hooker, hood, epic_plan)
    services.decline_place(campaign.pk, hood)
    client = token_client(hooker)
    places = client.get(f"/api/v1/campaigns/{campaign.pk}/").json()["places"]
    assert [(p["side"], p["position"], p["player"]["username"], p["answer"]) for p in places] == [
        ("confederate", 1, "hood", "declined"),
        ("union", 1, "meade", "invited"), ("union", 2, "hooker", "invited")]
    assert client.post(f"/api/v1/campaigns/{campaign.pk}/place/accept/").status_code == 200
    places = client.get(f"/api/v1/campaigns/{campaign.pk}/").json()["places"]
    assert [p["answer"] for p in places if p["player"]["username"] == "hooker"] == ["accepted"]
