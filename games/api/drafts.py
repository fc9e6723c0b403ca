"""Scenario drafts through the API: a member's own drafts, the editor's tools, undo and
redo, the battle's fields, the import's checks and the file, with the same rules as the
editor page (docs/editor.md): a draft is its author's alone (anyone else is told it does
not exist)."""
from __future__ import annotations

import json

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from battlecry_site.api.errors import ApiError
from games.editor import drafts
from games.editor.checks import check, counts
from games.editor.staffing import compare, differences
from games.editor.tools import TOOLS, EditRefused
from games.engine import BOARD_SIZES
from games.models import Scenario, ScenarioDraft
from games.models.scenario import _KEY_ORDER


class DraftSerializer(serializers.ModelSerializer):
    name = serializers.SerializerMethodField()
    base = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)

    class Meta:
        model = ScenarioDraft
        fields = ["id", "name", "base", "cursor", "created", "updated"]

    def get_name(self, draft) -> str:
        return str(draft)


class ProblemSerializer(serializers.Serializer):
    message = serializers.CharField()
    hex = serializers.DictField(child=serializers.IntegerField(), allow_null=True)


class CountsSerializer(serializers.Serializer):
    side = serializers.CharField()
    name = serializers.CharField()
    units = serializers.IntegerField()
    kinds = serializers.DictField(child=serializers.IntegerField(), help_text="Units by kind.")
    figures = serializers.IntegerField()
    generals = serializers.IntegerField()


class PublishedSideSerializer(serializers.Serializer):
    side = serializers.CharField()
    commander = serializers.CharField()
    cards = serializers.IntegerField(allow_null=True)
    kinds = serializers.DictField(child=serializers.IntegerField(allow_null=True),
                                  help_text="Units by kind (null: not given by the source).")
    units = serializers.IntegerField(allow_null=True)
    figures = serializers.IntegerField(allow_null=True, help_text="The units at full strength.")
    generals = serializers.IntegerField(allow_null=True)


class StaffingSerializer(serializers.Serializer):
    battle = serializers.CharField()
    number = serializers.IntegerField(help_text="The battle's number in the 2010 edition.")
    confidence = serializers.CharField(help_text='"BC150" (the source is about the 2010 edition) or "not found".')
    first_side = serializers.CharField(allow_null=True)
    flags = serializers.IntegerField(allow_null=True)
    sides = PublishedSideSerializer(many=True, help_text="Empty when the staffing was not found.")
    differences = serializers.ListField(child=serializers.CharField(),
                                        help_text="Where the draft differs from the published staffing.")
    base_differences = serializers.ListField(child=serializers.CharField(),
                                             help_text="Where the battle corrected differs from it.")


class DraftDetailSerializer(DraftSerializer):
    data = serializers.JSONField(read_only=True)
    problems = serializers.SerializerMethodField()
    counts = serializers.SerializerMethodField()
    staffing = serializers.SerializerMethodField(
        help_text="For a correction of a 2010 battle: its published staffing and where the draft "
                  "(and the battle corrected) differ from it; null otherwise.")

    class Meta(DraftSerializer.Meta):
        fields = [*DraftSerializer.Meta.fields, "data", "problems", "counts", "staffing"]

    @extend_schema_field(StaffingSerializer(allow_null=True))
    def get_staffing(self, draft) -> dict | None:
        if draft.base is None:
            return None
        found = compare(draft.data, draft.base.slug, draft.base.club_made)
        if found is None:
            return None
        return {"battle": found.battle, "number": found.number, "confidence": found.confidence,
                "first_side": found.first_side, "flags": found.flags,
                "sides": [{"side": s.side, "commander": s.commander, "cards": s.cards, "kinds": s.kinds,
                           "units": s.units, "figures": s.figures, "generals": s.generals}
                          for s in found.sides],
                "differences": found.differences,
                "base_differences": differences(draft.base.data, found.sides, found.first_side, found.flags)
                if found.found else []}

    @extend_schema_field(ProblemSerializer(many=True))
    def get_problems(self, draft) -> list[dict]:
        return [{"message": p.text, "hex": {"col": p.hex[0], "row": p.hex[1]} if p.hex else None}
                for p in check(draft.data).problems]

    @extend_schema_field(CountsSerializer(many=True))
    def get_counts(self, draft) -> list[dict]:
        return counts(draft.data)


class DraftCreateSerializer(serializers.Serializer):
    base = serializers.SlugRelatedField(slug_field="slug", queryset=Scenario.objects.all(), required=False,
                                        help_text="A published battle to correct; without it, a blank map.")
    file = serializers.JSONField(required=False, help_text="A scenario file to open as the draft.")
    board = serializers.ChoiceField(choices=list(BOARD_SIZES), default="single",
                                    help_text="The board of a blank map: one board, two joined end to end, "
                                              "or two or three maps stood long side to long side.")


class EditSerializer(serializers.Serializer):
    tool = serializers.ChoiceField(choices=sorted(TOOLS))
    col = serializers.IntegerField(required=False)
    row = serializers.IntegerField(required=False)
    hexes = serializers.CharField(required=False, max_length=4000, help_text='A stroke: "c,r c,r ...".')
    kind = serializers.CharField(required=False, max_length=40)
    side = serializers.CharField(required=False, max_length=20)
    figures = serializers.IntegerField(required=False)
    green = serializers.BooleanField(required=False)
    horse = serializers.BooleanField(required=False)
    not_fresh = serializers.BooleanField(required=False)
    special = serializers.CharField(required=False, max_length=60, allow_blank=True)
    name = serializers.CharField(required=False, max_length=60, allow_blank=True)
    flags = serializers.IntegerField(required=False)
    layer = serializers.CharField(required=False, max_length=20)
    half = serializers.CharField(required=False, max_length=10)
    buildings = serializers.CharField(required=False, max_length=20,
                                      help_text='The buildings tool, on a farm or town hex: "house", "town", or '
                                                '"default" (a farm is a house, a town a town).')
    target = serializers.CharField(required=False, max_length=20,
                                   help_text='The rule tool: the special rule whose hexes are picked, by its index in '
                                             'special_rules ("0"), or a group of its hexes ("0/1", "0/new").')


FILE_FIELDS = [k for k in _KEY_ORDER["file"] if k != "format"] + ["standard_flags"]


class DraftViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.DestroyModelMixin,
                   viewsets.GenericViewSet):
    """Your scenario drafts (docs/editor.md)."""

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):       # the schema's generation
            return ScenarioDraft.objects.none()
        qs = ScenarioDraft.objects.filter(author=self.request.user).select_related("base").order_by("-updated", "pk")
        return qs.defer("data") if self.action == "list" else qs

    def get_serializer_class(self):
        return DraftSerializer if self.action == "list" else DraftDetailSerializer

    def _answer(self, draft, code=status.HTTP_200_OK, **extra):
        draft.refresh_from_db()
        body = DraftDetailSerializer(draft, context={"request": self.request}).data
        return Response({**body, **extra}, status=code)

    @extend_schema(summary="List your scenario drafts")
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(summary="One of your drafts, with its problems and counts")
    def retrieve(self, request, *args, **kwargs):
        return super().retrieve(request, *args, **kwargs)

    @extend_schema(summary="Delete one of your drafts")
    def destroy(self, request, *args, **kwargs):
        return super().destroy(request, *args, **kwargs)

    @extend_schema(summary="Start a draft: blank, from a published battle, or from a file",
                   request=DraftCreateSerializer, responses={201: DraftDetailSerializer})
    def create(self, request):
        body = DraftCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            if "file" in body.validated_data:
                draft = drafts.import_draft(request.user, json.dumps(body.validated_data["file"]))
            else:
                draft = drafts.new_draft(request.user, body.validated_data.get("base"),
                                         body.validated_data["board"])
        except EditRefused as exc:
            raise ApiError("invalid", str(exc)) from None
        return self._answer(draft, status.HTTP_201_CREATED)

    @extend_schema(summary="Use one of the editor's tools on the draft", request=EditSerializer,
                   responses={200: DraftDetailSerializer})
    @action(detail=True, methods=["post"])
    def edit(self, request, pk=None):
        draft = self.get_object()
        body = EditSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        params = {k: (str(v).lower() if isinstance(v, bool) else str(v))
                  for k, v in body.validated_data.items() if k != "tool"}
        try:
            done = drafts.apply_tool(draft, request.user, body.validated_data["tool"], params)
        except EditRefused as exc:
            raise ApiError("invalid", str(exc)) from None
        return self._answer(draft, done=done)

    @extend_schema(summary="Take back the draft's last edit", request=None, responses={200: DraftDetailSerializer})
    @action(detail=True, methods=["post"])
    def undo(self, request, pk=None):
        draft = self.get_object()
        done = drafts.undo(draft, request.user)
        if done is None:
            raise ApiError("nothing_to_undo", "Nothing to undo.", status.HTTP_409_CONFLICT)
        return self._answer(draft, done=done)

    @extend_schema(summary="Make again the edit last taken back", request=None, responses={200: DraftDetailSerializer})
    @action(detail=True, methods=["post"])
    def redo(self, request, pk=None):
        draft = self.get_object()
        done = drafts.redo(draft, request.user)
        if done is None:
            raise ApiError("nothing_to_redo", "Nothing to redo.", status.HTTP_409_CONFLICT)
        return self._answer(draft, done=done)

    @extend_schema(summary="Set the battle's own fields (name, sides, special rules...) as one edit",
                   description="The body holds top-level fields of the scenario file (docs/scenarios.md); "
                               "null removes an optional one. The import's checks then list any problem.",
                   request={"application/json": OpenApiTypes.OBJECT}, responses={200: DraftDetailSerializer})
    @action(detail=True, methods=["post"])
    def fields(self, request, pk=None):
        draft = self.get_object()
        if not isinstance(request.data, dict) or not request.data:
            raise ApiError("invalid", "The body is one JSON object of the file's fields.")
        unknown = [k for k in request.data if k not in FILE_FIELDS]
        if unknown:
            raise ApiError("invalid", f"{str(unknown[0])[:40]}: not a field of the scenario file.")
        try:
            drafts.set_fields(draft, request.user, dict(request.data))
        except EditRefused as exc:
            raise ApiError("invalid", str(exc)) from None
        return self._answer(draft)

    @extend_schema(summary="The draft as a scenario file",
                   responses={(200, "application/json"): OpenApiResponse(OpenApiTypes.OBJECT,
                                                                         description="The scenario file.")})
    @action(detail=True, methods=["get"])
    def file(self, request, pk=None):
        draft = self.get_object()
        return HttpResponse(drafts.export_text(draft, request.user), content_type="application/json; charset=utf-8")
