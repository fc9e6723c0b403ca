"""A battle proposed to a club from the scenario editor: a corrected map of a published
battle or a new one, waiting for an organiser of the club to accept or decline it."""
from __future__ import annotations

from django.conf import settings
from django.db import models


class ScenarioProposal(models.Model):
    class Status(models.TextChoices):
        PROPOSED = "proposed", "Waiting for an organiser"
        ACCEPTED = "accepted", "Accepted: the club plays it"
        DECLINED = "declined", "Declined"

    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="scenario_proposals")
    proposer = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                 related_name="scenario_proposals")
    draft = models.ForeignKey("games.ScenarioDraft", null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="proposals")
    base = models.ForeignKey("games.Scenario", null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="proposals", help_text="The published battle it corrects, if any.")
    data = models.JSONField(help_text="The battle as proposed (the draft may change afterwards).")
    note = models.CharField(max_length=300, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PROPOSED)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="scenario_proposals_decided")
    decided_at = models.DateTimeField(null=True, blank=True)
    version = models.ForeignKey("games.ScenarioVersion", null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="proposals", help_text="The version made when it was accepted.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.data.get('name', 'A battle')} for {self.club}"
