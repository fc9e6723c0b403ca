"""A club's own preset: a named set of options its organisers saved, offered to its members
wherever a game is set up beside the presets the rules declare."""
from __future__ import annotations

from django.conf import settings
from django.db import models

from battlecry_site.names import validate_name
from games.engine import DEFAULT_RULESET


class ClubPreset(models.Model):
    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="presets")
    name = models.CharField(max_length=60, validators=[validate_name])
    ruleset = models.CharField(max_length=20, default=DEFAULT_RULESET,
                               help_text="The rules whose options it sets (a registered ruleset).")
    options = models.JSONField(default=dict, blank=True,
                               help_text="Option values by name, as the ruleset declares them.")
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                blank=True, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "name"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="preset_name_once_per_club")]

    def __str__(self) -> str:
        return f"{self.club}: {self.name}"

    @property
    def key(self) -> str:
        """How a form's preset list names it (beside the rules' own presets' keys)."""
        return f"club-{self.pk}"
