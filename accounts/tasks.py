"""Celery tasks of the accounts app."""

from celery import shared_task
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.template.loader import render_to_string


@shared_task
def send_welcome_email(user_id: int) -> bool:
    """Welcome a new player. Idempotent enough: a user who has gone gets nothing."""
    user = get_user_model().objects.filter(pk=user_id).select_related("profile").first()
    if user is None or not user.email:
        return False
    body = render_to_string("accounts/welcome_email.txt", {"user": user})
    send_mail("Welcome to the Battle Cry club", body, None, [user.email])
    return True
