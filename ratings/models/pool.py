"""A rating pool: one ruleset played in one mode (a duel today; team games later)."""
from __future__ import annotations

from django.db import models

DUEL = "duel"
TEAM = "team"


class Pool(models.Model):
    """Results of a pool are rated one at a time, in ``seq`` order: recording one locks
    the pool's row, so the order results are rated in is the order a rebuild replays."""

    ruleset = models.CharField(max_length=20)
    mode = models.CharField(max_length=10, default=DUEL, help_text="duel: one player a side; team: several.")
    last_seq = models.PositiveIntegerField(default=0, help_text="The place of the last result recorded.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["ruleset", "mode"], name="one_pool_per_ruleset_mode")]

    def __str__(self) -> str:
        return f"{self.ruleset} ({self.mode})"
