"""Archie's review of a finished game, made once per game by a task (games/reviews.py,
games/ai/review.py) and read by the replay page and the API. docs/review.md."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class GameReview(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "Waiting for a worker"
        RUNNING = "running", "Reviewing"
        DONE = "done", "Finished"
        FAILED = "failed", "Failed"

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="review")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveSmallIntegerField(default=0, help_text="Turns reviewed so far.")
    total = models.PositiveSmallIntegerField(default=0, help_text="Turns to review.")
    seconds_per_turn = models.FloatField(help_text="Archie's budget for each turn reviewed.")
    result = models.JSONField(null=True, blank=True, help_text="games.ai.review's result.")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+")
    created = models.DateTimeField(default=timezone.now)
    finished = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Review of {self.game}"

    @property
    def is_live(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.RUNNING)

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.total) if self.total else 0
