"""Matches: challenges, open seeks, answering them, and results.

Every step is the lobby's own service function (``games.services``), with its checks."""
from __future__ import annotations

from django.db.models import Prefetch
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from battlecry_site.api.permissions import MemberWithTokenScope, ReadOpenWriteMember
from games import services
from games.invitation_privacy import visible_to
from games.models import Game, Match
from games.models.seat import seats_prefetch

from .filters import MatchFilter
from .options import options_of
from .serializers import (ChallengeSerializer, ChatMessageSerializer, ChatPostSerializer, MatchSerializer,
                          MatchTermsSerializer)

def visible_matches(user):
    """The matches ``user`` may see (as on the match pages: ``games.invitation_privacy``),
    ready to be serialized (their games prefetched)."""
    visible = visible_to(user, Match)
    games = Game.objects.prefetch_related(seats_prefetch()).order_by("number")
    return (Match.objects.filter(visible)
            .select_related("scenario", "challenger__profile", "opponent__profile", "winner__profile")
            .prefetch_related(Prefetch("games", queryset=games))
            .order_by("-updated", "-pk"))


class MatchViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Challenges, open seeks, matches being played and their results."""

    serializer_class = MatchSerializer
    filterset_class = MatchFilter
    lookup_value_regex = r"[0-9]+"

    def get_permissions(self):
        if self.action in ("list", "retrieve"):
            return [ReadOpenWriteMember()]
        return [MemberWithTokenScope()]

    def get_queryset(self):
        return visible_matches(self.request.user)

    def _done(self, match, code=status.HTTP_200_OK):
        match = self.get_queryset().get(pk=match.pk)
        return Response(MatchSerializer(match, context=self.get_serializer_context()).data, status=code)

    @extend_schema(summary="List matches (filter by status: seek, challenge, active, finished)")
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(summary="Challenge a member to a match", request=ChallengeSerializer,
                   responses={201: MatchSerializer})
    @action(detail=False, methods=["post"], url_path="challenges")
    def challenge(self, request):
        terms = ChallengeSerializer(data=request.data)
        terms.is_valid(raise_exception=True)
        d = terms.validated_data
        match = services.create_challenge(request.user, d["opponent"], d["scenario"],
                                          options=options_of(d), deadline_hours=d["deadline_hours"],
                                          side=d["side"], message=d["message"], ruleset=d["ruleset"],
                                          friendly=d["friendly"])
        return self._done(match, status.HTTP_201_CREATED)

    @extend_schema(summary="Post an open seek any member may join", request=MatchTermsSerializer,
                   responses={201: MatchSerializer})
    @action(detail=False, methods=["post"], url_path="seeks")
    def seek(self, request):
        terms = MatchTermsSerializer(data=request.data)
        terms.is_valid(raise_exception=True)
        d = terms.validated_data
        match = services.post_seek(request.user, d["scenario"], options=options_of(d),
                                   deadline_hours=d["deadline_hours"], side=d["side"], message=d["message"],
                                   ruleset=d["ruleset"], friendly=d["friendly"])
        return self._done(match, status.HTTP_201_CREATED)

    def _step(self, step, pk):
        self.get_object()           # 404 for a match the requester may not see
        return self._done(step(pk, self.request.user))

    @extend_schema(summary="Accept a challenge made to you: game 1 starts", request=None,
                   responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def accept(self, request, pk=None):
        return self._step(services.accept, pk)

    @extend_schema(summary="Decline a challenge made to you", request=None, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def decline(self, request, pk=None):
        return self._step(services.decline, pk)

    @extend_schema(summary="Withdraw your challenge or seek", request=None, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        return self._step(services.cancel, pk)

    @extend_schema(summary="Join an open seek: game 1 starts", request=None, responses=MatchSerializer)
    @action(detail=True, methods=["post"])
    def join(self, request, pk=None):
        return self._step(services.join_seek, pk)

    # -- the chat of the two players -------------------------------------------------------
    @extend_schema(summary="The chat of the match, oldest first (its two players only)",
                   methods=["GET"], responses=ChatMessageSerializer(many=True))
    @extend_schema(summary="Say something to the other player", methods=["POST"],
                   request=ChatPostSerializer, responses={201: ChatMessageSerializer})
    @action(detail=True, methods=["get", "post"], filter_backends=[])
    def chat(self, request, pk=None):
        match = self.get_object()
        if request.method == "POST":
            body = ChatPostSerializer(data=request.data)
            body.is_valid(raise_exception=True)
            message = services.post_chat(match.pk, request.user, body.validated_data["text"])
            return Response(self._message(message), status=status.HTTP_201_CREATED)
        if not match.is_player(request.user):
            raise services.NotAPlayer("Only the two players of this match can read its chat.")
        rows = match.chat.select_related("author__profile").order_by("created", "pk")
        page = self.paginate_queryset(rows)
        return self.get_paginated_response([self._message(m) for m in page])

    def _message(self, m) -> dict:
        return ChatMessageSerializer({"id": m.pk, "author": m.author, "own": m.author_id == self.request.user.pk,
                                      "text": m.text, "created": m.created}).data
