"""Serializers of the clubs, competitions, rounds, pairings, results and standings API."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from battlecry_site.names import validate_name
from games.api.options import LegacyOptionField, legacy_field, options_field
from games.api.serializers import MemberSerializer
from games.api.rulesets import RulesetChoiceField
from games.models import Scenario
from tournaments import pairing as algo
from tournaments.models import Club, Competition, Membership, Pairing, ResultChange, Round
from tournaments.services import MAX_FLAGS, GameScores


def _member_field(**kw):
    return serializers.SlugRelatedField(slug_field="username",
                                        queryset=get_user_model().objects.filter(is_active=True), **kw)


# -- clubs ---------------------------------------------------------------------------------
class MembershipSerializer(serializers.ModelSerializer):
    member = MemberSerializer(source="user")

    class Meta:
        model = Membership
        fields = ("member", "role", "status", "joined")


class ClubSerializer(serializers.ModelSerializer):
    """A club as anyone may see its front page; ``can_read`` says whether its members and
    competitions are open to the requester."""

    can_read = serializers.SerializerMethodField()
    your_membership = serializers.SerializerMethodField()
    url = serializers.HyperlinkedIdentityField(view_name="api-v1:club-detail", lookup_field="slug")

    class Meta:
        model = Club
        fields = ("slug", "name", "description", "public", "created", "can_read", "your_membership", "url")

    def get_can_read(self, club) -> bool:
        return club.can_read(self.context["request"].user)

    @extend_schema_field(MembershipSerializer(allow_null=True))
    def get_your_membership(self, club):
        m = club.membership_of(self.context["request"].user)
        return MembershipSerializer(m).data if m else None


class CompetitionRefSerializer(serializers.ModelSerializer):
    url = serializers.HyperlinkedIdentityField(view_name="api-v1:competition-detail")

    class Meta:
        model = Competition
        fields = ("id", "name", "kind", "status", "url")


class ClubDetailSerializer(ClubSerializer):
    members = serializers.SerializerMethodField()
    pending = serializers.SerializerMethodField()
    competitions = serializers.SerializerMethodField()
    invitation = serializers.SerializerMethodField()

    class Meta(ClubSerializer.Meta):
        fields = ClubSerializer.Meta.fields + ("members", "pending", "competitions", "invitation")

    @extend_schema_field(serializers.CharField(allow_null=True, help_text=(
        "The invitation's secret (the token of POST .../join/), as the club page shows its "
        "organisers the invitation link; null for everyone else.")))
    def get_invitation(self, club):
        return club.invite_token if club.is_organiser(self.context["request"].user) else None

    @extend_schema_field(MembershipSerializer(many=True, allow_null=True,
                                              help_text="Null unless the club is readable to you."))
    def get_members(self, club):
        if not club.can_read(self.context["request"].user):
            return None
        rows = club.memberships.filter(status=Membership.Status.ACTIVE).select_related("user__profile")
        return MembershipSerializer(rows, many=True).data

    @extend_schema_field(MembershipSerializer(many=True, allow_null=True,
                                              help_text="Requests to join: only for organisers."))
    def get_pending(self, club):
        if not club.is_organiser(self.context["request"].user):
            return None
        rows = club.memberships.filter(status=Membership.Status.PENDING).select_related("user__profile")
        return MembershipSerializer(rows, many=True).data

    @extend_schema_field(CompetitionRefSerializer(many=True, allow_null=True))
    def get_competitions(self, club):
        if not club.can_read(self.context["request"].user):
            return None
        return CompetitionRefSerializer(club.competitions.order_by("status", "-created"), many=True,
                                        context=self.context).data


class NewClubSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100, validators=[validate_name])
    description = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000)
    public = serializers.BooleanField(default=False)


class InvitationSerializer(serializers.Serializer):
    token = serializers.RegexField(r"^[-A-Za-z0-9_]{1,100}$", help_text="The secret of the club's invitation link.")


class MemberChoiceSerializer(serializers.Serializer):
    username = _member_field(help_text="The member's username.")


class RoleSerializer(MemberChoiceSerializer):
    role = serializers.ChoiceField(choices=Membership.Role.values)


# -- competitions --------------------------------------------------------------------------
class EntrySerializer(serializers.Serializer):
    player = MemberSerializer()
    seed = serializers.IntegerField()
    status = serializers.CharField()
    joined_round = serializers.IntegerField()
    withdrawn_after = serializers.IntegerField(allow_null=True)

    class Meta:
        ref_name = "CompetitionEntry"


class CompetitionSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    scenarios = serializers.SerializerMethodField()
    url = serializers.HyperlinkedIdentityField(view_name="api-v1:competition-detail")
    nightfall = LegacyOptionField()

    class Meta:
        model = Competition
        fields = ("id", "club", "name", "kind", "status", "double_round_robin", "swiss_rounds",
                  "scenario_policy", "scenarios", "ruleset", "options", "nightfall", "deadline_hours", "round_days",
                  "mode", "order", "rated_anyway", "created", "closed", "url")

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_scenarios(self, comp):
        return [cs.scenario.slug for cs in comp.scenario_links.select_related("scenario").order_by("position")]


class CompetitionDetailSerializer(CompetitionSerializer):
    entries = serializers.SerializerMethodField()
    organiser = serializers.SerializerMethodField()

    class Meta(CompetitionSerializer.Meta):
        fields = CompetitionSerializer.Meta.fields + ("entries", "organiser")

    @extend_schema_field(EntrySerializer(many=True))
    def get_entries(self, comp):
        return EntrySerializer(comp.entries.select_related("player__profile"), many=True).data

    def get_organiser(self, comp) -> bool:
        """Whether the requester organises this competition's club."""
        return comp.club.is_organiser(self.context["request"].user)


class NewCompetitionSerializer(serializers.Serializer):
    """The organiser console's choices (tournaments.services.Terms)."""

    club = serializers.SlugRelatedField(slug_field="slug", queryset=Club.objects.all())
    name = serializers.CharField(max_length=100, validators=[validate_name])
    kind = serializers.ChoiceField(choices=Competition.Kind.values, default=Competition.Kind.LEAGUE)
    double_round_robin = serializers.BooleanField(default=False)
    swiss_rounds = serializers.IntegerField(min_value=1, max_value=15, default=4)
    scenario_policy = serializers.ChoiceField(choices=Competition.ScenarioPolicy.values,
                                              default=Competition.ScenarioPolicy.FIXED)
    scenarios = serializers.SlugRelatedField(slug_field="slug", queryset=Scenario.objects.all(), many=True,
                                             required=False)
    ruleset = RulesetChoiceField(help_text="The rules every match of the competition is played "
                                                "under (its page: /rules/<name>/).")
    options = options_field("competition")
    nightfall = legacy_field()
    deadline_hours = serializers.IntegerField(min_value=1, max_value=336, default=72)
    round_days = serializers.IntegerField(min_value=1, max_value=120, default=14)
    mode = serializers.ChoiceField(choices=Competition.Mode.values, default=Competition.Mode.WEB)
    order = serializers.ListField(child=serializers.ChoiceField(choices=list(algo.METRICS)), required=False,
                                  max_length=len(algo.METRICS))
    rated_anyway = serializers.BooleanField(
        default=False, help_text="Rate its results even under options declared unrated (the house "
                                 "rules); without it they are left out of the ratings.")


class DraftSerializer(serializers.Serializer):
    scenario = serializers.SlugRelatedField(slug_field="slug", queryset=Scenario.objects.all(), required=False,
                                            allow_null=True, help_text="When the organiser picks each "
                                                                       "round's scenario.")


class WithdrawSerializer(serializers.Serializer):
    username = _member_field(required=False, help_text="Who withdraws (an organiser may withdraw any "
                                                       "player); yourself by default.")


# -- rounds and pairings --------------------------------------------------------------------
class PairingSerializer(serializers.ModelSerializer):
    home = MemberSerializer()
    away = MemberSerializer(allow_null=True)
    round = serializers.IntegerField(source="round.number")
    competition = serializers.IntegerField(source="round.competition_id")
    scenario = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    is_bye = serializers.BooleanField()
    games_home = serializers.IntegerField()
    games_away = serializers.IntegerField()
    flags_home = serializers.IntegerField()
    flags_away = serializers.IntegerField()
    score = serializers.CharField(source="score_line", help_text="The result in the page's words.")
    reported_by = MemberSerializer(allow_null=True)
    match_url = serializers.HyperlinkedRelatedField(source="match", view_name="api-v1:match-detail",
                                                    read_only=True, allow_null=True)
    url = serializers.HyperlinkedIdentityField(view_name="api-v1:pairing-detail")

    class Meta:
        model = Pairing
        fields = ("id", "competition", "round", "table", "home", "away", "is_bye", "mode", "scenario",
                  "home_seed", "away_seed",
                  "match", "match_url", "result", "reported_by", *Pairing.RESULT_FIELDS[1:], "dispute_note",
                  "games_home", "games_away", "flags_home", "flags_away", "score", "updated", "url")


class ResultChangeSerializer(serializers.ModelSerializer):
    actor = MemberSerializer(allow_null=True, help_text="Null: the site itself.")

    class Meta:
        model = ResultChange
        fields = ("action", "actor", "before", "after", "note", "created")


class PairingDetailSerializer(PairingSerializer):
    changes = ResultChangeSerializer(many=True)

    class Meta(PairingSerializer.Meta):
        fields = PairingSerializer.Meta.fields + ("changes",)


class RoundSerializer(serializers.ModelSerializer):
    scenario = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    pairings = PairingSerializer(many=True)
    label = serializers.CharField(read_only=True, help_text='The round in words: "Round 3", "Semi-finals", "Final".')
    is_knockout = serializers.BooleanField(read_only=True)

    class Meta:
        model = Round
        fields = ("number", "label", "is_knockout", "bracket_size", "status", "scenario", "seed",
                  "deadline", "published", "pairings")


class ScoresSerializer(serializers.Serializer):
    """A match's result: each game's winner ("home", "away", or "" for a draw) and flags."""

    game1_winner = serializers.ChoiceField(choices=Pairing.Winner.choices, allow_blank=True)
    game1_flags_home = serializers.IntegerField(min_value=0, max_value=MAX_FLAGS)
    game1_flags_away = serializers.IntegerField(min_value=0, max_value=MAX_FLAGS)
    game2_winner = serializers.ChoiceField(choices=Pairing.Winner.choices, allow_blank=True)
    game2_flags_home = serializers.IntegerField(min_value=0, max_value=MAX_FLAGS)
    game2_flags_away = serializers.IntegerField(min_value=0, max_value=MAX_FLAGS)
    figures_home = serializers.IntegerField(min_value=0, max_value=999, default=0)
    figures_away = serializers.IntegerField(min_value=0, max_value=999, default=0)

    def scores(self) -> GameScores:
        return GameScores(**{f: self.validated_data[f] for f in ScoresSerializer._declared_fields})


class CorrectionSerializer(ScoresSerializer):
    note = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")


class DisputeSerializer(serializers.Serializer):
    note = serializers.CharField(max_length=300, help_text="What is wrong with the reported result.")


class ForfeitSerializer(serializers.Serializer):
    who = serializers.ChoiceField(choices=["home", "away", "both"])
    note = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")


class PoolChoiceSerializer(serializers.Serializer):
    scenario = serializers.SlugRelatedField(slug_field="slug", queryset=Scenario.objects.all())


# -- standings -----------------------------------------------------------------------------
class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = MemberSerializer()
    withdrawn = serializers.BooleanField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    byes = serializers.IntegerField()
    metrics = serializers.DictField(child=serializers.IntegerField(),
                                    help_text="Each metric of the table by key, in the competition's order.")

    class Meta:
        ref_name = "Standing"


class MetricSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    description = serializers.CharField(allow_blank=True)

    class Meta:
        ref_name = "StandingsMetric"


class StandingsSerializer(serializers.Serializer):
    competition = serializers.IntegerField()
    columns = MetricSerializer(many=True, help_text="The metrics, most important first.")
    planned_rounds = serializers.IntegerField()
    lines = StandingSerializer(many=True)


# -- presets ---------------------------------------------------------------------------------
class PresetSerializer(serializers.Serializer):
    """A preset: the rules' own (``source`` "rules", ``key`` its name) or the club's."""

    source = serializers.ChoiceField(choices=["rules", "club"])
    key = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField()
    ruleset = serializers.CharField()
    options = serializers.DictField(help_text="Option values by name: send them as a match's "
                                              "``options`` to play under the preset.")


class NewClubPresetSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=60, validators=[validate_name])
    ruleset = RulesetChoiceField()
    options = serializers.DictField(help_text="Option values by name, checked as a match's are.")
