"""Campaign plans and campaigns: lists, one campaign, and starting and answering them.

Every write is a function of :mod:`campaigns.services`, with its checks; a refusal is the
API's error shape with the code ``refused`` (or ``not_a_player``) and status 409 (403)."""
from __future__ import annotations

from django.db.models import Prefetch
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from battlecry_site.api.errors import ApiError
from battlecry_site.api.permissions import MemberWithTokenScope, ReadOpenWriteMember
from campaigns import services
from campaigns.models import Campaign, CampaignBattle, CampaignMember, CampaignPlan
from games.invitation_privacy import visible_to
from games.models import Game

from .filters import CampaignFilter
from .serializers import (CampaignDetailSerializer, CampaignInvitationSerializer, CampaignPlanSerializer,
                          CampaignSerializer, CommandOfferSerializer, VersusArchieSerializer)

REFUSAL_STATUS = {"refused": status.HTTP_409_CONFLICT, "not_a_player": status.HTTP_403_FORBIDDEN}


def refused(exc: services.CampaignRefused) -> ApiError:
    return ApiError(exc.code, exc.message, REFUSAL_STATUS.get(exc.code, status.HTTP_409_CONFLICT))


class CampaignPlanViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """The shipped campaigns (campaigns/campaigns/*.json), public like the campaign pages."""

    permission_classes = [ReadOpenWriteMember]
    serializer_class = CampaignPlanSerializer
    queryset = CampaignPlan.objects.order_by("name", "pk")
    lookup_field = "slug"
    lookup_value_regex = r"[-a-zA-Z0-9_]+"

    @extend_schema(summary="List the shipped campaigns one may start")
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(summary="One shipped campaign: its battles in order and the armies")
    def retrieve(self, request, *args, **kwargs):
        return super().retrieve(request, *args, **kwargs)


class CampaignViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Campaigns: invitations, campaigns being played, finished ones, and their battles."""

    filterset_class = CampaignFilter
    lookup_value_regex = r"[0-9]+"

    def get_permissions(self):
        if self.action in ("list", "retrieve"):
            return [ReadOpenWriteMember()]
        return [MemberWithTokenScope()]

    def get_serializer_class(self):
        return CampaignDetailSerializer if self.action == "retrieve" else CampaignSerializer

    def get_queryset(self):
        return self._visible(with_battles=self.action != "list")

    def _visible(self, *, with_battles: bool):
        user = self.request.user
        qs = (Campaign.objects.filter(visible_to(user, Campaign))
              .select_related("plan", "challenger__profile", "opponent__profile", "winner__profile")
              .order_by("-updated", "-pk"))
        if with_battles:
            games = Game.objects.order_by("number")
            battles = (CampaignBattle.objects.select_related("scenario", "match").order_by("number")
                       .prefetch_related(Prefetch("match__games", queryset=games)))
            members = CampaignMember.objects.select_related("player__profile")
            qs = qs.prefetch_related(Prefetch("battles", queryset=battles),
                                     Prefetch("members", queryset=members))
        return qs

    def _done(self, campaign, code=status.HTTP_200_OK):
        campaign = self._visible(with_battles=True).get(pk=campaign.pk)
        return Response(CampaignDetailSerializer(campaign, context=self.get_serializer_context()).data,
                        status=code)

    @extend_schema(summary="List campaigns (filter: mine, status = challenge, active, finished, ...)")
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(summary="One campaign: battles in order, results, running totals, the dice due "
                           "before the battle being played and why, and that battle's game")
    def retrieve(self, request, *args, **kwargs):
        return super().retrieve(request, *args, **kwargs)

    @extend_schema(summary="Invite a member to a campaign (shipped, or composed from 3 or more scenarios)",
                   request=CampaignInvitationSerializer, responses={201: CampaignDetailSerializer})
    @action(detail=False, methods=["post"], url_path="invitations")
    def invite(self, request):
        body = CampaignInvitationSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            campaign = services.invite(request.user, body.validated_data["opponent"], body.terms())
        except services.CampaignRefused as exc:
            raise refused(exc) from None
        return self._done(campaign, status.HTTP_201_CREATED)

    @extend_schema(summary="Start a campaign against Archie: it begins at once, Archie keeping the "
                           "other army", request=VersusArchieSerializer, responses={201: CampaignDetailSerializer})
    @action(detail=False, methods=["post"], url_path="versus-archie")
    def versus_archie(self, request):
        body = VersusArchieSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            campaign = services.start_versus_archie(request.user, body.terms(), body.validated_data["level"])
        except services.CampaignRefused as exc:
            raise refused(exc) from None
        return self._done(campaign, status.HTTP_201_CREATED)

    def _step(self, step, pk):
        self.get_object()           # 404 for a campaign the requester may not see
        try:
            campaign = step(pk, self.request.user)
        except services.CampaignRefused as exc:
            raise refused(exc) from None
        return self._done(campaign)

    @extend_schema(summary="Accept an invitation made to you: battle 1 starts (an Epic campaign's once "
                           "every Major-General named has answered too)", request=None,
                   responses=CampaignDetailSerializer)
    @action(detail=True, methods=["post"])
    def accept(self, request, pk=None):
        return self._step(services.accept, pk)

    @extend_schema(summary="Decline an invitation made to you", request=None, responses=CampaignDetailSerializer)
    @action(detail=True, methods=["post"])
    def decline(self, request, pk=None):
        return self._step(services.decline, pk)

    @extend_schema(summary="Withdraw your invitation", request=None, responses=CampaignDetailSerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        return self._step(services.cancel, pk)

    @extend_schema(summary="Try again to start the next battle, held up when the last one ended "
                           "(the campaign's `held` says why)", request=None,
                   responses=CampaignDetailSerializer)
    @action(detail=True, methods=["post"], url_path="start-next")
    def start_next(self, request, pk=None):
        return self._step(services.start_held, pk)

    @extend_schema(summary="An Epic campaign: take the Major-General's place you were named to",
                   request=None, responses=CampaignDetailSerializer)
    @action(detail=True, methods=["post"], url_path="place/accept")
    def accept_place(self, request, pk=None):
        return self._step(services.accept_place, pk)

    @extend_schema(summary="An Epic campaign: decline the Major-General's place you were named to",
                   request=None, responses=CampaignDetailSerializer)
    @action(detail=True, methods=["post"], url_path="place/decline")
    def decline_place(self, request, pk=None):
        return self._step(services.decline_place, pk)

    @extend_schema(summary="An Epic campaign: offer the command of your team, from the next battle on, "
                           "to one of its Major-Generals", request=CommandOfferSerializer,
                   responses=CampaignDetailSerializer)
    @action(detail=True, methods=["post"], url_path="command/offer")
    def offer_command(self, request, pk=None):
        body = CommandOfferSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        successor = body.validated_data["successor"]
        return self._step(lambda campaign_id, user: services.offer_command(campaign_id, user, successor), pk)

    @extend_schema(summary="An Epic campaign: take the command of your team offered to you",
                   request=None, responses=CampaignDetailSerializer)
    @action(detail=True, methods=["post"], url_path="command/take")
    def take_command(self, request, pk=None):
        return self._step(services.take_command, pk)
