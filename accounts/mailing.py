"""E-mail to one member: whether they want it, by their notification setting, and sending it."""
from __future__ import annotations

from django.core.mail import send_mail
from django.template.loader import render_to_string

from battlecry_site.names import one_line_subject

from .models import Profile


def wants_mail(user, *prefs) -> bool:
    """Whether ``user`` has an address and a notification setting among ``prefs`` (a member
    without a profile gets every turn's e-mail); False for None (a vacant seat)."""
    if user is None or not user.email:
        return False
    profile = Profile.objects.filter(user=user).first()
    pref = profile.email_notifications if profile else Profile.Notifications.EVERY_TURN
    return pref in prefs


def mail_member(user, subject: str, template: str, context: dict) -> None:
    """Send ``user`` the e-mail drawn from ``template`` (``user`` and ``context`` given to it)."""
    body = render_to_string(template, {"user": user, **context})
    send_mail(one_line_subject(subject), body, None, [user.email])
