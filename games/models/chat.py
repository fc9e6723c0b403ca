"""The chat of a match: plain-text messages between its two players (both games share it)."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

MAX_LENGTH = 500


class ChatMessage(models.Model):
    """One message; written only through ``games.services.post_chat``."""

    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="chat")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.CharField(max_length=MAX_LENGTH, help_text="Plain text, shown escaped.")
    created = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["match", "created", "pk"]

    def __str__(self) -> str:
        return f"{self.author}: {self.text[:40]}"
