"""The chat of a match: plain-text messages between its two players (both games share it),
and each player's consent to let spectators read it."""
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


class ChatShare(models.Model):
    """A player's consent that spectators may read the match's chat.  Spectators see the chat
    (read-only) only while both players have given theirs; either may take it back at any
    time.  Written only through ``games.services.share_chat``."""

    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="chat_shares")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "player"],
                                               name="one_chat_share_per_player")]

    def __str__(self) -> str:
        return f"{self.player} shares the chat of {self.match}"


class ChatRead(models.Model):
    """How far a player has read the match's chat: every message up to ``up_to`` (a message
    id) has been shown to them; the later ones from their opponent are unread.  Written only
    through ``games.chat_unread.mark_read``."""

    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="chat_reads")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    up_to = models.BigIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "player"],
                                               name="one_chat_read_per_player")]

    def __str__(self) -> str:
        return f"{self.player} has read the chat of {self.match} up to {self.up_to}"


def chat_is_public(match) -> bool:
    """Whether spectators may read the chat of ``match``: both players (every member of a
    team match) have agreed."""
    if match.team:
        members = {u.pk for u in match.players()}
        agreed = set(match.chat_shares.filter(player_id__in=members).values_list("player_id", flat=True))
        return bool(members) and agreed == members
    return (match.chat_shares.filter(player_id__in=(match.challenger_id, match.opponent_id))
            .values("player_id").distinct().count() == 2)
