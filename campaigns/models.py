"""Campaigns: plans (the shipped files), campaigns between two members (or two teams, in an
Epic campaign), their battles.

Rows here change only through :mod:`campaigns.services`.  Each battle is one game of a
single-game match of :mod:`games` (no re-match, no side swap): the seats keep their army.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from games.engine import DEFAULT_RULESET, EPIC_OPTIONS, SIDES, other



class CampaignPlan(models.Model):
    """A campaign file (``campaigns/campaigns/<slug>.json``), loaded by ``load_campaigns``."""

    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=120)
    theme = models.CharField(max_length=300)
    data = models.JSONField(help_text="The whole file: battles in order, sides, notes.")

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def battle_slugs(self) -> list[str]:
        return list(self.data.get("battles", []))

    @property
    def epic(self) -> bool:
        """An Epic campaign (the file's ``epic``): two teams, each a Commanding General and
        Major-Generals, every battle an Epic game, and only the Commanding Generals rolling
        and choosing the pre-battle dice (ruling C8)."""
        return bool(self.data.get("epic", False))


def _hand_command_on(collector, field, sub_objs, using) -> None:
    """``on_delete`` of a campaign's two members: when one who leaves the club commands a team
    of an Epic campaign, his first Major-General takes his place as Commanding General for
    the battles to come (ruling C8); any other campaign goes with him, as always."""
    kept = []
    for campaign in sub_objs:
        side = campaign.challenger_side if field.name == "challenger" else other(campaign.challenger_side)
        successor = campaign.members.filter(side=side).order_by("position").first()
        if successor is None:
            continue
        collector.add_field_update(field, successor.player, [campaign])
        collector.collect([successor], source=CampaignMember, nullable=False)
        kept.append(campaign.pk)
    gone = [c for c in sub_objs if c.pk not in kept]
    if gone:
        models.CASCADE(collector, field, gone, using)


class Campaign(models.Model):
    """Two members playing linked battles, each keeping one army throughout."""

    class Status(models.TextChoices):
        CHALLENGE = "challenge", "Invitation waiting for an answer"
        DECLINED = "declined", "Invitation declined"
        CANCELLED = "cancelled", "Withdrawn"
        ACTIVE = "active", "Being played"
        FINISHED = "finished", "Finished"

    class Decided(models.TextChoices):
        FLAGS = "flags", "Most flags over the campaign"
        WINS = "wins", "Level on flags: most battles won"
        FIGURES = "figures", "Level on flags and battles: most figures eliminated"
        DRAW = "draw", "Level on all three: drawn"

    name = models.CharField(max_length=120)
    theme = models.CharField(max_length=300, blank=True)
    plan = models.ForeignKey(CampaignPlan, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="campaigns",
                             help_text="The shipped campaign it follows; empty when composed by the players.")
    challenger = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=_hand_command_on,
                                   related_name="campaigns_started")
    opponent = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=_hand_command_on,
                                 related_name="campaigns_invited")
    challenger_side = models.CharField(max_length=12, choices=[(s, s.title()) for s in SIDES],
                                       help_text="The army the challenger keeps in every battle.")
    deadline_hours = models.PositiveSmallIntegerField(default=72)
    ruleset = models.CharField(max_length=20, default=DEFAULT_RULESET,
                               help_text="The rules every battle is played under (a registered ruleset).")
    options = models.JSONField(default=dict, blank=True,
                               help_text="Options of every battle by name, as the ruleset declares them.")
    status = models.CharField(max_length=12, choices=Status.choices, db_index=True)
    message = models.CharField(max_length=200, blank=True)
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(auto_now=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    winner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                               blank=True, related_name="campaigns_won")
    decided_by = models.CharField(max_length=8, choices=Decided.choices, blank=True)
    archie_level = models.CharField(
        max_length=12, blank=True, choices=[("recruit", "Recruit"), ("veteran", "Veteran"),
                                            ("general", "General")],
        help_text="A campaign against Archie at this level (the opponent is Archie, who keeps "
                  "the other army); blank between two members.")

    opponent_accepted = models.BooleanField(
        default=False, help_text="An Epic campaign: the member invited accepted; it starts once "
                                 "every Major-General named has answered too.")
    held = models.CharField(
        max_length=300, blank=True,
        help_text="Why the next battle could not start when the last one ended (its players "
                  "can try again from the campaign page); blank when nothing is held up.")

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return f"{self.name}: {self.challenger.get_username()} v {self.opponent.get_username()}"

    def get_absolute_url(self) -> str:
        return reverse("campaigns:campaign", args=[self.pk])

    @property
    def versus_archie(self) -> bool:
        return bool(self.archie_level)

    @property
    def epic(self) -> bool:
        """Whether every battle is an Epic game between two teams (ruling C8): the options
        of an Epic game are among the campaign's."""
        return all(self.options.get(k) == v for k, v in EPIC_OPTIONS.items())

    def player_of(self, side: str):
        """The member who keeps ``side``'s army: in an Epic campaign its Commanding General."""
        return self.challenger if side == self.challenger_side else self.opponent

    def major_generals(self, side: str) -> list:
        """The members of ``side``'s team after its Commanding General, in the order they take
        the Major-General seats of each battle (none outside an Epic campaign)."""
        return [m.player for m in self.members.all()
                if m.side == side and m.answer != CampaignMember.Answer.DECLINED]

    def team(self, side: str) -> list:
        """Everyone playing ``side``: its Commanding General (or its one player) first."""
        return [self.player_of(side), *self.major_generals(side)]

    def player_id_of(self, side: str):
        return self.challenger_id if side == self.challenger_side else self.opponent_id

    def side_of(self, user) -> str | None:
        if user is None or not user.is_authenticated:
            return None
        if user.pk == self.challenger_id:
            return self.challenger_side
        if user.pk == self.opponent_id:
            return other(self.challenger_side)
        return next((m.side for m in self.members.all()
                     if m.player_id == user.pk and m.answer != CampaignMember.Answer.DECLINED), None)

    def is_player(self, user) -> bool:
        return self.side_of(user) is not None

    def names(self, user) -> bool:
        """Whether the invitation names ``user`` besides its two members: an Epic campaign's
        Major-Generals, who answer for their places (ruling C10)."""
        return any(m.player_id == user.pk for m in self.members.all())

    @classmethod
    def naming(cls, user) -> models.Q:
        """The campaigns whose invitation names ``user`` as a Major-General."""
        return models.Q(pk__in=CampaignMember.objects.filter(player=user).values("campaign"))


class CampaignMember(models.Model):
    """A Major-General of an Epic campaign's team (ruling C8): the side's Commanding General is
    the campaign's challenger or opponent; these members take the side's Major-General seats
    of every battle, in ``position`` order, once they have accepted their place (ruling C10).
    A member who leaves the club leaves the team."""

    class Answer(models.TextChoices):
        INVITED = "invited", "Invited, no answer yet"
        ACCEPTED = "accepted", "Accepted the place"
        DECLINED = "declined", "Declined the place"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="members")
    side = models.CharField(max_length=12, choices=[(s, s.title()) for s in SIDES])
    position = models.PositiveSmallIntegerField(help_text="1 for the first Major-General, and so on.")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="campaign_teams")
    answer = models.CharField(max_length=8, choices=Answer.choices, default=Answer.ACCEPTED,
                              help_text="The member's answer to the place he was named to.")
    offered_command = models.BooleanField(
        default=False, help_text="His Commanding General offers him the command from the next "
                                 "battle on (ruling C10).")

    class Meta:
        ordering = ["campaign", "side", "position"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "player"], name="one_team_per_member"),
        ]

    def __str__(self) -> str:
        return f"{self.campaign.name}: {self.player.get_username()} ({self.side})"


class CampaignBattle(models.Model):
    """One battle of a campaign, in order; its game once started, its result once over."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="battles")
    number = models.PositiveSmallIntegerField(help_text="1 for the first battle, and so on.")
    scenario = models.ForeignKey("games.Scenario", on_delete=models.PROTECT, related_name="+")
    match = models.OneToOneField("games.Match", on_delete=models.SET_NULL, null=True, blank=True,
                                 related_name="campaign_battle",
                                 help_text="The single-game match this battle is played as.")
    dice_due = models.JSONField(
        default=dict, blank=True,
        help_text='Pre-battle dice per side, {"union": {"flags_last": 3, "games_won": 1, "dice": 4}, ...}.')
    union_flags = models.PositiveIntegerField(null=True, blank=True)
    confederate_flags = models.PositiveIntegerField(null=True, blank=True)
    union_figures = models.PositiveIntegerField(
        null=True, blank=True, help_text="Enemy figures (and generals) the Union army eliminated.")
    confederate_figures = models.PositiveIntegerField(null=True, blank=True)
    winner_side = models.CharField(max_length=12, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["campaign", "number"]
        constraints = [
            models.UniqueConstraint(fields=["campaign", "number"], name="one_battle_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.campaign.name}, battle {self.number}: {self.scenario}"

    @property
    def is_over(self) -> bool:
        return self.finished is not None

    def flags_of(self, side: str) -> int | None:
        return self.union_flags if side == "union" else self.confederate_flags

    def figures_of(self, side: str) -> int | None:
        return self.union_figures if side == "union" else self.confederate_figures

    def game(self):
        return self.match.games.first() if self.match_id else None
