"""Team tables: open one, list and read them, take or leave a seat, keep one for a member,
give one to Archie, withdraw the table.  Every step is the lobby's own service function
(``games.services``) with its checks; game 1 starts when every seat is held (its match is
then under ``/matches/``)."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from battlecry_site.api.permissions import MemberWithTokenScope, ReadOpenWriteMember
from games import services
from games.invitation_privacy import visible_to
from games.models import Match, TableSeat

from django.db.models import Prefetch

from .options import options_of
from .team_serializers import (ArchieSeatSerializer, InviteSerializer, SeatStepSerializer,
                               TableSerializer, TableTermsSerializer)


class TableViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Team tables: the seats of a team match before its first game."""

    serializer_class = TableSerializer
    lookup_value_regex = r"[0-9]+"

    def get_permissions(self):
        if self.action in ("list", "retrieve"):
            return [ReadOpenWriteMember()]
        return [MemberWithTokenScope()]

    def get_queryset(self):
        seats = TableSeat.objects.select_related("player__profile", "invited__profile").order_by("position")
        qs = (Match.objects.filter(team=True).filter(visible_to(self.request.user, Match))
              .select_related("scenario", "challenger__profile")
              .prefetch_related(Prefetch("table_seats", queryset=seats)))
        if self.action == "list":
            qs = qs.filter(status=Match.Status.TABLE)
        return qs.order_by("-created", "-pk")

    def _done(self, match, code=status.HTTP_200_OK):
        match = self.get_queryset().get(pk=match.pk)
        return Response(TableSerializer(match, context=self.get_serializer_context()).data, status=code)

    @extend_schema(summary="The open team tables, newest first")
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(summary="Open a team table (rules seating several members a side)",
                   request=TableTermsSerializer, responses={201: TableSerializer})
    def create(self, request):
        terms = TableTermsSerializer(data=request.data)
        terms.is_valid(raise_exception=True)
        d = terms.validated_data
        match = services.open_table(request.user, d["scenario"], options=options_of(d), ruleset=d["ruleset"],
                                    deadline_hours=d["deadline_hours"], message=d["message"], seat=d["seat"],
                                    friendly=d["friendly"])
        return self._done(match, status.HTTP_201_CREATED)

    def _seat_step(self, request, pk, step, body_class=SeatStepSerializer):
        self.get_object()               # 404 for a table the requester may not see
        body = body_class(data=request.data)
        body.is_valid(raise_exception=True)
        return self._done(step(body.validated_data))

    @extend_schema(summary="Take a free seat (or the one kept for you); the game starts when every "
                           "seat is held", request=SeatStepSerializer, responses=TableSerializer)
    @action(detail=True, methods=["post"])
    def take(self, request, pk=None):
        return self._seat_step(request, pk, lambda d: services.take_table_seat(pk, request.user, d["seat"]))

    @extend_schema(summary="Leave your seat (or, as the host, free a seat given to Archie)",
                   request=SeatStepSerializer, responses=TableSerializer)
    @action(detail=True, methods=["post"])
    def leave(self, request, pk=None):
        return self._seat_step(request, pk, lambda d: services.leave_table_seat(pk, request.user, d["seat"]))

    @extend_schema(summary="Keep a free seat for a member (the host)", request=InviteSerializer,
                   responses=TableSerializer)
    @action(detail=True, methods=["post"])
    def invite(self, request, pk=None):
        def step(d):
            member = get_user_model().objects.filter(is_active=True, username__iexact=d["member"]).first()
            if member is None:
                raise services.ActionRefused(f"No member is called “{d['member']}”.")
            return services.invite_to_table_seat(pk, request.user, d["seat"], member)
        return self._seat_step(request, pk, step, InviteSerializer)

    @extend_schema(summary="Give a free seat to Archie at a level (the host)", request=ArchieSeatSerializer,
                   responses=TableSerializer)
    @action(detail=True, methods=["post"])
    def archie(self, request, pk=None):
        return self._seat_step(request, pk, lambda d: services.give_table_seat_to_archie(
            pk, request.user, d["seat"], d["level"]), ArchieSeatSerializer)

    @extend_schema(summary="Withdraw your table before its game starts (the host)", request=None,
                   responses=TableSerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        self.get_object()
        return self._done(services.withdraw_table(pk, request.user))
