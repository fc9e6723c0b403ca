"""The log of a finished game packed into one compressed value (see :mod:`games.game_log`).

While a game is played its log is one :class:`~games.models.GameAction` row per action;
once it is over the rows are packed into a single :class:`PackedLog` and deleted, which
takes a ~1,100-action game from about 450 KiB of rows and indexes to a few tens of KiB.
Written only by :func:`games.game_log.pack`; read through :func:`games.game_log.entries`.
"""
from __future__ import annotations

from django.db import models


class PackedLog(models.Model):
    """Every action of a finished game and its events (secret and private parts included),
    as zlib-compressed JSON."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, primary_key=True,
                                related_name="packed_log")
    actions = models.PositiveIntegerField(help_text="How many actions the log holds.")
    data = models.BinaryField(help_text="zlib-compressed JSON (format in games.game_log).")
    packed = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"packed log of game {self.game_id} ({self.actions} actions)"
