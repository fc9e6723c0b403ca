"""The published versions of a scenario: each accepted correction or new battle is kept
whole, and a game records the version it began with (its own state keeps that version's
data, so a replay is exact whatever is published later)."""
from __future__ import annotations

from django.conf import settings
from django.db import models


class ScenarioVersion(models.Model):
    scenario = models.ForeignKey("games.Scenario", on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField(help_text="1 for the first version, and so on.")
    data = models.JSONField(help_text="The scenario file of this version.")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                               on_delete=models.SET_NULL, related_name="scenario_versions")
    note = models.CharField(max_length=300, blank=True, help_text="What this version changed.")
    balance = models.JSONField(null=True, blank=True,
                               help_text="Archie's self-play estimate measured on this version.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["scenario", "number"]
        constraints = [models.UniqueConstraint(fields=["scenario", "number"],
                                               name="one_scenario_version_per_number")]

    def __str__(self) -> str:
        return f"{self.scenario} v{self.number}"
