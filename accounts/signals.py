"""Receivers: a profile for every new user; a successful log-in clears the attempts
counted against the log-in limit (they are counted as they are made, accounts/backends.py)."""

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.db.models.signals import post_save
from django.dispatch import receiver

from . import ratelimit
from .models import Profile


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_profile(sender, instance, created, raw=False, **kwargs):
    if created and not raw:
        Profile.objects.get_or_create(user=instance)


@receiver(user_logged_in)
def forget_login_failures(sender, request, user, **kwargs):
    if request is not None:
        ratelimit.reset(request, user.get_username())
