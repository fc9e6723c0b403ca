"""A run of Archie against Archie on a scenario, asked for on its balance page: stored with
the scenario, and with the hash of the scenario data it was measured on (a later change of
the map shows the run as measured on an older version). docs/review.md."""
from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.db import models
from django.utils import timezone

from games.engine import DEFAULT_RULESET


def data_hash(data) -> str:
    """sha256 of the scenario data written canonically (sorted keys, no spaces)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


class BalanceRun(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "Waiting for a worker"
        RUNNING = "running", "Playing"
        DONE = "done", "Finished"
        FAILED = "failed", "Failed"

    scenario = models.ForeignKey("games.Scenario", on_delete=models.CASCADE,
                                 related_name="balance_runs")
    ruleset = models.CharField(max_length=20, default=DEFAULT_RULESET)
    options = models.JSONField(default=dict, blank=True)
    level = models.CharField(max_length=12, help_text="Archie's level on every seat.")
    games = models.PositiveSmallIntegerField(help_text="Games asked for.")
    seed = models.BigIntegerField(help_text="The run's seed: each game's is derived from it.")
    data_hash = models.CharField(max_length=64, help_text="sha256 of the scenario data played.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveSmallIntegerField(default=0, help_text="Games played so far.")
    result = models.JSONField(null=True, blank=True, help_text="games.ai.selfplay's result.")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+")
    created = models.DateTimeField(default=timezone.now)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["scenario", "-created"], name="balance_run_scenario")]

    def __str__(self) -> str:
        return f"{self.scenario}: {self.games} games of {self.level}"

    @property
    def is_live(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.RUNNING)

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.games) if self.games else 100

    def is_current(self, scenario=None) -> bool:
        """Whether the run was measured on the scenario's data as it is now."""
        return self.data_hash == data_hash((scenario or self.scenario).data)
