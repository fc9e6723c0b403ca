"""Celery tasks of the tournaments app.

``tournaments.send_anniversary_reminders`` runs every hour (a django-celery-beat row made
by migration 0001_calendar). It may run twice or overlap with itself: each reminder is
first claimed as a unique row (member, battle, year, kind) in the same transaction that
sends the e-mail, so it goes out once.
"""
from __future__ import annotations

import zoneinfo

from celery import shared_task
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse

from accounts.models import Profile
from battlecry_site.links import site_url
from battlecry_site.names import one_line_subject
from games.views.scenarios import ordinal
from tournaments import clock
from tournaments.annual.reminders import MAX_DAYS_BEFORE, Due, reminders_due
from tournaments.models import AnniversaryReminder

#: No reminder before this hour of the member's own morning.
SEND_FROM_HOUR = 7


def _claim(user, due: Due) -> bool:
    """Make the reminder's row; False if it was made already (sent before)."""
    try:
        with transaction.atomic():
            AnniversaryReminder.objects.create(user=user, battle=due.anniversary.number,
                                               year=due.date.year, kind=due.kind)
    except IntegrityError:
        return False
    return True


def _item(due: Due) -> dict:
    a = due.anniversary
    years = a.years_since(due.date.year)
    return {"anniversary": a, "date": due.date, "days": due.days, "years": years,
            "nth": ordinal(years),
            "scenario_url": site_url(reverse("scenario_detail", args=[a.slug])),
            "play_url": site_url(reverse("match_new") + f"?scenario={a.slug}")}


def _subject(items: list[dict]) -> str:
    names = " and ".join(i["anniversary"].name for i in items)
    if all(i["days"] == 0 for i in items):
        return f"Battle Cry: today is the anniversary of {names}"
    return f"Battle Cry: coming anniversaries: {names}"


def remind(profile: Profile) -> int:
    """Send ``profile``'s member the reminders due now in their time zone, in one e-mail;
    the number of reminders sent (0 if none was due or all went out before)."""
    user = profile.user
    try:
        local = clock.now().astimezone(zoneinfo.ZoneInfo(profile.time_zone))
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return 0
    if local.hour < SEND_FROM_HOUR:
        return 0
    due = reminders_due(local.date(), min(profile.reminder_days_before, MAX_DAYS_BEFORE))
    if not due:
        return 0
    with transaction.atomic():
        claimed = [d for d in due if _claim(user, d)]
        if not claimed:
            return 0
        items = [_item(d) for d in claimed]
        body = render_to_string("tournaments/email/anniversary_reminder.txt", {
            "user": user, "items": items,
            "calendar_url": site_url(reverse("calendar")),
            "profile_url": site_url(reverse("profile")),
        })
        # A failure to send undoes the rows: the next run tries again.
        send_mail(one_line_subject(_subject(items)), body, None, [user.email])
    return len(claimed)


@shared_task(name="tournaments.send_anniversary_reminders")
def send_anniversary_reminders() -> int:
    """Every member who asked for anniversary reminders gets those due (once each)."""
    sent = 0
    members = (Profile.objects.filter(anniversary_reminders=True, user__is_active=True)
               .exclude(user__email="").select_related("user"))
    for profile in members:
        sent += remind(profile)
    return sent
