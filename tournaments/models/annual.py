"""The Annual Games of a club as a competition (Advanced Rulebook, ANNUAL GAMES).

A competition of kind "annual" has one round per battle of the list (round 1 is Fort
Donelson, round 31 Murfreesboro), each published from the start with the last day of the
battle's window as its deadline.  Members arrange matches of a battle themselves; each match
is a pairing of that round, played on the site or at the table and reported like any league
result.  The scoring is :mod:`tournaments.annual.scoring`.
"""
from __future__ import annotations

from django.db import models

from accounts.models import validate_time_zone


class AnnualGames(models.Model):
    """The settings of a competition of kind "annual"."""

    competition = models.OneToOneField("tournaments.Competition", on_delete=models.CASCADE,
                                       related_name="annual")
    year = models.PositiveSmallIntegerField()
    window_days = models.PositiveSmallIntegerField(
        null=True, blank=True,
        help_text="A match counts if it began within this many days of the anniversary "
                  "(either side); empty: any time in the year.")
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone],
                                 help_text="The day a match began is read in this time zone.")
    two_player = models.BooleanField(
        default=False, help_text="Two members play the whole year against each other.")

    class Meta:
        ordering = ["-year", "competition"]
        verbose_name_plural = "annual games"

    def __str__(self) -> str:
        return f"{self.competition.name} ({self.year})"


class AnnualMatch(models.Model):
    """The day a match of the Annual Games played at the table was played (a match on the
    site is dated by the day it began)."""

    pairing = models.OneToOneField("tournaments.Pairing", on_delete=models.CASCADE,
                                   related_name="annual")
    played_on = models.DateField()

    def __str__(self) -> str:
        return f"{self.pairing} on {self.played_on}"
