"""Celery tasks of the campaigns app: the e-mails of an invitation."""
from __future__ import annotations

from celery import shared_task
from django.urls import reverse

from accounts.models import Profile
from accounts.mailing import mail_member, wants_mail
from battlecry_site.links import site_url

from .models import Campaign, CampaignMember

#: Who an invitation's e-mail goes to: the member invited to keep the other army, or a
#: Major-General named in an Epic campaign's team.
INVITED, PLACE = "invited", "place"


@shared_task(name="campaigns.notify_invitation")
def notify_invitation(campaign_id: int, member_id: int) -> bool:
    """Tell a member a campaign's invitation names them, while it is still open and they
    have not answered: its opponent, or a Major-General of one of its teams."""
    campaign = Campaign.objects.select_related("challenger", "opponent", "plan").filter(
        pk=campaign_id, status=Campaign.Status.CHALLENGE).first()
    if campaign is None:
        return False
    if member_id == campaign.opponent_id and not campaign.opponent_accepted:
        member, what, place = campaign.opponent, INVITED, None
    else:
        place = campaign.members.select_related("player").filter(
            player_id=member_id, answer=CampaignMember.Answer.INVITED).first()
        if place is None:
            return False
        member, what = place.player, PLACE
    if not wants_mail(member, Profile.Notifications.EVERY_TURN, Profile.Notifications.DAILY):
        return False
    mail_member(member, f"Battle Cry: {campaign.challenger.get_username()} invites you to "
                        f"a campaign, {campaign.name}",
                "campaigns/email/invitation.txt",
                {"campaign": campaign, "what": what, "place": place,
                 "url": site_url(reverse("campaigns:campaign", args=[campaign.pk]))})
    return True
