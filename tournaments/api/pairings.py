"""A pairing (one match of a round): its result and history, and the result steps: the
players report, confirm or dispute a match played at the table, choose its scenario from a
pool or start it on the site; organisers decide, correct or declare a forfeit."""
from __future__ import annotations

from django.db.models import Q
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from battlecry_site.api.permissions import MemberWithTokenScope, ReadOpenWriteMember
from tournaments import services
from tournaments.models import Membership, Pairing, Round

from .competitions import readable_clubs
from .serializers import (CorrectionSerializer, DisputeSerializer, ForfeitSerializer, PairingDetailSerializer,
                          PairingSerializer, PoolChoiceSerializer, ScoresSerializer)


class PairingViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Pairings of published rounds of the competitions one may read (drafts too for their
    organisers); ``?mine=1`` lists only the requester's own matches."""

    lookup_value_regex = r"[0-9]+"

    def get_permissions(self):
        if self.request.method in ("GET", "HEAD", "OPTIONS"):
            return [ReadOpenWriteMember()]
        return [MemberWithTokenScope()]

    def get_queryset(self):
        user = self.request.user
        visible = Q(round__status=Round.Status.PUBLISHED)
        if user.is_authenticated:
            organised = Membership.objects.filter(user=user, status=Membership.Status.ACTIVE,
                                                  role=Membership.Role.ORGANISER).values("club")
            visible |= Q(round__competition__club__in=organised)
        qs = (Pairing.objects.filter(visible, round__competition__club__in=readable_clubs(user))
              .select_related("round__competition__club", "home__profile", "away__profile",
                              "reported_by__profile", "scenario")
              .defer("scenario__data").order_by("-round__competition__created", "round__number", "table"))
        if self.action == "list" and self.request.query_params.get("mine") in ("1", "true"):
            qs = qs.filter(Q(home=user) | Q(away=user)) if user.is_authenticated else qs.none()
        if self.action == "retrieve":
            qs = qs.prefetch_related("changes__actor__profile")
        return qs

    def get_serializer_class(self):
        return PairingDetailSerializer if self.action == "retrieve" else PairingSerializer

    def _done(self, p):
        p = self.get_queryset().prefetch_related("changes__actor__profile").get(pk=p.pk)
        return Response(PairingDetailSerializer(p, context=self.get_serializer_context()).data)

    def _with(self, serializer_class):
        body = serializer_class(data=self.request.data)
        body.is_valid(raise_exception=True)
        return body

    @extend_schema(summary="Report the result of your match played at the table",
                   request=ScoresSerializer, responses=PairingDetailSerializer)
    @action(detail=True, methods=["post"])
    def report(self, request, pk=None):
        p = self.get_object()
        body = self._with(ScoresSerializer)
        return self._done(services.report_result(p, request.user, body.scores()))

    @extend_schema(summary="Confirm the result your opponent reported", request=None,
                   responses=PairingDetailSerializer)
    @action(detail=True, methods=["post"])
    def confirm(self, request, pk=None):
        return self._done(services.confirm_result(self.get_object(), request.user))

    @extend_schema(summary="Dispute the result your opponent reported: the organisers decide",
                   request=DisputeSerializer, responses=PairingDetailSerializer)
    @action(detail=True, methods=["post"])
    def dispute(self, request, pk=None):
        p = self.get_object()
        body = self._with(DisputeSerializer)
        return self._done(services.dispute_result(p, request.user, body.validated_data["note"]))

    @extend_schema(summary="Enter, decide or correct the result (organisers)",
                   request=CorrectionSerializer, responses=PairingDetailSerializer)
    @action(detail=True, methods=["post"])
    def result(self, request, pk=None):
        p = self.get_object()
        body = self._with(CorrectionSerializer)
        return self._done(services.set_result(p, request.user, body.scores(), body.validated_data["note"]))

    @extend_schema(summary="Declare a forfeit (organisers)", request=ForfeitSerializer,
                   responses=PairingDetailSerializer)
    @action(detail=True, methods=["post"])
    def forfeit(self, request, pk=None):
        p = self.get_object()
        body = self._with(ForfeitSerializer)
        d = body.validated_data
        return self._done(services.declare_forfeit(p, request.user, d["who"], d["note"]))

    @extend_schema(summary="Choose your match's scenario from the competition's pool",
                   request=PoolChoiceSerializer, responses=PairingDetailSerializer)
    @action(detail=True, methods=["post"])
    def choose(self, request, pk=None):
        p = self.get_object()
        body = self._with(PoolChoiceSerializer)
        return self._done(services.choose_scenario(p, request.user, body.validated_data["scenario"]))

    @extend_schema(summary="Start your match on the site (competitions played either way)",
                   request=None, responses=PairingDetailSerializer)
    @action(detail=True, methods=["post"])
    def play(self, request, pk=None):
        return self._done(services.play_on_site(self.get_object(), request.user))
