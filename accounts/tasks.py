"""Celery tasks of the accounts app."""

from celery import shared_task
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse

from battlecry_site.links import site_url
from battlecry_site.names import one_line_subject

from . import ratelimit, request_counts


@shared_task
def send_welcome_email(user_id: int) -> bool:
    """Welcome a new player. Idempotent enough: a user who has gone gets nothing."""
    user = get_user_model().objects.filter(pk=user_id).select_related("profile").first()
    if user is None or not user.email:
        return False
    body = render_to_string("accounts/welcome_email.txt", {"user": user})
    send_mail(one_line_subject("Welcome to the Battle Cry club"), body, None, [user.email])
    return True


@shared_task
def send_address_in_use(holder_id: int, new_username: str) -> bool:
    """Someone signed up with the address of an existing member: tell that member (the
    sign-up page itself does not say the address is taken)."""
    holder = get_user_model().objects.filter(pk=holder_id).first()
    if holder is None or not holder.email:
        return False
    body = render_to_string("accounts/address_in_use_email.txt", {
        "user": holder, "new_username": new_username,
        "reset_url": site_url(reverse("password_reset"))})
    send_mail(one_line_subject("Your e-mail address was used to sign up at the Battle Cry club"), body, None, [holder.email])
    return True


@shared_task(name="accounts.prune_throttles")
def prune_throttles() -> int:
    """Forget log-in and password-reset attempts older than every limit's window, and the API
    request counts of windows that are over (hourly)."""
    return ratelimit.prune() + request_counts.prune()
