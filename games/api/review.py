"""Archie's review of a finished game: ask for it (once per game; asked again, the stored
one) and read it with its progress. A game in progress has none (409 ``not_over``), as its
replay. Same permissions as the review page: anybody reads, members ask."""
from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from battlecry_site.api.errors import ApiError
from battlecry_site.api.permissions import ReadOpenWriteMember
from games import reviews
from games.models import Game

from .review_serializers import GameReviewSerializer


def _finished(pk) -> Game:
    game = get_object_or_404(Game.objects.only("id", "finished_at"), pk=pk)
    if not game.is_over:
        raise ApiError("not_over", "Archie reviews a game once it is over.", status.HTTP_409_CONFLICT)
    return game


class GameReviewView(APIView):
    permission_classes = [ReadOpenWriteMember]

    @extend_schema(summary="Archie's review of a finished game, or its progress",
                   responses={200: GameReviewSerializer})
    def get(self, request, id):
        review = reviews.review_of(_finished(id))
        if review is None:
            raise ApiError("not_found", "Nobody has asked Archie to review this game yet.",
                           status.HTTP_404_NOT_FOUND)
        return Response(GameReviewSerializer(review).data)

    @extend_schema(summary="Ask Archie to review a finished game (the stored review if asked already)",
                   request=None, responses={202: GameReviewSerializer, 200: GameReviewSerializer})
    def post(self, request, id):
        review, made = reviews.request_review(_finished(id), request.user)
        return Response(GameReviewSerializer(review).data,
                        status=status.HTTP_202_ACCEPTED if made else status.HTTP_200_OK)
