"""The ratings through the API: a member's ratings and history, a club's leaderboard and
the expected result of a challenge (docs/api.md, "Ratings")."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response

from battlecry_site.api.errors import ApiError
from battlecry_site.api.filtering import one_of
from battlecry_site.api.pagination import _whole_number
from battlecry_site.api.permissions import ReadOpenWriteMember
from games.engine import DEFAULT_RULESET, rulesets
from games.models import Scenario
from ratings import reading
from ratings.method import member
from ratings.models import Rating, RatingChange
from ratings.models.pool import DUEL, MODES
from ratings.views.leaderboard import MONTHS
from tournaments.models import Club

class RatingSerializer(serializers.Serializer):
    ruleset = serializers.CharField(source="pool.ruleset")
    mode = serializers.CharField(source="pool.mode", help_text="duel: one player a side; epic, doubles or grand: that team game.")
    rating = serializers.IntegerField(source="shown", help_text="1000 + 40 (mu - 3 sigma), as the pages show it.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField(help_text="Rated games played.")
    provisional = serializers.BooleanField(help_text="Fewer than 10 rated games.")
    last_played = serializers.DateTimeField()


class MemberRatingsSerializer(serializers.Serializer):
    username = serializers.CharField()
    name = serializers.CharField()
    ratings = RatingSerializer(many=True)


class ChangeSerializer(serializers.Serializer):
    played = serializers.DateTimeField()
    ruleset = serializers.CharField(source="pool.ruleset")
    mode = serializers.CharField(source="pool.mode")
    match = serializers.IntegerField(source="result.match_id", allow_null=True,
                                     help_text="The match played on the site; null for a result at the table.")
    game = serializers.IntegerField(source="number", help_text="The game of the match: 1 or 2.")
    rating_before = serializers.IntegerField(source="shown_before")
    rating_after = serializers.IntegerField(source="shown_after")
    change = serializers.IntegerField(source="delta")


class LeaderboardRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    name = serializers.CharField()
    username = serializers.CharField(help_text="Empty for Archie.")
    archie_level = serializers.SerializerMethodField(help_text="Archie's level for Archie's rows, else empty.")
    rating = serializers.IntegerField(source="rating.shown")
    games = serializers.IntegerField(source="rating.games")
    provisional = serializers.BooleanField(source="rating.provisional")
    last_played = serializers.DateTimeField(source="rating.last_played")

    def get_archie_level(self, row) -> str:
        return row.rating.subject.split(":", 1)[1] if row.rating.kind == "archie" else ""


class ExpectedSerializer(serializers.Serializer):
    opponent = serializers.CharField()
    scenario = serializers.CharField(allow_blank=True)
    ruleset = serializers.CharField()
    percent = serializers.IntegerField(help_text="The share of the games you would be expected to win, in %.")
    games = serializers.IntegerField(help_text="Your rated games under these rules.")
    opponent_games = serializers.IntegerField()


def _ruleset(params) -> str:
    return one_of(params, "ruleset", sorted(rulesets())) or DEFAULT_RULESET


def _mode(params) -> str:
    return one_of(params, "mode", tuple(MODES)) or DUEL


RULESET = OpenApiParameter("ruleset", str, description="A ruleset's name (default: the site's default rules).")
MODE = OpenApiParameter("mode", str, enum=list(MODES),
                        description="duel (the default), or a team game: epic, doubles (Advanced), grand (standard).")


def _checked_paging(view) -> None:
    """Refuse a page or page size the schema forbids before looking anything up, so a bad
    value is a 400 whatever the path names."""
    view.paginator.get_page_size(view.request)
    _whole_number(view.request, view.paginator.page_query_param, 1)


def _member_or_404(username: str):
    user = get_user_model().objects.select_related("profile").filter(username=username, is_active=True).first()
    if user is None:
        raise Http404("No such member.")
    return user


class MemberRatingsView(generics.GenericAPIView):
    """A member's rating in each ruleset and mode they have rated games in."""

    serializer_class = MemberRatingsSerializer
    pagination_class = None

    @extend_schema(summary="A member's ratings", responses=MemberRatingsSerializer)
    def get(self, request, username):
        user = _member_or_404(username)
        pools = reading.member_ratings(user)
        return Response(MemberRatingsSerializer({
            "username": user.get_username(), "name": reading.name_of(user),
            "ratings": [p.rating for p in pools]}).data)


class MemberHistoryView(generics.ListAPIView):
    """Each rated game's change to a member's rating, newest first."""

    serializer_class = ChangeSerializer
    queryset = RatingChange.objects.none()  # the schema's model; get_queryset reads the rows

    @extend_schema(summary="A member's rating history", parameters=[RULESET, MODE])
    def get(self, request, *args, **kwargs):
        params = request.query_params
        self.pool = (_ruleset(params), _mode(params)) if params.get("ruleset") or params.get("mode") else None
        _checked_paging(self)
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):     # the schema's generator
            return RatingChange.objects.none()
        user = _member_or_404(self.kwargs["username"])
        rows = RatingChange.objects.filter(subject=member(user.pk)).select_related("pool", "result")
        if self.pool:
            rows = rows.filter(pool__ruleset=self.pool[0], pool__mode=self.pool[1])
        return rows.order_by("-played", "-seq", "-number")


class LeaderboardView(generics.ListAPIView):
    """A club's leaderboard: its members and Archie's levels, best first (provisional
    ratings left out unless asked for)."""

    serializer_class = LeaderboardRowSerializer
    queryset = Rating.objects.none()  # the schema's model; get_queryset reads the rows

    def get_permissions(self):
        return [ReadOpenWriteMember()]

    @extend_schema(summary="A club's leaderboard", parameters=[
        RULESET, MODE,
        OpenApiParameter("months", {"type": "integer", "enum": list(MONTHS)},
                         description="Only those with a rated game in the last 1, 3, 6 or 12 months."),
        OpenApiParameter("provisional", bool, description="List provisional ratings too (default false).")])
    def get(self, request, *args, **kwargs):
        params = request.query_params
        months = one_of(params, "months", [str(m) for m in MONTHS])
        self.terms = {"ruleset": _ruleset(params), "mode": _mode(params),
                      "months": int(months) if months else None,
                      "provisional": one_of(params, "provisional", ["true", "false"]) == "true"}
        _checked_paging(self)
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):     # the schema's generator
            return Rating.objects.none()
        club = Club.objects.filter(slug=self.kwargs["slug"]).first()
        if club is None or not club.can_read(self.request.user):
            raise Http404("No such club.")
        return reading.leaderboard(club, **self.terms)

    def list(self, request, *args, **kwargs):
        ratings = self.paginate_queryset(self.get_queryset())
        page = self.paginator.page
        start = (page.number - 1) * page.paginator.per_page
        return self.get_paginated_response(self.get_serializer(reading.ranked(ratings, start), many=True).data)


class ExpectedView(generics.GenericAPIView):
    """What you may expect in a match against a member: your expected share of the games
    (two games, the sides swapped), on a scenario when one is named."""

    serializer_class = ExpectedSerializer
    pagination_class = None

    @extend_schema(summary="The expected result of a challenge", parameters=[
        OpenApiParameter("opponent", str, required=True, description="The member's username."),
        OpenApiParameter("scenario", str, description="A scenario's slug."), RULESET],
        responses=ExpectedSerializer)
    def get(self, request):
        params = request.query_params
        name = params.get("opponent") or ""
        opponent = get_user_model().objects.filter(username=name, is_active=True).first() if name else None
        if opponent is None or opponent.pk == request.user.pk:
            raise ApiError("invalid", "opponent: give another member's username.",
                           errors=[{"field": "opponent", "message": "Give another member's username."}])
        slug = params.get("scenario") or ""
        scenario = Scenario.objects.filter(Q(slug=slug)).only("slug", "name").first() if slug else None
        if slug and scenario is None:
            raise ApiError("invalid", "scenario: no such scenario.",
                           errors=[{"field": "scenario", "message": "No such scenario."}])
        ruleset = _ruleset(params)
        e = reading.expected(ruleset, member(request.user.pk), member(opponent.pk), slug)
        return Response(ExpectedSerializer({
            "opponent": opponent.get_username(), "scenario": slug, "ruleset": ruleset,
            "percent": e.percent, "games": e.games, "opponent_games": e.opponent_games}).data)
