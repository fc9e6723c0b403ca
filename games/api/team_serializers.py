"""Serializers of team play: a team table and its seats, the seats acting in a game, the
steps on a team's seats, the team chat, a team match's teams and result."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.api.rulesets import RulesetChoiceField
from games.forms_play import DEADLINE_CHOICES
from games.models import Match, Scenario

from .options import options_field
from .serializers import MemberSerializer
from .types import SIDE_CHOICES

LEVEL_CHOICES = Match._meta.get_field("archie_level").choices


class TableTermsSerializer(serializers.Serializer):
    """The terms of a team table (the lobby's "Open a team table" form)."""

    scenario = serializers.SlugRelatedField(slug_field="slug", queryset=Scenario.objects.all())
    ruleset = RulesetChoiceField(help_text="The rules: their seat plan gives the table's seats "
                                           "(several a side).")
    options = options_field("table")
    deadline_hours = serializers.ChoiceField(choices=[h for h, _ in DEADLINE_CHOICES], default=72,
                                             help_text="Hours each seat has for its decision.")
    message = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    seat = serializers.CharField(required=False, allow_null=True, default=None,
                                 help_text="The seat you take at once (a name of the seat plan).")
    friendly = serializers.BooleanField(default=False, help_text="A friendly: neither game is rated.")


class TableSeatSerializer(serializers.Serializer):
    name = serializers.CharField()
    side = serializers.ChoiceField(choices=SIDE_CHOICES)
    role = serializers.CharField()
    member = MemberSerializer(source="player", allow_null=True, help_text="Who holds it (null: free).")
    archie_level = serializers.CharField(help_text="Set when Archie holds the seat.")
    invited = MemberSerializer(allow_null=True, help_text="The member the seat is kept for.")

    class Meta:
        ref_name = "TableSeat"


class TableSerializer(serializers.ModelSerializer):
    """A team table: its terms, its seats, and its game once every seat is held."""

    scenario = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    host = MemberSerializer(source="challenger", allow_null=True)
    seats = serializers.SerializerMethodField()
    match = serializers.HyperlinkedIdentityField(view_name="api-v1:match-detail")

    class Meta:
        model = Match
        fields = ("id", "status", "scenario", "ruleset", "host", "deadline_hours", "message", "friendly", "created",
                  "seats", "match")

    @extend_schema_field(TableSeatSerializer(many=True))
    def get_seats(self, match):
        return TableSeatSerializer(match.table_seats.all(), many=True).data


class SeatStepSerializer(serializers.Serializer):
    seat = serializers.CharField(help_text="The seat's name.")


class InviteSerializer(SeatStepSerializer):
    member = serializers.CharField(help_text="The username of the member the seat is kept for.")


class ArchieSeatSerializer(SeatStepSerializer):
    level = serializers.ChoiceField(choices=LEVEL_CHOICES, default="veteran", help_text="Archie's level.")


class TakeOverSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=0, required=False,
                                       help_text="The game's version the request was made at.")
    level = serializers.ChoiceField(choices=LEVEL_CHOICES, default="veteran",
                                    help_text="Archie's level (handing the seat to Archie).")


class SeatActingSerializer(serializers.Serializer):
    """What one seat does now: it must act (its decision, until its deadline) or it waits."""

    seat = serializers.CharField()
    side = serializers.ChoiceField(choices=SIDE_CHOICES)
    role = serializers.CharField()
    holder = serializers.CharField(help_text="Who holds it, in words (a member's name, Archie, nobody).")
    must_act = serializers.BooleanField()
    decides = serializers.CharField(help_text="What it decides now, in the page's words (blank: it waits).")
    deadline = serializers.DateTimeField(allow_null=True, help_text="Until when (the seat that must act).")
    late = serializers.BooleanField(help_text="Its time has run out: its team-mates may take it over.")
    waits_for = serializers.CharField(help_text="What it waits for, in words (blank when it must act).")
    away = serializers.CharField(help_text="The member a team-mate or Archie stands in for (blank: none).")
    resigns = serializers.BooleanField(help_text="Its member agrees that their team resigns.")

    class Meta:
        ref_name = "SeatActing"


class TeamChatLineSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    team = serializers.ChoiceField(choices=SIDE_CHOICES, help_text="The team (its side in this game).")
    author = MemberSerializer()
    own = serializers.BooleanField(help_text="Written by you.")
    text = serializers.CharField(help_text="Plain text: escape it before showing it in HTML.")
    created = serializers.DateTimeField()

    class Meta:
        ref_name = "TeamChatLine"
