"""Leagues and tournaments: the list, one competition with its players, its rounds and
pairings, its standings, and the organiser console's steps (players, drafting, publishing
and discarding a round, closing the season)."""
from __future__ import annotations

from django.db.models import Prefetch, Q
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from battlecry_site.api.filtering import one_of
from battlecry_site.api.permissions import MemberWithTokenScope, ReadOpenWriteMember
from games.api.options import LEGACY_TOP_LEVEL, options_of
from tournaments import pairing as algo, services, tables
from tournaments.models import Club, Competition, Entry, Membership, Pairing, Round

from .annual import AnnualActions
from .serializers import (CompetitionDetailSerializer, CompetitionSerializer, DraftSerializer,
                          EntrySerializer, MemberChoiceSerializer, NewCompetitionSerializer, RoundSerializer,
                          StandingsSerializer, WithdrawSerializer)


def readable_clubs(user):
    """The clubs whose competitions ``user`` may read (as on /leagues/)."""
    readable = Q(public=True)
    if user.is_authenticated:
        readable |= Q(memberships__user=user, memberships__status=Membership.Status.ACTIVE)
    return Club.objects.filter(readable).distinct()


class CompetitionViewSet(AnnualActions, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """A league (round robin) or tournament (Swiss) of a club."""

    lookup_value_regex = r"[0-9]+"

    def get_permissions(self):
        if self.request.method in ("GET", "HEAD", "OPTIONS"):
            return [ReadOpenWriteMember()]
        return [MemberWithTokenScope()]

    def get_queryset(self):
        qs = (Competition.objects.filter(club__in=readable_clubs(self.request.user))
              .select_related("club").order_by("status", "-created", "-pk"))
        if self.action == "list":
            params = self.request.query_params
            if params.get("club"):
                qs = qs.filter(club__slug=params["club"])
            kind = one_of(params, "kind", Competition.Kind.values)
            if kind:
                qs = qs.filter(kind=kind)
            state = one_of(params, "status", Competition.Status.values)
            if state:
                qs = qs.filter(status=state)
        return qs

    def get_serializer_class(self):
        return CompetitionDetailSerializer if self.action == "retrieve" else CompetitionSerializer

    def _detail(self, comp, code=status.HTTP_200_OK):
        comp = Competition.objects.select_related("club").get(pk=comp.pk)
        return Response(CompetitionDetailSerializer(comp, context=self.get_serializer_context()).data, status=code)

    @extend_schema(summary="Leagues and tournaments I may read",
                   parameters=[OpenApiParameter("club", str, description="A club's slug."),
                               OpenApiParameter("kind", str, enum=Competition.Kind.values),
                               OpenApiParameter("status", str, enum=Competition.Status.values)])
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(summary="Create a league or tournament (organisers of the club)",
                   request=NewCompetitionSerializer, responses={201: CompetitionDetailSerializer})
    def create(self, request):
        body = NewCompetitionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        d = dict(body.validated_data)
        club = d.pop("club")
        d["scenarios"] = tuple(d.get("scenarios") or ())
        d["order"] = tuple(d.get("order") or algo.DEFAULT_ORDER)
        d["options"] = options_of(d)
        for name in LEGACY_TOP_LEVEL:
            d.pop(name, None)
        comp = services.create_competition(club, request.user, services.Terms(**d))
        return self._detail(comp, status.HTTP_201_CREATED)

    # -- the rounds and the standings ------------------------------------------------------
    @extend_schema(summary="The rounds and their pairings (a draft only for organisers)",
                   responses=RoundSerializer(many=True))
    @action(detail=True, methods=["get"])
    def rounds(self, request, pk=None):
        comp = self.get_object()
        rounds = comp.rounds.all()
        if not comp.club.is_organiser(request.user):
            rounds = rounds.filter(status=Round.Status.PUBLISHED)
        pairings = Pairing.objects.select_related(
            "round__competition", "home__profile", "away__profile", "reported_by__profile",
            "scenario").defer("scenario__data").order_by("table")
        rounds = rounds.select_related("scenario").defer("scenario__data").prefetch_related(
            Prefetch("pairings", queryset=pairings)).order_by("number")
        page = self.paginate_queryset(rounds)
        return self.get_paginated_response(RoundSerializer(page, many=True, context=self.get_serializer_context()).data)

    @extend_schema(summary="The standings, best first, in the competition's order of metrics",
                   responses=StandingsSerializer)
    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None):
        comp = self.get_object()
        lines = tables.table(comp)
        return Response(StandingsSerializer({
            "competition": comp.pk, "columns": tables.metric_columns(comp),
            "planned_rounds": comp.planned_rounds(len(lines)),
            "lines": [{"rank": ln.standing.rank, "player": ln.player,
                       "withdrawn": ln.entry.status == Entry.Status.WITHDRAWN,
                       "played": ln.standing.played, "won": ln.standing.won, "drawn": ln.standing.drawn,
                       "lost": ln.standing.lost, "byes": ln.standing.byes,
                       "metrics": {c.key: v for c, v in zip(tables.metric_columns(comp), ln.values)}}
                      for ln in lines]}).data)

    # -- the organiser console -------------------------------------------------------------
    @extend_schema(summary="Add a club member as a player (organisers)", request=MemberChoiceSerializer,
                   responses={201: EntrySerializer})
    @action(detail=True, methods=["post"])
    def players(self, request, pk=None):
        comp = self.get_object()
        body = MemberChoiceSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        entry = services.add_player(comp, request.user, body.validated_data["username"])
        return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(summary="Withdraw from the competition (yourself, or any player as an organiser)",
                   request=WithdrawSerializer, responses=EntrySerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        comp = self.get_object()
        body = WithdrawSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        entry = services.withdraw(comp, request.user, body.validated_data.get("username") or request.user)
        return Response(EntrySerializer(entry).data)

    @extend_schema(summary="Pair the next round as a draft (organisers; replaces an earlier draft)",
                   request=DraftSerializer, responses={201: RoundSerializer})
    @action(detail=True, methods=["post"], url_path="rounds/draft")
    def draft(self, request, pk=None):
        comp = self.get_object()
        body = DraftSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        rnd = services.draft_round(comp, request.user, scenario=body.validated_data.get("scenario"))
        return Response(RoundSerializer(rnd, context=self.get_serializer_context()).data,
                        status=status.HTTP_201_CREATED)

    @extend_schema(summary="Publish the draft round (organisers): web matches start, players are told",
                   request=None, responses=RoundSerializer)
    @action(detail=True, methods=["post"], url_path="rounds/publish")
    def publish(self, request, pk=None):
        comp = self.get_object()
        draft = comp.rounds.filter(status=Round.Status.DRAFT).first()
        if draft is None:               # the console's own check (no service publishes "the draft")
            if not comp.club.is_organiser(request.user):
                raise services.NotOrganiser(f"Only an organiser of {comp.club} can do that.")
            raise services.Refused("There is no draft round to publish.")
        rnd = services.publish_round(draft, request.user)
        return Response(RoundSerializer(rnd, context=self.get_serializer_context()).data)

    @extend_schema(summary="Discard the draft round (organisers)", request=None,
                   responses={204: None})
    @action(detail=True, methods=["post"], url_path="rounds/discard")
    def discard(self, request, pk=None):
        services.discard_draft(self.get_object(), request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(summary="Close the season (organisers): the standings are final", request=None,
                   responses=CompetitionDetailSerializer)
    @action(detail=True, methods=["post"])
    def close(self, request, pk=None):
        return self._detail(services.close_competition(self.get_object(), request.user))
