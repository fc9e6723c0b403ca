"""A club: its members and organisers, and how one joins."""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from battlecry_site.names import validate_name


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


class Club(models.Model):
    name = models.CharField(max_length=100, unique=True, validators=[validate_name])
    slug = models.SlugField(max_length=100, unique=True)
    description = models.TextField(blank=True)
    public = models.BooleanField(
        default=False, help_text="Anyone, logged in or not, may read the club's competitions.")
    invite_token = models.CharField(
        max_length=40, default=new_invite_token, unique=True,
        help_text="The secret of the invitation link; a new one makes the old link useless.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("leagues:club", args=[self.slug])

    def membership_of(self, user) -> Membership | None:
        if user is None or not user.is_authenticated:
            return None
        return self.memberships.filter(user=user).first()

    def is_member(self, user) -> bool:
        m = self.membership_of(user)
        return bool(m and m.status == Membership.Status.ACTIVE)

    def is_organiser(self, user) -> bool:
        m = self.membership_of(user)
        return bool(m and m.status == Membership.Status.ACTIVE and m.role == Membership.Role.ORGANISER)

    def can_read(self, user) -> bool:
        return self.public or self.is_member(user)


class Membership(models.Model):
    """A member of a club (a member may belong to several clubs)."""

    class Role(models.TextChoices):
        MEMBER = "member", "Member"
        ORGANISER = "organiser", "Organiser"

    class Status(models.TextChoices):
        PENDING = "pending", "Asked to join, waiting for an organiser"
        ACTIVE = "active", "Member"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="club_memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "user__username"]
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club")]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.get_role_display().lower()})"
