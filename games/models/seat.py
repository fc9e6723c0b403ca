"""Seats: who plays each part of a game.

A game is played from the seats its ruleset declares (``Game.state``'s engine names them;
a Battle Cry game has one seat per side, named after the side).  Each :class:`Seat` row
says who holds it: a member, Archie (the computer opponent, at a level), or nobody (a
member who held it left the club).  The game's ``deciding`` names the seat whose decision
it is; the member to act is that seat's holder.  Rows change only through
:mod:`games.services` (and the deletion of a member, which empties their seats).
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.signals import pre_delete
from django.dispatch import receiver


class Seat(models.Model):
    """One seat of one game and its holder."""

    class Holder(models.TextChoices):
        MEMBER = "member", "A member"
        ARCHIE = "archie", "Archie, the computer opponent"
        VACANT = "vacant", "Nobody (the member left the club)"

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="seats")
    name = models.CharField(max_length=40, help_text="The engine's name of the seat.")
    side = models.CharField(max_length=12, help_text="The side the seat plays for.")
    role = models.CharField(max_length=80, blank=True,
                            help_text="The seat's part when a side has several seats; blank otherwise.")
    holder = models.CharField(max_length=8, choices=Holder.choices, default=Holder.MEMBER)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="seats",
        help_text="The member holding the seat (Archie's member row for an Archie seat); "
                  "empty when vacant.")
    archie_level = models.CharField(max_length=12, blank=True,
                                    help_text="Archie's level when Archie holds the seat.")
    away = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+",
        help_text="A team game: the member whose time ran out and whose seat a team-mate or "
                  "Archie took over; they may take it back.")
    resigns = models.BooleanField(
        default=False, help_text="A team game: the seat's member agrees that their team resigns.")

    class Meta:
        ordering = ["game", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "name"], name="one_seat_per_name"),
        ]
        indexes = [
            # a member's games (their live ones by the game's deadline; the decisions that
            # are theirs where the game's deciding names the seat)
            models.Index(fields=["player", "game", "name"], name="seat_member_games",
                         condition=models.Q(player__isnull=False)),
        ]

    def __str__(self) -> str:
        return f"{self.game_id} {self.name}: {self.holder_name}"

    @property
    def is_archie(self) -> bool:
        return self.holder == self.Holder.ARCHIE

    @property
    def is_member_held(self) -> bool:
        return self.holder == self.Holder.MEMBER and self.player_id is not None

    @property
    def is_vacant(self) -> bool:
        return self.holder == self.Holder.VACANT

    @property
    def holder_name(self) -> str:
        if self.is_vacant or self.player is None:
            return "nobody"
        return self.player.get_username()


@receiver(pre_delete, sender=settings.AUTH_USER_MODEL)
def _empty_the_seats_of_a_deleted_member(sender, instance, **kwargs) -> None:
    """A member who is deleted leaves their seats vacant; the games stay (docs/decisions.md,
    "Seats of a deleted member")."""
    Seat.objects.filter(player=instance).update(player=None, holder=Seat.Holder.VACANT,
                                                archie_level="")


def seats_prefetch():
    """``prefetch_related`` of a game's seats with their members and profiles: one query
    for every game of a list (``Game.seat_rows()`` then reads it)."""
    return models.Prefetch("seats", queryset=Seat.objects.select_related("player__profile"))
