"""A team table: the seats of a team match before its first game is dealt.

A match whose ruleset seats several players a side (its ``seat_plan``) is set up at an open
table in the lobby (``Match.Status.TABLE``).  Each :class:`TableSeat` is one seat of the
plan: free, held by a member who sat down, kept for a member invited to it, or given to
Archie.  Game 1 is dealt when every seat is held, its ``Seat`` rows copied from these; the
rows stay as the match's first seating (the teams whose results the match counts).
Rows change only through :mod:`games.services` (docs/decisions.md, "Team tables").
"""
from __future__ import annotations

from django.conf import settings
from django.db import models


class TableSeat(models.Model):
    """One seat of a team table and who holds it (or is invited to it)."""

    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="table_seats")
    position = models.PositiveSmallIntegerField(help_text="The seat's place in the ruleset's seat plan.")
    name = models.CharField(max_length=40, help_text="The engine's name of the seat.")
    side = models.CharField(max_length=12, help_text="The side the seat plays for in game 1.")
    role = models.CharField(max_length=80, blank=True, help_text="The seat's part in its team.")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="table_seats", help_text="The member who took the seat (Archie's row for Archie).")
    archie_level = models.CharField(max_length=12, blank=True,
                                    help_text="Archie's level when the seat was given to Archie.")
    invited = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="table_invitations", help_text="The member the seat is kept for until they take it.")

    class Meta:
        ordering = ["match", "position"]
        constraints = [
            models.UniqueConstraint(fields=["match", "name"], name="one_table_seat_per_name"),
        ]
        indexes = [models.Index(fields=["player", "match"], name="table_seat_member",
                                condition=models.Q(player__isnull=False))]

    def __str__(self) -> str:
        return f"{self.match_id} {self.name}: {self.player or 'free'}"

    @property
    def is_archie(self) -> bool:
        return bool(self.archie_level)

    @property
    def is_free(self) -> bool:
        return self.player_id is None
