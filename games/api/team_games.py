"""A team game's own endpoints: which seats must act, the steps on a late team-mate's seat
(take it over, hand it to Archie) and on one's own (take it back), and the team chat (the
team's own until the game ends, both teams' once it is over)."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from battlecry_site.api.permissions import MemberWithTokenScope, ReadOpenWriteMember
from games import services
from games.models import Game
from games.models.seat import seats_prefetch
from games.presentation.kits import presenter_for
from games.seat_status import seats_acting

from .serializers import ChatPostSerializer, GameSummarySerializer
from .team_serializers import SeatActingSerializer, TakeOverSerializer, TeamChatLineSerializer

SEAT = r"(?P<seat>[A-Za-z0-9_-]{1,20})"


def acting_of(game: Game) -> list[dict]:
    """Each seat of ``game`` and what it does now (the page's seats panel, as data)."""
    words = presenter_for(game.ruleset).phase_words(game.phase)
    return [{"seat": r["name"], "side": r["side"], "role": r["role"], "holder": r["holder"],
             "must_act": r["acting"], "decides": r["what"], "deadline": r["deadline"], "late": r["late"],
             "waits_for": r["waits_for"], "away": r["away"], "resigns": r["resigns"]}
            for r in seats_acting(game, words)]


class TeamGameViewSet(viewsets.GenericViewSet):
    """Seats and team chat of a game played by several members a side."""

    lookup_value_regex = r"[0-9]+"
    serializer_class = GameSummarySerializer
    pagination_class = None

    def get_permissions(self):
        if self.action in ("seats", "team_chat") and self.request.method == "GET":
            return [ReadOpenWriteMember()]
        return [MemberWithTokenScope()]

    def get_queryset(self):
        return Game.objects.select_related("match").prefetch_related(seats_prefetch())

    def _summary(self, game_id, code=status.HTTP_200_OK):
        game = (Game.objects.select_related("match__scenario").prefetch_related(seats_prefetch())
                .get(pk=game_id))
        return Response(GameSummarySerializer(game, context=self.get_serializer_context()).data, status=code)

    @extend_schema(summary="Which seats must act now, until when, and what the others wait for",
                   responses=SeatActingSerializer(many=True))
    @action(detail=True, methods=["get"])
    def seats(self, request, pk=None):
        return Response(SeatActingSerializer(acting_of(self.get_object()), many=True).data)

    def _take_over(self, request, pk, step):
        game = self.get_object()
        body = TakeOverSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        step(game.pk, body.validated_data)
        return self._summary(game.pk)

    @extend_schema(summary="Take over a late team-mate's seat (its deadline has passed)",
                   request=TakeOverSerializer, responses=GameSummarySerializer)
    @action(detail=True, methods=["post"], url_path=f"seats/{SEAT}/claim")
    def claim_seat(self, request, pk=None, seat=None):
        return self._take_over(request, pk, lambda g, d: services.claim_seat(
            g, request.user, seat, d.get("version")))

    @extend_schema(summary="Hand a late team-mate's seat to Archie", request=TakeOverSerializer,
                   responses=GameSummarySerializer)
    @action(detail=True, methods=["post"], url_path=f"seats/{SEAT}/archie")
    def seat_archie(self, request, pk=None, seat=None):
        return self._take_over(request, pk, lambda g, d: services.seat_to_archie(
            g, request.user, seat, d["level"], d.get("version")))

    @extend_schema(summary="Take back your own seat from a team-mate or Archie", request=None,
                   responses=GameSummarySerializer)
    @action(detail=True, methods=["post"], url_path=f"seats/{SEAT}/back")
    def seat_back(self, request, pk=None, seat=None):
        game = self.get_object()
        services.take_seat_back(game.pk, request.user, seat)
        return self._summary(game.pk)

    @extend_schema(summary="Take back your consent that your team resigns", request=None,
                   responses=GameSummarySerializer)
    @action(detail=True, methods=["post"], url_path="resign/withdraw")
    def resign_withdraw(self, request, pk=None):
        game = self.get_object()
        services.withdraw_resignation(game.pk, request.user)
        return self._summary(game.pk)

    @extend_schema(summary="Your team's chat (both teams' once the game is over), oldest first",
                   methods=["GET"], responses=TeamChatLineSerializer(many=True))
    @extend_schema(summary="Say something to your team", methods=["POST"], request=ChatPostSerializer,
                   responses={201: TeamChatLineSerializer})
    @action(detail=True, methods=["get", "post"], url_path="team-chat", filter_backends=[])
    def team_chat(self, request, pk=None):
        game = self.get_object()
        if request.method == "POST":
            body = ChatPostSerializer(data=request.data)
            body.is_valid(raise_exception=True)
            message = services.post_team_chat(game.pk, request.user, body.validated_data["text"])
            return Response(self._line(message), status=status.HTTP_201_CREATED)
        sides = services.team_chat_readable(game, request.user)
        if not sides:
            raise services.NotAPlayer("Only a team's members read its chat while the game is played.")
        rows = game.team_chat.filter(side__in=sides).select_related("author__profile").order_by("created", "pk")
        return Response([self._line(m) for m in rows])

    def _line(self, m) -> dict:
        return TeamChatLineSerializer({"id": m.pk, "team": m.side, "author": m.author,
                                       "own": m.author_id == self.request.user.pk, "text": m.text,
                                       "created": m.created}).data
