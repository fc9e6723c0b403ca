"""Battles proposed to clubs from the scenario editor, through the API: the proposals of the
clubs you belong to, proposing one of your drafts, and an organiser's answer (the same rules
as the club's proposals page)."""
from __future__ import annotations

from django.db.models import Q
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from battlecry_site.api.errors import ApiError
from games.models import ScenarioDraft
from tournaments import scenario_proposals
from tournaments.models import Club, Membership, ScenarioProposal


class ProposalSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    proposer = serializers.SlugRelatedField(slug_field="username", read_only=True)
    base = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    name = serializers.SerializerMethodField()
    scenario = serializers.SerializerMethodField()
    version = serializers.SerializerMethodField()

    class Meta:
        model = ScenarioProposal
        fields = ["id", "club", "proposer", "base", "name", "note", "status", "scenario", "version",
                  "created", "decided_at"]

    def get_name(self, p) -> str:
        return str(p.data.get("name", "")) if isinstance(p.data, dict) else ""

    def get_scenario(self, p) -> str | None:
        return p.version.scenario.slug if p.version_id else None

    def get_version(self, p) -> int | None:
        return p.version.number if p.version_id else None


class ProposeSerializer(serializers.Serializer):
    draft = serializers.IntegerField(help_text="One of your drafts.")
    club = serializers.SlugField(help_text="One of your clubs.")
    note = serializers.CharField(required=False, allow_blank=True, max_length=300)


class ScenarioProposalViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Battles proposed to the clubs you belong to."""

    serializer_class = ProposalSerializer

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):       # the schema's generation
            return ScenarioProposal.objects.none()
        mine = Q(club__memberships__user=self.request.user,
                 club__memberships__status=Membership.Status.ACTIVE)
        return (ScenarioProposal.objects.filter(mine | Q(proposer=self.request.user)).distinct()
                .select_related("club", "proposer", "base", "version__scenario").order_by("-created", "pk"))

    @extend_schema(summary="List the battles proposed to your clubs")
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(summary="One proposed battle")
    def retrieve(self, request, *args, **kwargs):
        return super().retrieve(request, *args, **kwargs)

    @extend_schema(summary="Propose one of your drafts to one of your clubs", request=ProposeSerializer,
                   responses={201: ProposalSerializer})
    def create(self, request):
        body = ProposeSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        draft = ScenarioDraft.objects.filter(pk=body.validated_data["draft"], author=request.user).first()
        club = Club.objects.filter(slug=body.validated_data["club"]).first()
        if draft is None or club is None:
            raise ApiError("not_found", "No such draft of yours, or no such club.", status.HTTP_404_NOT_FOUND)
        proposal = scenario_proposals.propose(draft, request.user, club, body.validated_data.get("note", ""))
        return Response(ProposalSerializer(proposal).data, status=status.HTTP_201_CREATED)

    @extend_schema(summary="Accept a proposal and publish it (organisers)", request=None,
                   responses={200: ProposalSerializer})
    @action(detail=True, methods=["post"])
    def accept(self, request, pk=None):
        return Response(ProposalSerializer(scenario_proposals.accept(self.get_object(), request.user)).data)

    @extend_schema(summary="Decline a proposal (organisers)", request=None, responses={200: ProposalSerializer})
    @action(detail=True, methods=["post"])
    def decline(self, request, pk=None):
        return Response(ProposalSerializer(scenario_proposals.decline(self.get_object(), request.user)).data)
