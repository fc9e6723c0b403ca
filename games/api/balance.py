"""Scenario balance: every scenario's figures in the club's games, one scenario's with its
self-play runs, and starting a run (members). Same permissions as the balance pages."""
from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from battlecry_site.api.errors import ApiError
from battlecry_site.api.permissions import ReadOpenWriteMember
from games import balance
from games.models import BalanceRun, Scenario

from .review_serializers import (BalanceRunSerializer, ScenarioBalanceDetailSerializer,
                                 ScenarioBalanceSerializer, StartRunSerializer)

#: Runs listed with a scenario's balance.
RUNS_LISTED = 10


class BalanceListView(APIView):
    permission_classes = [ReadOpenWriteMember]

    @extend_schema(summary="Every scenario's balance in the club's games",
                   responses={200: ScenarioBalanceSerializer(many=True)})
    def get(self, request):
        scenarios = list(Scenario.objects.order_by("date", "name", "pk"))
        figures = balance.club_balance(scenarios)
        return Response(ScenarioBalanceSerializer([figures[s.pk] for s in scenarios], many=True).data)


class ScenarioBalanceView(APIView):
    permission_classes = [ReadOpenWriteMember]

    @extend_schema(summary="One scenario's balance: the club's games and Archie's self-play runs",
                   responses={200: ScenarioBalanceDetailSerializer})
    def get(self, request, slug):
        scenario = get_object_or_404(Scenario, slug=slug)
        figures = balance.club_balance([scenario])[scenario.pk]
        runs = list(scenario.balance_runs.select_related("scenario")[:RUNS_LISTED])
        return Response(ScenarioBalanceDetailSerializer({"club": figures, "runs": runs}).data)


class BalanceRunsView(APIView):
    permission_classes = [ReadOpenWriteMember]

    @extend_schema(summary="Start Archie's self-play on a scenario (one run at a time per scenario)",
                   request=StartRunSerializer, responses={202: BalanceRunSerializer})
    def post(self, request, slug):
        scenario = get_object_or_404(Scenario, slug=slug)
        body = StartRunSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            run = balance.start_run(scenario, request.user, **body.validated_data)
        except balance.BalanceRefused as refused:
            raise ApiError("refused", str(refused), status.HTTP_409_CONFLICT) from None
        return Response(BalanceRunSerializer(run).data, status=status.HTTP_202_ACCEPTED)


class BalanceRunView(APIView):
    permission_classes = [ReadOpenWriteMember]

    @extend_schema(summary="One self-play run, with its progress", responses={200: BalanceRunSerializer})
    def get(self, request, slug, id):
        run = get_object_or_404(BalanceRun.objects.select_related("scenario"), pk=id, scenario__slug=slug)
        return Response(BalanceRunSerializer(run).data)
