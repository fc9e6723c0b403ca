"""The Annual Games in the API: a year's standings and progress grid, and arranging a match
of one of the 31 battles (on the site or at the table), as the competition's page does."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.response import Response

from battlecry_site.api.errors import ApiError
from tournaments import annual_services, annual_tables
from tournaments.models import Competition

from .serializers import PairingSerializer


class AnnualGamesSquareSerializer(serializers.Serializer):
    battle = serializers.IntegerField(help_text="The battle's number in the year's list (1-31).")
    state = serializers.ChoiceField(choices=["none", "playing", "counted", "off"],
                                    help_text="counted: a match that scores; playing: one under way; "
                                              "off: only matches outside the battle's window.")
    points = serializers.IntegerField(allow_null=True)
    flags = serializers.IntegerField(allow_null=True)
    opponent = serializers.CharField(allow_blank=True)
    text = serializers.CharField(allow_blank=True, help_text="What the page's square shows.")
    pairing = serializers.IntegerField(allow_null=True)


class AnnualGamesLineSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()
    battles = serializers.IntegerField()
    points = serializers.IntegerField()
    flags = serializers.IntegerField()
    figures = serializers.IntegerField()
    squares = AnnualGamesSquareSerializer(many=True)


class AnnualGamesYearSerializer(serializers.Serializer):
    competition = serializers.IntegerField()
    year = serializers.IntegerField()
    window_days = serializers.IntegerField(allow_null=True, help_text="Null: any day of the year counts.")
    two_player = serializers.BooleanField()
    closed = serializers.BooleanField()
    winner = serializers.CharField(allow_blank=True, help_text="Named once the year is closed.")
    lines = AnnualGamesLineSerializer(many=True)


class ArrangeAnnualMatchSerializer(serializers.Serializer):
    battle = serializers.IntegerField(min_value=1, max_value=31)
    opponent = serializers.CharField(max_length=150)
    where = serializers.ChoiceField(choices=["web", "table"], required=False, allow_blank=True,
                                    help_text="Needed when the year is played both on the site and at the table.")
    played_on = serializers.DateField(required=False, allow_null=True,
                                      help_text="At the table: the day you played (default: today).")


def _annual(comp: Competition) -> Competition:
    if comp.kind != Competition.Kind.ANNUAL:
        raise ApiError("not_found", "This competition is not an Annual Games.",
                       status_code=status.HTTP_404_NOT_FOUND)
    return comp


def _year_body(comp: Competition) -> dict:
    year = annual_tables.year_table(comp)
    return {
        "competition": comp.pk, "year": year.annual.year, "window_days": year.annual.window_days,
        "two_player": year.annual.two_player, "closed": comp.status == Competition.Status.CLOSED,
        "winner": year.winner,
        "lines": [{"rank": row.standing.rank, "username": row.username, "name": row.name,
                   "battles": row.standing.battles, "points": row.standing.points,
                   "flags": row.standing.flags, "figures": row.standing.figures,
                   "squares": [{"battle": sq.battle, "state": sq.state,
                                "points": sq.cell.points if sq.cell else None,
                                "flags": sq.cell.flags if sq.cell else None,
                                "opponent": sq.opponent, "text": sq.text, "pairing": sq.pairing_id}
                               for sq in row.squares]}
                  for row in year.rows]}


class AnnualActions:
    """The Annual Games' own steps on the competitions' endpoints."""

    @extend_schema(summary="An Annual Games year: standings, best first, and each player's 31 squares",
                   responses=AnnualGamesYearSerializer)
    @action(detail=True, methods=["get"])
    def annual(self, request, pk=None):
        comp = _annual(self.get_object())
        return Response(AnnualGamesYearSerializer(_year_body(comp)).data)

    @extend_schema(summary="Arrange a match of one battle of the year with another of its players",
                   request=ArrangeAnnualMatchSerializer, responses={201: PairingSerializer})
    @action(detail=True, methods=["post"], url_path="annual/matches")
    def annual_match(self, request, pk=None):
        comp = _annual(self.get_object())
        body = ArrangeAnnualMatchSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        d = body.validated_data
        opponent = get_user_model().objects.filter(username__iexact=d["opponent"]).first()
        pairing = annual_services.arrange_match(comp, request.user, d["battle"], opponent,
                                                where=d.get("where") or "", played_on=d.get("played_on"))
        return Response(PairingSerializer(pairing, context=self.get_serializer_context()).data,
                        status=status.HTTP_201_CREATED)
