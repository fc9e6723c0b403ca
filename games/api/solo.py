"""Solo play against Archie: start a match (the solo page's service and checks), and the
levels to choose from.  The match's games then say Archie's side, level and whether it is
thinking (``archie`` in games and matches)."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.response import Response

from battlecry_site.api.permissions import MemberWithTokenScope, ReadOpenWriteMember
from games import services
from games.ai import LEVELS
from games.models import Match

from .options import options_of

from .matches import visible_matches
from .serializers import ArchieLevelSerializer, MatchSerializer, SoloSerializer


class SoloViewSet(viewsets.GenericViewSet):
    """A match against Archie, the computer opponent."""

    serializer_class = SoloSerializer
    pagination_class = None
    queryset = Match.objects.none()          # only for the schema generator: nothing is listed

    def get_permissions(self):
        return [ReadOpenWriteMember()] if self.action == "levels" else [MemberWithTokenScope()]

    @extend_schema(summary="Archie's levels", responses=ArchieLevelSerializer(many=True))
    def levels(self, request):
        return Response(ArchieLevelSerializer([LEVELS[k] for k in ("recruit", "veteran", "general")],
                                              many=True).data)

    @extend_schema(summary="Start a match against Archie: game 1 starts at once, you move first",
                   request=SoloSerializer, responses={201: MatchSerializer})
    def create(self, request):
        body = SoloSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        d = body.validated_data
        match = services.start_solo(request.user, d["scenario"], d["level"], options=options_of(d),
                                    ruleset=d["ruleset"])
        match = visible_matches(request.user).get(pk=match.pk)
        return Response(MatchSerializer(match, context={"request": request}).data,
                        status=status.HTTP_201_CREATED)
