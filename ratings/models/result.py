"""A result as it is rated: the games of one match (or one league pairing), each with its
two teams of subjects, or the reason it is not rated."""
from __future__ import annotations

from django.db import models


class RatedResult(models.Model):
    """Recorded once per result (``key`` is unique); a correction rewrites ``games`` and
    re-rates the pool from ``seq`` on.

    ``games``: a list of ``{"number", "scenario", "teams": {side: [subject, ...]},
    "winner": side or "", "rated": bool, "why": words}``; the teams list the players'
    subjects, the scenario's side pseudo-player is added when rating.
    """

    key = models.CharField(max_length=40, unique=True,
                           help_text="The result's source: match:<id> or pairing:<id>.")
    pool = models.ForeignKey("ratings.Pool", on_delete=models.CASCADE, related_name="results")
    seq = models.PositiveIntegerField(help_text="The order the pool rates its results in.")
    played = models.DateTimeField(help_text="When the result became final.")
    match = models.ForeignKey("games.Match", on_delete=models.SET_NULL, null=True, blank=True,
                              related_name="+")
    games = models.JSONField(default=list)
    why = models.CharField(max_length=120, blank=True,
                           help_text="Why no game of the result is rated; blank when some are.")
    corrections = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["pool", "seq"]
        constraints = [models.UniqueConstraint(fields=["pool", "seq"], name="one_result_per_place")]

    def __str__(self) -> str:
        return f"{self.key} (#{self.seq} of {self.pool})"

    @property
    def rated(self) -> bool:
        return any(g.get("rated") for g in self.games)
