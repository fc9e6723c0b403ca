"""Clubs: the list, a club's page, founding one, joining (by invitation or by asking), and
the organisers' approvals and roles."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from battlecry_site.api.permissions import MemberWithTokenScope, ReadOpenWriteMember
from games.engine import presets_for, rulesets
from tournaments import preset_services, services
from tournaments.models import Club

from .serializers import (ClubDetailSerializer, ClubSerializer, InvitationSerializer, MemberChoiceSerializer,
                          MembershipSerializer, NewClubPresetSerializer, NewClubSerializer, PresetSerializer,
                          RoleSerializer)


class ClubViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Anyone may see a club's name and description (to ask to join); its members and
    competitions only if it is public or they belong to it."""

    lookup_field = "slug"
    lookup_value_regex = r"[-a-zA-Z0-9_]+"
    queryset = Club.objects.all().order_by("name")

    def get_permissions(self):
        if self.action in ("list", "retrieve"):
            return [ReadOpenWriteMember()]
        return [MemberWithTokenScope()]

    def get_serializer_class(self):
        return ClubDetailSerializer if self.action == "retrieve" else ClubSerializer

    @extend_schema(summary="Found a club: you are its first organiser", request=NewClubSerializer,
                   responses={201: ClubDetailSerializer})
    def create(self, request):
        body = NewClubSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        d = body.validated_data
        club = services.create_club(request.user, d["name"], description=d["description"], public=d["public"])
        return Response(ClubDetailSerializer(club, context=self.get_serializer_context()).data,
                        status=status.HTTP_201_CREATED)

    def _membership(self, membership):
        return Response(MembershipSerializer(membership).data)

    @extend_schema(summary="Join with the club's invitation (its link's secret)",
                   request=InvitationSerializer, responses=MembershipSerializer)
    @action(detail=True, methods=["post"])
    def join(self, request, slug=None):
        body = InvitationSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        return self._membership(services.join_by_invitation(self.get_object(), request.user,
                                                            body.validated_data["token"]))

    @extend_schema(summary="Ask to join: an organiser approves", request=None, responses=MembershipSerializer)
    @action(detail=True, methods=["post"])
    def ask(self, request, slug=None):
        return self._membership(services.ask_to_join(self.get_object(), request.user))

    @extend_schema(summary="Approve a request to join (organisers)", request=MemberChoiceSerializer,
                   responses=MembershipSerializer)
    @action(detail=True, methods=["post"])
    def approve(self, request, slug=None):
        body = MemberChoiceSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        return self._membership(services.approve_member(self.get_object(), request.user,
                                                        body.validated_data["username"]))

    @extend_schema(summary="A new invitation secret (organisers): the old invitation stops working",
                   request=None, responses=ClubDetailSerializer)
    @action(detail=True, methods=["post"])
    def invitation(self, request, slug=None):
        club = self.get_object()
        services.new_invitation(club, request.user)
        club.refresh_from_db()
        return Response(ClubDetailSerializer(club, context=self.get_serializer_context()).data)

    @extend_schema(summary="Make a member an organiser or a plain member (organisers)",
                   request=RoleSerializer, responses=MembershipSerializer)
    @action(detail=True, methods=["post"])
    def role(self, request, slug=None):
        body = RoleSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        d = body.validated_data
        return self._membership(services.set_role(self.get_object(), request.user, d["username"], d["role"]))

    @extend_schema(summary="The presets of options: the rules' own, then the club's (members)",
                   responses=PresetSerializer(many=True), methods=["GET"])
    @extend_schema(summary="Save a preset of the club (organisers); a name already used is replaced",
                   request=NewClubPresetSerializer, responses={201: PresetSerializer}, methods=["POST"])
    @action(detail=True, methods=["get", "post"], pagination_class=None, filter_backends=[])
    def presets(self, request, slug=None):
        club = self.get_object()
        if request.method == "POST":
            body = NewClubPresetSerializer(data=request.data)
            body.is_valid(raise_exception=True)
            d = body.validated_data
            preset = preset_services.save_preset(club, request.user, d["name"], d["ruleset"], d["options"])
            return Response(PresetSerializer(_club_preset(preset)).data, status=status.HTTP_201_CREATED)
        if not club.is_member(request.user):
            raise NotFound("No such club among yours.")
        rows = [{"source": "rules", "key": p.key, "name": p.label, "description": p.description,
                 "ruleset": name, "options": dict(p.options)}
                for name in sorted(rulesets()) for p in presets_for(name)]
        rows += [_club_preset(p) for p in club.presets.all()]
        return Response(PresetSerializer(rows, many=True).data)


def _club_preset(preset) -> dict:
    return {"source": "club", "key": preset.key, "name": preset.name,
            "description": f"A preset of {preset.club.name}.", "ruleset": preset.ruleset,
            "options": dict(preset.options)}
