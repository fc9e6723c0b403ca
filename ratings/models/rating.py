"""Each subject's current rating in a pool, and every change a rated game made to it."""
from __future__ import annotations

from django.conf import settings
from django.db import models

from ratings.method import Skill, is_provisional


class Rating(models.Model):
    pool = models.ForeignKey("ratings.Pool", on_delete=models.CASCADE, related_name="ratings")
    subject = models.CharField(max_length=80, help_text="member:<id>, archie:<level> or scenario:<slug>:<side>.")
    kind = models.CharField(max_length=10, help_text="member, archie or scenario.")
    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                               blank=True, related_name="ratings")
    mu = models.FloatField()
    sigma = models.FloatField()
    shown = models.IntegerField(help_text="The rating members read: 1000 + 40 (mu - 3 sigma).")
    games = models.PositiveIntegerField(default=0, help_text="Rated games played.")
    last_played = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["pool", "subject"], name="one_rating_per_subject")]
        indexes = [models.Index(fields=["pool", "kind", "-shown"], name="rating_leaderboard"),
                   models.Index(fields=["member", "pool"], name="rating_of_member")]

    def __str__(self) -> str:
        return f"{self.subject} in {self.pool_id}: {self.shown}"

    @property
    def skill(self) -> Skill:
        return Skill(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return is_provisional(self.games)


class RatingChange(models.Model):
    """What one rated game did to one subject's rating (the history a plot is drawn from)."""

    # No indexes of their own: the unique (result, number, subject) and (pool, seq) find them,
    # and a rebuild writes every row, so each index costs.
    result = models.ForeignKey("ratings.RatedResult", on_delete=models.CASCADE, related_name="changes",
                               db_index=False)
    pool = models.ForeignKey("ratings.Pool", on_delete=models.CASCADE, related_name="+", db_index=False)
    seq = models.PositiveIntegerField()
    number = models.PositiveSmallIntegerField(help_text="The game of the result: 1 or 2.")
    subject = models.CharField(max_length=80)
    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                               blank=True, related_name="+")
    played = models.DateTimeField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    shown_before = models.IntegerField()
    shown_after = models.IntegerField()

    class Meta:
        ordering = ["pool", "seq", "number", "subject"]
        constraints = [models.UniqueConstraint(fields=["result", "number", "subject"],
                                               name="one_change_per_game_and_subject")]
        indexes = [models.Index(fields=["pool", "seq"], name="change_in_order"),
                   models.Index(fields=["subject", "pool", "seq"], name="change_of_subject")]

    @property
    def delta(self) -> int:
        return self.shown_after - self.shown_before
