"""Celery tasks of the tournaments app: the league e-mails.

Queued through the games outbox (games/outbox.py) in the transaction of the write they
follow, so a broker that is down delays an e-mail but never fails the write.  Each e-mail
goes to players whose profile accepts e-mail (any setting but "No e-mail").  ``tournaments.warn_round_deadlines``
runs every hour (django-celery-beat row made by migration 0002_periodic_tasks) and claims
each round with a conditional UPDATE first, so a second run sends nothing.
"""
from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.urls import reverse
from django.utils import timezone

from accounts.mailing import mail_member, wants_mail
from accounts.models import Profile
from battlecry_site.links import site_url
from tournaments.models import Membership, Pairing, Round

#: The round deadline e-mail goes out when this much time is left.
DEADLINE_WARNING = timedelta(hours=48)


def _mail(user, subject: str, template: str, context: dict) -> bool:
    """E-mail a member who takes e-mail at all (every turn or a daily digest)."""
    if not wants_mail(user, Profile.Notifications.EVERY_TURN, Profile.Notifications.DAILY):
        return False
    mail_member(user, subject, f"tournaments/email/{template}", context)
    return True


def _pairing(pairing_id: int):
    return (Pairing.objects.select_related("round__competition__club", "home__profile",
                                           "away__profile", "scenario")
            .filter(pk=pairing_id).first())


def _url(p) -> str:
    return site_url(reverse("leagues:pairing", args=[p.pk]))


@shared_task(name="tournaments.notify_pairing")
def notify_pairing(pairing_id: int) -> int:
    """Pairing published: tell both players whom they play."""
    p = _pairing(pairing_id)
    if p is None or p.is_bye:
        return 0
    comp = p.round.competition
    sent = 0
    for me, them in ((p.home, p.away), (p.away, p.home)):
        sent += _mail(me, f"{comp.name}: {p.round.label.lower()}, you play {them.profile.name}",
                      "pairing.txt", {"p": p, "comp": comp, "opponent": them, "url": _url(p)})
    return sent


@shared_task(name="tournaments.notify_result_to_confirm")
def notify_result_to_confirm(pairing_id: int) -> int:
    """A result was reported: ask the other player to confirm or dispute it."""
    p = _pairing(pairing_id)
    if p is None or p.result != p.Result.REPORTED:
        return 0
    other = p.away if p.reported_by_id == p.home_id else p.home
    comp = p.round.competition
    return int(_mail(other, f"{comp.name}: confirm the result of your match", "result_to_confirm.txt",
                     {"p": p, "comp": comp, "reporter": p.reported_by, "url": _url(p)}))


def _organisers(club):
    return [m.user for m in club.memberships.select_related("user__profile").filter(
        role=Membership.Role.ORGANISER, status=Membership.Status.ACTIVE)]


@shared_task(name="tournaments.notify_dispute")
def notify_dispute(pairing_id: int) -> int:
    """A result is disputed: tell the club's organisers."""
    p = _pairing(pairing_id)
    if p is None or p.result != p.Result.DISPUTED:
        return 0
    comp = p.round.competition
    return sum(_mail(u, f"{comp.name}: a result is disputed", "dispute.txt",
                     {"p": p, "comp": comp, "url": _url(p)}) for u in _organisers(comp.club))


@shared_task(name="tournaments.notify_join_request")
def notify_join_request(membership_id: int) -> int:
    m = Membership.objects.select_related("club", "user__profile").filter(pk=membership_id).first()
    if m is None or m.status != Membership.Status.PENDING:
        return 0
    url = site_url(reverse("leagues:club", args=[m.club.slug]))
    return sum(_mail(u, f"{m.club}: {m.user.profile.name} asks to join", "join_request.txt",
                     {"m": m, "url": url}) for u in _organisers(m.club))


@shared_task(name="tournaments.warn_round_deadlines")
def warn_round_deadlines() -> int:
    """Round deadline close: tell the players of every match without a result yet."""
    now = timezone.now()
    sent = 0
    due = Round.objects.filter(status=Round.Status.PUBLISHED, deadline_warned=False,
                               deadline__gt=now, deadline__lte=now + DEADLINE_WARNING
                               ).exclude(competition__kind="annual")   # a begun match counts: no warning
    for rnd in due.select_related("competition"):
        if Round.objects.filter(pk=rnd.pk, deadline_warned=False).update(deadline_warned=True) != 1:
            continue
        open_pairings = (rnd.pairings.filter(away__isnull=False).exclude(result__in=Pairing.FINAL)
                         .select_related("home__profile", "away__profile"))
        for p in open_pairings:
            for user in (p.home, p.away):
                sent += _mail(user, f"{rnd.competition.name}: round {rnd.number} ends soon",
                              "deadline.txt", {"p": p, "rnd": rnd, "comp": rnd.competition, "url": _url(p)})
    return sent
