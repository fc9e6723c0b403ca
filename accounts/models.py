"""The user and the player profile."""

import secrets
import zoneinfo
from functools import lru_cache

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import models

from battlecry_site.names import validate_name
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
        max_length=60, blank=True, validators=[validate_name],
        help_text="The name other players see. Your username if left blank."
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


class Throttle(models.Model):
    """Recent attempts at something limited (a log-in for one username from one address, a
    password-reset e-mail to one address), as Unix times; see accounts/ratelimit.py.

    Kept in the database and counted under a row lock, so simultaneous attempts are
    counted one by one and the limit holds whether or not Redis is up.
    """

    key = models.CharField(max_length=100, unique=True, help_text="What is limited (hashed).")
    stamps = models.JSONField(default=list, blank=True)
    updated = models.DateTimeField(auto_now=True, db_index=True)

    def __str__(self) -> str:
        return self.key


class RequestCount(models.Model):
    """API requests of one client (a token, a member or an address) in one window of its
    budget: the count the API throttle keeps in the database while Redis is unreachable
    (see accounts/request_counts.py). Raised by one atomic UPDATE per request."""

    key = models.CharField(max_length=200, unique=True, help_text="Client and window.")
    n = models.PositiveIntegerField(default=0)
    expires = models.DateTimeField(db_index=True, help_text="When the window is over.")

    def __str__(self) -> str:
        return f"{self.key}: {self.n}"


class ApiToken(models.Model):
    """A member's personal API token: shown once when made, kept only as its sha256.

    ``read`` tokens may only read (GET, HEAD, OPTIONS); ``play`` tokens may also act:
    challenge, accept, play a turn, import a scenario. Revoking deletes the row.
    """

    class Scope(models.TextChoices):
        READ = "read", "Read: look at games, matches and scenarios"
        PLAY = "play", "Play: also challenge, accept and play turns"

    PREFIX_LENGTH = 8

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=60, help_text="What the token is for, e.g. 'Discord bot'.")
    scope = models.CharField(max_length=8, choices=Scope.choices, default=Scope.READ)
    prefix = models.CharField(max_length=PREFIX_LENGTH, help_text="The first characters, shown to tell tokens apart.")
    key_hash = models.CharField(max_length=64, unique=True, help_text="sha256 of the whole token.")
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = "API token"

    def __str__(self):
        return f"{self.name} ({self.prefix}…, {self.scope})"

    @property
    def can_write(self) -> bool:
        return self.scope == self.Scope.PLAY
