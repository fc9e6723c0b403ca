"""The team chat of a game: messages only the members of one side's seats read while the
game is played, public with the replay once it is over (docs/decisions.md, "Team chat").
It sits beside the match's chat between all its players (games/models/chat.py)."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class TeamChatMessage(models.Model):
    """One message to a team; written only through ``games.services.post_team_chat``."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="team_chat")
    side = models.CharField(max_length=12, help_text="The team: the side its seats play in this game.")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.CharField(max_length=500, help_text="Plain text, shown escaped.")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "side", "created", "pk"]
        indexes = [models.Index(fields=["game", "side", "created"], name="team_chat_of_game")]

    def __str__(self) -> str:
        return f"{self.author} to {self.side}: {self.text[:40]}"
