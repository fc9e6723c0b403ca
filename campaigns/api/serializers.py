"""Serializers of the campaigns API: plans, campaigns with their battles and totals, and the
bodies of the requests that start one."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from campaigns import services
from campaigns.models import Campaign, CampaignBattle, CampaignMember, CampaignPlan
from games.api.options import options_field, options_of
from games.api.serializers import MemberSerializer
from games.api.types import SIDE_CHOICES
from games.api.rulesets import RulesetChoiceField
from games.engine import SIDES
from games.forms_play import DEADLINE_CHOICES
from games.models import Scenario

LEVEL_CHOICES = [("recruit", "Recruit"), ("veteran", "Veteran"), ("general", "General")]


# -- plans ---------------------------------------------------------------------------------
class PlanSidesSerializer(serializers.Serializer):
    union = serializers.CharField(help_text="The Union army a player keeps, in words.")
    confederate = serializers.CharField()

    class Meta:
        ref_name = "CampaignPlanSides"


class CampaignPlanSerializer(serializers.ModelSerializer):
    battles = serializers.ListField(source="battle_slugs", child=serializers.CharField(),
                                    help_text="Scenario slugs, in the order they are fought.")
    sides = serializers.SerializerMethodField()
    notes = serializers.SerializerMethodField()
    epic = serializers.BooleanField(help_text="An Epic campaign: loaded, but it cannot be started "
                                              "until the site offers Epic play (ruling C8).")
    url = serializers.HyperlinkedIdentityField(view_name="api-v1:campaign-plan-detail", lookup_field="slug")

    class Meta:
        model = CampaignPlan
        fields = ("slug", "name", "theme", "battles", "sides", "notes", "epic", "url")

    @extend_schema_field(PlanSidesSerializer)
    def get_sides(self, plan):
        sides = plan.data.get("sides") or {}
        return {s: str(sides.get(s, "")) for s in SIDES}

    def get_notes(self, plan) -> str:
        return str(plan.data.get("notes", ""))


# -- campaigns -----------------------------------------------------------------------------
class DiceDueSerializer(serializers.Serializer):
    flags_last = serializers.IntegerField(help_text="Flags this army captured in the previous battle.")
    games_won = serializers.IntegerField(help_text="Battles this army has won so far.")
    dice = serializers.IntegerField(help_text="Dice rolled before the battle: the sum of the two.")
    explained = serializers.CharField(help_text='Why, in words: "3 flags last game + 1 game won = 4 dice".')

    class Meta:
        ref_name = "CampaignDiceDue"


class DiceDueBySideSerializer(serializers.Serializer):
    union = DiceDueSerializer()
    confederate = DiceDueSerializer()

    class Meta:
        ref_name = "CampaignDiceDueBySide"


def dice_due(battle: CampaignBattle | None) -> dict | None:
    """The dice each army rolls before ``battle`` and why; None before the first battle."""
    if battle is None or not battle.dice_due:
        return None
    words = services.dice_explained(battle)
    return {s: {"flags_last": int(d["flags_last"]), "games_won": int(d["games_won"]),
                "dice": int(d["dice"]), "explained": words[s]}
            for s, d in battle.dice_due.items()}


class CampaignBattleSerializer(serializers.ModelSerializer):
    scenario = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    scenario_name = serializers.CharField(source="scenario.name", read_only=True)
    game = serializers.SerializerMethodField()
    dice_due = serializers.SerializerMethodField()
    winner_side = serializers.ChoiceField(choices=SIDE_CHOICES, allow_blank=True,
                                          help_text="Blank while being played or for a battle with no winner.")

    class Meta:
        model = CampaignBattle
        fields = ("number", "scenario", "scenario_name", "match", "game", "dice_due", "union_flags",
                  "confederate_flags", "union_figures", "confederate_figures", "winner_side", "finished")

    def get_game(self, battle) -> int | None:
        game = battle.game()
        return game.pk if game else None

    @extend_schema_field(DiceDueBySideSerializer(allow_null=True))
    def get_dice_due(self, battle):
        return dice_due(battle)


class PlaceSerializer(serializers.ModelSerializer):
    """A Major-General's place in an Epic campaign's team, and his answer to it."""

    player = MemberSerializer()
    answer = serializers.ChoiceField(choices=CampaignMember.Answer.choices,
                                     help_text="His answer to the place he was named to.")
    offered_command = serializers.BooleanField(
        help_text="His Commanding General offers him the command from the next battle on.")

    class Meta:
        model = CampaignMember
        fields = ("side", "position", "player", "answer", "offered_command")


class CampaignSerializer(serializers.ModelSerializer):
    plan = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    challenger = MemberSerializer()
    opponent = MemberSerializer()
    winner = MemberSerializer(allow_null=True)
    challenger_side = serializers.ChoiceField(choices=SIDE_CHOICES,
                                              help_text="The army the challenger keeps in every battle.")
    versus_archie = serializers.BooleanField(help_text="The opponent is Archie, the computer player.")
    archie_level = serializers.ChoiceField(choices=LEVEL_CHOICES, allow_blank=True)
    url = serializers.HyperlinkedIdentityField(view_name="api-v1:campaign-detail")

    class Meta:
        model = Campaign
        fields = ("id", "name", "theme", "plan", "status", "challenger", "opponent", "challenger_side",
                  "versus_archie", "archie_level", "ruleset", "options", "deadline_hours", "message", "created", "started",
                  "finished", "winner", "decided_by", "held", "url")


class SideTotalsSerializer(serializers.Serializer):
    player = MemberSerializer()
    flags = serializers.IntegerField(help_text="Flags over the battles finished so far.")
    wins = serializers.IntegerField(help_text="Battles won.")
    figures = serializers.IntegerField(help_text="Enemy figures eliminated.")

    class Meta:
        ref_name = "CampaignSideTotals"


class TotalsSerializer(serializers.Serializer):
    union = SideTotalsSerializer()
    confederate = SideTotalsSerializer()

    class Meta:
        ref_name = "CampaignTotals"


class CampaignDetailSerializer(CampaignSerializer):
    """One campaign: its battles in order, the running totals, the battle being played and
    its game, and the pre-battle dice due for it with the reason."""

    battles = CampaignBattleSerializer(many=True)
    totals = serializers.SerializerMethodField()
    current_battle = serializers.SerializerMethodField()
    current_game = serializers.SerializerMethodField()
    dice_due = serializers.SerializerMethodField()
    your_side = serializers.SerializerMethodField()
    major_generals = serializers.SerializerMethodField(
        help_text="An Epic campaign's Major-Generals by side, in seat order (each side's "
                  "Commanding General is the challenger or the opponent); empty lists otherwise.")
    places = serializers.SerializerMethodField(
        help_text="An Epic campaign's places for Major-Generals, declined ones included, each "
                  "with the member named and his answer (invited, accepted, declined); empty "
                  "otherwise.")

    class Meta(CampaignSerializer.Meta):
        fields = CampaignSerializer.Meta.fields + (
            "your_side", "battles", "totals", "current_battle", "current_game", "dice_due",
            "major_generals", "places")

    def _current(self, campaign):
        if not hasattr(campaign, "_current_cache"):
            battles = list(campaign.battles.all())
            campaign._current_cache = next(
                (b for b in battles if not b.is_over), None) if campaign.status == Campaign.Status.ACTIVE else None
        return campaign._current_cache

    @extend_schema_field(TotalsSerializer)
    def get_totals(self, campaign):
        table = services.standings(campaign)
        member = MemberSerializer()
        return {s: {"player": member.to_representation(campaign.player_of(s)), "flags": table.flags[s],
                    "wins": table.wins[s], "figures": table.figures[s]} for s in SIDES}

    def get_current_battle(self, campaign) -> int | None:
        battle = self._current(campaign)
        return battle.number if battle else None

    def get_current_game(self, campaign) -> int | None:
        battle = self._current(campaign)
        game = battle.game() if battle else None
        return game.pk if game else None

    @extend_schema_field(DiceDueBySideSerializer(allow_null=True))
    def get_dice_due(self, campaign):
        return dice_due(self._current(campaign))

    @extend_schema_field(serializers.DictField(child=MemberSerializer(many=True)))
    def get_major_generals(self, campaign):
        return {s: MemberSerializer(campaign.major_generals(s), many=True).data for s in SIDES}

    @extend_schema_field(PlaceSerializer(many=True))
    def get_places(self, campaign):
        return PlaceSerializer(campaign.members.all(), many=True).data

    @extend_schema_field(serializers.ChoiceField(choices=SIDE_CHOICES, allow_null=True))
    def get_your_side(self, campaign):
        return campaign.side_of(self.context["request"].user)


# -- requests ------------------------------------------------------------------------------
class CampaignTermsSerializer(serializers.Serializer):
    """A shipped campaign (``plan``), or three or more scenarios in order with a ``name``."""

    plan = serializers.SlugRelatedField(slug_field="slug", queryset=CampaignPlan.objects.all(),
                                        required=False, allow_null=True,
                                        help_text="A shipped campaign's slug (see campaign-plans).")
    scenarios = serializers.ListField(
        child=serializers.SlugRelatedField(slug_field="slug", queryset=Scenario.objects.all()),
        required=False, max_length=services.MAX_BATTLES,
        help_text=f"Or compose one: {services.MIN_BATTLES} or more scenario slugs, in the order fought.")
    name = serializers.CharField(max_length=120, required=False, allow_blank=True, default="",
                                 help_text="The name of a composed campaign.")
    side = serializers.ChoiceField(choices=SIDE_CHOICES, default="union",
                                   help_text="The army you keep in every battle.")
    deadline_hours = serializers.ChoiceField(choices=[h for h, _ in DEADLINE_CHOICES], default=72,
                                             help_text="Hours per move.")
    message = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    ruleset = RulesetChoiceField(
        help_text="The rules every battle is played under; only rules with the pre-battle dice can "
                  f"carry a campaign ({', '.join(services.campaign_rulesets())}), any other is refused "
                  "with the reason (ruling C9).")
    options = options_field("campaign")

    def validate(self, data):
        if bool(data.get("plan")) == bool(data.get("scenarios")):
            raise serializers.ValidationError("Give a plan (a shipped campaign) or a list of scenarios, not both.")
        return data

    def terms(self) -> services.Terms:
        d = self.validated_data
        return services.Terms(plan=d.get("plan"), scenarios=tuple(d.get("scenarios") or ()),
                              name=d["name"], side=d["side"], deadline_hours=int(d["deadline_hours"]),
                              message=d["message"], ruleset=d["ruleset"], options=options_of(d))


def _team_field(side: str):
    return serializers.ListField(
        child=serializers.SlugRelatedField(slug_field="username",
                                           queryset=get_user_model().objects.filter(is_active=True)),
        required=False, default=list, max_length=services.MAX_MAJOR_GENERALS,
        help_text=f"An Epic campaign only: the {side.title()} team's Major-Generals (usernames), in "
                  "the order they take its Major-General seats; its Commanding General is you or "
                  "the member invited, whoever keeps that army (ruling C8).")


class CampaignInvitationSerializer(CampaignTermsSerializer):
    opponent = serializers.SlugRelatedField(
        slug_field="username", queryset=get_user_model().objects.filter(is_active=True),
        help_text="The username of the member invited.")
    union_team = _team_field("union")
    confederate_team = _team_field("confederate")

    def terms(self) -> services.Terms:
        terms = super().terms()
        terms.teams = {s: list(self.validated_data.get(f"{s}_team") or []) for s in SIDES
                       if self.validated_data.get(f"{s}_team")}
        return terms


class VersusArchieSerializer(CampaignTermsSerializer):
    level = serializers.ChoiceField(choices=LEVEL_CHOICES, default="veteran", help_text="Archie's level.")


class CommandOfferSerializer(serializers.Serializer):
    successor = serializers.SlugRelatedField(
        slug_field="username", queryset=get_user_model().objects.filter(is_active=True),
        help_text="The username of the Major-General of your team offered the command.")
