"""A challenge or a campaign invitation waiting for an answer, declined or withdrawn is
between its two members: anyone else (a visitor too) gets a 404 on its page, as in the API;
staff with the admin's permission to view them see them. Once accepted, anybody may watch."""
from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from campaigns import services as campaign_services
from games import services
from tests.campaigns.helpers import load_plan
from tests.play_helpers import make_scenario

pytestmark = pytest.mark.django_db

SECRET = "Bring the whole corps, Meade is watching"


def client_for(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def challenge(lee, grant, answer):
    match = services.create_challenge(lee, grant, make_scenario(), message=SECRET)
    if answer == "decline":
        services.decline(match.pk, grant)
    elif answer == "withdraw":
        services.cancel(match.pk, lee)
    return f"/play/matches/{match.pk}/", f"/api/v1/matches/{match.pk}/"


def campaign_invitation(lee, grant, answer):
    campaign = campaign_services.invite(lee, grant, campaign_services.Terms(
        plan=load_plan("jackson-valley-1862"), message=SECRET))
    if answer == "decline":
        campaign_services.decline(campaign.pk, grant)
    elif answer == "withdraw":
        campaign_services.cancel(campaign.pk, lee)
    return f"/campaigns/{campaign.pk}/", f"/api/v1/campaigns/{campaign.pk}/"


KINDS = {"challenge": challenge, "campaign": campaign_invitation}


@pytest.mark.parametrize("answer", ["none yet", "decline", "withdraw"])
@pytest.mark.parametrize("kind", list(KINDS))
def test_only_the_two_members_see_an_invitation_not_accepted(kind, answer, lee, grant, meade):
    page, api = KINDS[kind](lee, grant, answer)
    for member in (lee, grant):
        r = client_for(member).get(page)
        assert r.status_code == 200 and SECRET in r.content.decode()
        assert client_for(member).get(api).status_code == 200
    for outsider in (None, meade):
        r = client_for(outsider).get(page)
        assert r.status_code == 404 and SECRET not in r.content.decode()
        assert client_for(outsider).get(api).status_code == 404


@pytest.mark.parametrize("kind", list(KINDS))
def test_staff_with_the_view_permission_see_invitations(kind, lee, grant, meade):
    page, api = KINDS[kind](lee, grant, "none yet")
    meade.is_staff = True
    meade.save()
    assert client_for(meade).get(page).status_code == 404      # staff, but no permission
    app, model = ("games", "match") if kind == "challenge" else ("campaigns", "campaign")
    meade.user_permissions.add(Permission.objects.get(content_type__app_label=app,
                                                      codename=f"view_{model}"))
    assert SECRET in client_for(meade).get(page).content.decode()
    assert client_for(meade).get(api).status_code == 200


@pytest.mark.parametrize("kind", list(KINDS))
def test_an_accepted_invitation_is_public(kind, lee, grant):
    page, api = KINDS[kind](lee, grant, "none yet")
    pk = int(page.rstrip("/").rsplit("/", 1)[1])
    (services.accept if kind == "challenge" else campaign_services.accept)(pk, grant)
    assert client_for().get(page).status_code == 200
    assert client_for().get(api).status_code == 200
