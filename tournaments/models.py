"""Models of the tournaments app."""
from django.conf import settings
from django.db import models
from django.utils import timezone

from tournaments.annual.reminders import AHEAD, ON_THE_DAY


class AnniversaryReminder(models.Model):
    """An anniversary reminder e-mail sent to a member: one row per member, battle, year and
    kind, so each goes out once however often the periodic task runs."""

    class Kind(models.TextChoices):
        AHEAD = AHEAD, "Days ahead"
        ON_THE_DAY = ON_THE_DAY, "On the day"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="anniversary_reminders")
    battle = models.PositiveSmallIntegerField(help_text="Number in the Annual Games list (1-31).")
    year = models.PositiveSmallIntegerField(help_text="The year of the anniversary reminded of.")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    sent = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-sent"]
        constraints = [
            models.UniqueConstraint(fields=["user", "battle", "year", "kind"],
                                    name="one_anniversary_reminder_per_member_battle_year_kind"),
        ]

    def __str__(self) -> str:
        return f"{self.user} · battle {self.battle} · {self.year} · {self.get_kind_display()}"
