"""Scenarios: the list (filters, sort orders), one battle with its board, its file, and the
club's import (the same checks as the import page, problems listed as structured JSON)."""
from __future__ import annotations

import json

from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError
from django.db.models.fields.json import KT
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from battlecry_site.api.errors import ApiError
from battlecry_site.api.permissions import ReadOpenWriteMember
from games.forms import ScenarioImportForm
from games.models import Scenario
from games.models.scenario import scenario_file_text

from .filters import ScenarioFilter
from .serializers import (ScenarioDetailSerializer, ScenarioImportedSerializer, ScenarioSerializer,
                          ScenarioVersionSerializer)


def _problem(message: str) -> dict:
    """'units[3] at (4,2).figures: must be 1-4' -> {"field": "units[3] at (4,2).figures", ...}"""
    where, sep, what = str(message).partition(": ")
    if sep and " " not in where.replace(" at (", "").replace(",", "").replace(")", ""):
        return {"field": where, "message": what}
    return {"field": "file", "message": str(message)}


class ScenarioViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """The battles the club can play (public, like the scenario pages)."""

    permission_classes = [ReadOpenWriteMember]
    lookup_field = "slug"
    lookup_value_regex = r"[-a-zA-Z0-9_]+"
    filterset_class = ScenarioFilter

    def get_queryset(self):
        qs = Scenario.objects.select_related("uploaded_by").order_by("date", "name", "pk")
        if self.action == "list":
            qs = qs.defer("data").annotate(subtitle_text=KT("data__subtitle"))
        return qs

    def get_serializer_class(self):
        return ScenarioDetailSerializer if self.action == "retrieve" else ScenarioSerializer

    @extend_schema(summary="List the scenarios")
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(summary="One scenario, with its file and the board at the start")
    def retrieve(self, request, *args, **kwargs):
        return super().retrieve(request, *args, **kwargs)

    @extend_schema(summary="Download the scenario file",
                   responses={(200, "application/json"): OpenApiResponse(OpenApiTypes.OBJECT,
                                                                         description="The scenario file.")})
    @action(detail=True, methods=["get"], url_path="file")
    def file(self, request, slug=None):
        scenario = self.get_object()
        response = HttpResponse(scenario_file_text(scenario.data),
                                content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{scenario.slug}.json"'
        return response

    @extend_schema(summary="The scenario's published versions (each game keeps the one it began with)",
                   responses={200: ScenarioVersionSerializer(many=True)})
    @action(detail=True, methods=["get"], url_path="versions", pagination_class=None)
    def versions(self, request, slug=None):
        scenario = self.get_object()
        rows = scenario.versions.select_related("author").order_by("number")
        return Response(ScenarioVersionSerializer(rows, many=True).data)

    @extend_schema(
        summary="Import a club-made scenario (or update your own)",
        description="The body is the scenario file itself (docs/scenarios.md). Every problem is "
                    "listed in ``errors`` with the field it is about (code ``invalid_scenario``).",
        request={"application/json": OpenApiTypes.OBJECT},
        responses={201: ScenarioImportedSerializer, 200: ScenarioImportedSerializer})
    def create(self, request, *args, **kwargs):
        raw = json.dumps(request.data, ensure_ascii=False).encode("utf-8")
        upload = SimpleUploadedFile("scenario.json", raw, content_type="application/json")
        form = ScenarioImportForm(data={}, files={"file": upload}, user=request.user)
        if not form.is_valid():
            problems = [_problem(m) for m in form.errors.get("file", [])] or [
                {"field": "file", "message": "The file could not be read."}]
            raise ApiError("invalid_scenario", f"The scenario has {len(problems)} "
                           f"problem{'s' if len(problems) != 1 else ''}.", errors=problems)
        try:
            scenario, created = form.save()
        except IntegrityError:
            raise ApiError("refused", "Another scenario with this slug or annual number was saved "
                           "just now; please try again.", status.HTTP_409_CONFLICT) from None
        body = ScenarioImportedSerializer({"created": created, "scenario": scenario},
                                          context={"request": request}).data
        return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)
