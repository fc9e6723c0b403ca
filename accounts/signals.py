"""Receivers: a profile for every new user, and the login failure counter."""

from django.conf import settings
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.db.models.signals import post_save
from django.dispatch import receiver

from . import ratelimit
from .models import Profile


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_profile(sender, instance, created, raw=False, **kwargs):
    if created and not raw:
        Profile.objects.get_or_create(user=instance)


@receiver(user_login_failed)
def count_login_failure(sender, credentials, request=None, **kwargs):
    if request is not None:
        ratelimit.record_failure(request, ratelimit.username_from(credentials))


@receiver(user_logged_in)
def forget_login_failures(sender, request, user, **kwargs):
    if request is not None:
        ratelimit.reset(request, user.get_username())
