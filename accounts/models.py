"""The user and the player profile."""

import secrets
import zoneinfo
from functools import lru_cache

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import models

from tournaments.annual.reminders import MAX_DAYS_BEFORE as MAX_REMINDER_DAYS


def new_feed_token() -> str:
    """A secret for a member's private calendar feed URL (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


class User(AbstractUser):
    """The site's user. Kept as our own model so that fields can be added without pain."""

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"


@lru_cache(maxsize=1)
def time_zone_names() -> tuple[str, ...]:
    return tuple(sorted(zoneinfo.available_timezones()))


def validate_time_zone(value: str) -> None:
    if value not in time_zone_names():
        raise ValidationError(
            "%(value)s is not a known time zone; choose one such as Europe/London or America/New_York.",
            code="invalid_time_zone",
            params={"value": value},
        )


class Profile(models.Model):
    class Notifications(models.TextChoices):
        EVERY_TURN = "every_turn", "E-mail me each time it is my turn"
        DAILY = "daily", "One e-mail a day with the games waiting for me"
        NONE = "none", "No e-mail"

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(
        max_length=60, blank=True, help_text="The name other players see. Your username if left blank."
    )
    club = models.CharField(max_length=100, blank=True, help_text="The club you play for, if any.")
    time_zone = models.CharField(
        max_length=64,
        default="UTC",
        validators=[validate_time_zone],
        help_text="Turn deadlines and dates are shown in this time zone.",
    )
    email_notifications = models.CharField(
        "e-mail notifications",
        max_length=20,
        choices=Notifications.choices,
        default=Notifications.EVERY_TURN,
    )
    anniversary_reminders = models.BooleanField(
        "anniversary reminders", default=False,
        help_text="E-mail me before each battle's anniversary and on the day, with a link to play it.")
    reminder_days_before = models.PositiveSmallIntegerField(
        "days before", default=7, validators=[MaxValueValidator(MAX_REMINDER_DAYS)],
        help_text=f"How many days ahead of an anniversary to remind me (0 to {MAX_REMINDER_DAYS}; "
                  "0: on the day only).")
    feed_token = models.CharField(
        max_length=64, unique=True, null=True, blank=True, editable=False,
        help_text="The secret in the address of the member's private calendar feed.")

    class Meta:
        ordering = ["user__username"]

    def __str__(self):
        return self.name

    @property
    def name(self) -> str:
        return self.display_name or self.user.get_username()

    def calendar_feed_token(self) -> str:
        """The secret of the private calendar feed, made on first use."""
        if not self.feed_token:
            self.reset_feed_token()
        return self.feed_token

    def reset_feed_token(self) -> str:
        """A new secret: the old feed address stops working at once."""
        self.feed_token = new_feed_token()
        self.save(update_fields=["feed_token"])
        return self.feed_token
