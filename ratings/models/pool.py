"""A rating pool: one ruleset played in one mode (a duel, or one of the team games)."""
from __future__ import annotations

from django.db import models

DUEL = "duel"
#: The team games, by their ``team_mode`` option's value (docs/ratings.md, "Team games").
TEAM_MODES = {"epic": "Epic", "doubles": "Doubles", "grand": "Grand Battle Cry"}
MODES = {DUEL: "One player a side", **TEAM_MODES}


def mode_label(mode: str) -> str:
    return MODES.get(mode, mode)


class Pool(models.Model):
    """Results of a pool are rated one at a time, in ``seq`` order: recording one locks
    the pool's row, so the order results are rated in is the order a rebuild replays."""

    ruleset = models.CharField(max_length=20)
    mode = models.CharField(max_length=10, default=DUEL, choices=list(MODES.items()),
                            help_text="duel: one player a side; else the team game (the team_mode option).")
    last_seq = models.PositiveIntegerField(default=0, help_text="The place of the last result recorded.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["ruleset", "mode"], name="one_pool_per_ruleset_mode")]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        """"Advanced", or "Advanced · Epic" for a team game's pool."""
        rules = self.ruleset.capitalize()
        return rules if self.mode == DUEL else f"{rules} · {mode_label(self.mode)}"
