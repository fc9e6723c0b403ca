"""A match challenge and a campaign invitation are answered by the same steps
(games/invitations.py): the same states, the same people may take each step, and each
refusal says why in the words of its own kind of invitation."""
from __future__ import annotations

import pytest

from campaigns import services as campaign_services
from campaigns.models import Campaign
from games import services as match_services
from games.models import Match
from tests.campaigns.helpers import load_plan
from tests.play_helpers import make_scenario

pytestmark = pytest.mark.django_db


def challenge(lee, grant):
    return match_services.create_challenge(lee, grant, make_scenario())


def invitation(lee, grant):
    return campaign_services.invite(lee, grant, campaign_services.Terms(plan=load_plan("jackson-valley-1862")))


#: How to send one, its services, its model, its refusal, and the words its refusals use.
KINDS = {
    "match": (challenge, match_services, Match, match_services.ActionRefused, "challenge", "match"),
    "campaign": (invitation, campaign_services, Campaign, campaign_services.CampaignRefused,
                 "invitation", "campaign"),
}


@pytest.mark.parametrize("kind", KINDS)
def test_only_the_member_asked_answers_and_only_the_sender_withdraws(kind, lee, grant, meade):
    make, services, model, refusal, _, _ = KINDS[kind]
    row = make(lee, grant)
    for step in (services.accept, services.decline):
        for who in (lee, meade):
            with pytest.raises(refusal) as refused:
                step(row.pk, who)
            assert refused.value.code == "not_a_player"
            assert "Only the member" in refused.value.message
    for who in (grant, meade):
        with pytest.raises(refusal) as refused:
            services.cancel(row.pk, who)
        assert refused.value.code == "not_a_player"
    row.refresh_from_db()
    assert row.status == model.Status.CHALLENGE and row.finished is None


@pytest.mark.parametrize("kind", KINDS)
def test_a_declined_invitation_can_neither_be_accepted_nor_withdrawn(kind, lee, grant):
    make, services, model, refusal, word, _ = KINDS[kind]
    row = make(lee, grant)
    services.decline(row.pk, grant)
    row.refresh_from_db()
    assert row.status == model.Status.DECLINED and row.finished is not None
    with pytest.raises(refusal) as refused:
        services.accept(row.pk, grant)
    assert (refused.value.code, refused.value.message) == ("refused", f"This {word} is no longer open.")
    with pytest.raises(refusal) as refused:
        services.cancel(row.pk, lee)
    assert (refused.value.code, refused.value.message) == ("refused", "It can no longer be withdrawn.")


@pytest.mark.parametrize("kind", KINDS)
def test_a_withdrawn_invitation_cannot_be_accepted(kind, lee, grant):
    make, services, model, refusal, word, _ = KINDS[kind]
    row = make(lee, grant)
    services.cancel(row.pk, lee)
    row.refresh_from_db()
    assert row.status == model.Status.CANCELLED and row.finished is not None
    with pytest.raises(refusal, match=f"This {word} is no longer open."):
        services.accept(row.pk, grant)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("pk", [987654, "x", None])
def test_an_unknown_invitation_is_refused_by_name(kind, pk, grant):
    _, services, _, refusal, _, noun = KINDS[kind]
    with pytest.raises(refusal) as refused:
        services.accept(pk, grant)
    assert (refused.value.code, refused.value.message) == ("refused", f"There is no such {noun}.")


@pytest.mark.parametrize("kind, words", [
    ("match", ("Log in to challenge a member.", "Choose a member to challenge.",
               "You cannot challenge yourself.")),
    ("campaign", ("Log in to start a campaign.", "Choose a member to invite.", "You cannot invite yourself.")),
])
def test_an_invitation_goes_from_a_member_to_another_active_member(kind, words, lee, grant):
    from django.contrib.auth.models import AnonymousUser
    make, _, model, refusal, _, _ = KINDS[kind]
    grant.is_active = False
    for sender, asked, said in ((AnonymousUser(), lee, words[0]), (lee, grant, words[1]),
                                (lee, lee, words[2])):
        with pytest.raises(refusal) as refused:
            make(sender, asked)
        assert refused.value.message == said
    assert not model.objects.exists()
