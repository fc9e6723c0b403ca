"""Games: the requester's view, legal actions, playing an action, the events since a version,
move and attack previews, the replay of a finished game, the seed.

What a requester sees of a game comes only from ``Game.view(seat)`` (the seat they see it
from; None for anybody who holds none) and the events as the holder of their seats may see
them (``presenting.seen_by``).  Actions go through
``games.services.act`` with the version the client acted on.
"""
from __future__ import annotations

import re

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from battlecry_site.api.errors import ApiError
from battlecry_site.api.filtering import one_of
from battlecry_site.api.permissions import MemberWithTokenScope, ReadOpenWriteMember
from games import game_log, services
from games.engine import IllegalAction, get_ruleset, view_event
from games.kits.battlecry import scenario_of
from games.models import Game
from games.presentation.kit import Choices
from games.presentation.log import archie_in
from games.context_processors import seat_held_by
from games.models.seat import seats_prefetch

from .filters import GameFilter
from .presenting import choices_body, seen_by, told_entries
from .serializers import (ActedSerializer, AttackPreviewSerializer, ClaimSerializer, EventEntrySerializer,
                          GameDetailSerializer, GameSummarySerializer, LegalActionsSerializer,
                          ReachableSerializer, ReplayStepSerializer, ResignSerializer, SeedSerializer,
                          SubmitActionSerializer, UndoSerializer)
from games.presentation.kits import presenter_for

#: Exactly the hexes of the largest boards together (the double board's 230 and the three maps'
#: 363; the single board's 113 and the two maps' 238 are among them), ``col,row`` in doubled
#: columns: rows 0 to 8 with, on an even row, the even columns 0 to 50 and, on an odd row, the
#: odd columns 1 to 49; rows 9 to 28 with the even columns 0 to 24 or the odd ones 1 to 23.
#: The game's own board refuses the rest.
HEX_PATTERN = (r"^(?:(?:[02468]|[1-4][02468]|50),[02468]|(?:[13579]|[1-4][13579]),[1357]"
               r"|(?:[02468]|1[02468]|2[024]),(?:1[02468]|2[02468])"
               r"|(?:[13579]|1[13579]|2[13]),(?:9|1[13579]|2[1357]))$")
PIECES = ("unit", "general")
#: A cell of any board as ``col,row`` (a hex board's cells are the ones HEX_PATTERN matches).
CELL_PATTERN = r"^[0-9]{1,2},[0-9]{1,2}$"


def _hex_param(name: str, description: str) -> OpenApiParameter:
    return OpenApiParameter(name, str, required=True, pattern=HEX_PATTERN, description=description)


def _hex(request, name: str, pattern: str = HEX_PATTERN) -> dict:
    """The hex (or, with ``CELL_PATTERN``, the cell of any board) a query parameter names as
    ``col,row``."""
    text = request.query_params.get(name)
    if text is None or not re.fullmatch(pattern, text):
        message = ("Give a hex of the board as col,row, e.g. 12,4." if text is not None
                   else "This parameter is required.")
        raise ApiError("invalid", f"{name}: {message}", errors=[{"field": name, "message": message}])
    col, row = (int(x) for x in text.split(","))
    return {"col": col, "row": row}


def _seat_actions(game, engine, user) -> list[dict]:
    """The legal actions of each seat ``user`` holds among those deciding now (none for
    another member or a spectator: each seat's choices are its own)."""
    if game.is_over:
        return []
    return [{"seat": name, "actions": engine.legal_actions(name)}
            for name in game.deciding_seats_of(user)]


class GameViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """One game of a match."""

    lookup_value_regex = r"[0-9]+"
    filterset_class = GameFilter

    def get_permissions(self):
        if self.action in ("list", "legal_actions", "submit", "claim", "undo", "resign"):
            return [MemberWithTokenScope()]
        return [ReadOpenWriteMember()]

    def get_queryset(self):
        if self.action not in ("list", "retrieve"):
            return Game.objects.all()        # the engine's state is all these need
        qs = (Game.objects.select_related("match__scenario").prefetch_related(seats_prefetch())
              .defer("match__scenario__data"))
        if self.action == "list" and not getattr(self, "swagger_fake_view", False):
            user = self.request.user
            qs = qs.filter(seat_held_by(user)).order_by(
                "finished_at", "deadline", "-pk")
        return qs.order_by("-pk") if self.action != "list" else qs

    def get_serializer_class(self):
        return GameDetailSerializer if self.action == "retrieve" else GameSummarySerializer

    def filter_queryset(self, queryset):
        if self.action != "list":
            return queryset
        return super().filter_queryset(queryset)

    def _serve(self, step, pk):
        """``step()``, a service call on game ``pk``; its refusal of an unknown game (a plain
        refusal about no game) is the API's 404.  The existence is asked only then, so an
        action costs no query more than the service's own."""
        try:
            return step()
        except services.ActionRefused as refused:
            if refused.game is None and not Game.objects.filter(pk=pk).exists():
                raise NotFound() from None
            raise

    def _side(self, game):
        return game.side_of(self.request.user)

    def _seat(self, game) -> str | None:
        """The seat the requester sees the game from (None for a spectator)."""
        seat = game.viewing_seat(self.request.user)
        return seat.name if seat is not None else None

    def _held(self, game) -> list[str]:
        return [s.name for s in game.seat_of(self.request.user)]

    def _preview(self, game, name: str):
        """The engine's preview ``name``; refused for rules that give none."""
        method = getattr(self._engine(game), name, None)
        if method is None:
            raise services.IllegalStep("These rules give no such preview.", game=game)
        return method

    def _engine(self, game):
        return services.load_engine(game)

    # -- reading ------------------------------------------------------------------------
    @extend_schema(summary="My games (filter whose_turn=me to find the games waiting for me)")
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(summary="A game as I may see it (a spectator's view if I do not play it)")
    def retrieve(self, request, *args, **kwargs):
        game = self.get_object()
        seat = self._seat(game)
        context = self.get_serializer_context()
        engine = self._engine(game)
        context["view_of"] = lambda g: engine.view(seat)
        context["actions_of"] = lambda g: _seat_actions(g, engine, request.user)
        return Response(GameDetailSerializer(game, context=context).data)

    @extend_schema(summary="The legal actions for my decision now, with the page's words",
                   description="``actions`` lists every legal action.  ``prompt``, ``groups`` and "
                               "``hand`` are the game page's own words and buttons; as on the page, a "
                               "piece's moves or targets are listed once it is selected with "
                               "``?sel=col,row`` (``&piece=general`` for the general on that hex).",
                   parameters=[OpenApiParameter("sel", str,
                                                description="The cell of the piece selected, as "
                                                            "col,row: on a hex board one of its hexes "
                                                            "(doubled columns, as the reachable "
                                                            "preview's hex)."),
                               OpenApiParameter("piece", str, enum=[*PIECES],
                                                description="general: select the general on the hex."),
                               OpenApiParameter("seat", str,
                                                description="One of your seats: its actions and "
                                                            "words (default: the first of yours "
                                                            "deciding).")],
                   responses=LegalActionsSerializer)
    @action(detail=True, methods=["get"], url_path="legal-actions")
    def legal_actions(self, request, pk=None):
        game = self.get_object()
        side = self._side(game)
        if side is None:
            raise services.NotAPlayer("Only the two players of this game have decisions to take.", game=game)
        selected = None
        general = one_of(request.query_params, "piece", PIECES) == "general"
        if request.query_params.get("sel") is not None:
            h = _hex(request, "sel", HEX_PATTERN if get_ruleset(game.ruleset).capabilities.board == "hex"
                     else CELL_PATTERN)
            selected = (h["col"], h["row"])
        engine = self._engine(game)
        seat = game.viewing_seat(request.user)
        asked = request.query_params.get("seat")
        if asked is not None:
            seat = next((s for s in game.seat_of(request.user) if s.name == asked), None)
            if seat is None:
                raise services.NotAPlayer(f"You hold no seat {asked!r} in this game.", game=game)
        name = seat.name if seat is not None else None
        mine = not game.is_over and name in game.deciding_seats
        view = engine.view(name)
        actions = engine.legal_actions(name) if mine else []
        kit = presenter_for(game.ruleset)
        ch = kit.choices(engine, view, actions, selected, general) if mine else Choices()
        return Response(LegalActionsSerializer({
            "version": game.version, "phase": game.phase,
            "phase_label": kit.phase_words(game.phase), "deciding": game.deciding or None,
            "deciding_seats": game.deciding_seats, "seat": name,
            "your_side": side, "your_turn": mine, "actions": actions,
            "your_seats": _seat_actions(game, engine, request.user),
            **choices_body(ch, kit.hand(view, ch) or [])}).data)

    @extend_schema(summary="The events since a version, as I may see them, with the log's words",
                   parameters=[OpenApiParameter("since", int, description="Only actions after this "
                                                "version (default 0: the whole log).")],
                   responses=EventEntrySerializer(many=True))
    @action(detail=True, methods=["get"], filter_backends=[])
    def events(self, request, pk=None):
        game = self.get_object()
        try:
            since = int(request.query_params.get("since", 0))
        except ValueError:
            raise ApiError("invalid", "since: give a version number.",
                           errors=[{"field": "since", "message": "Give a version number."}]) from None
        since = max(0, min(since, game.version))
        page = list(self.paginate_queryset(game_log.pageable(game, since)))
        entries = told_entries(game, scenario_of(self._engine(game)), page, self._seat(game), self._held(game))
        return self.get_paginated_response(EventEntrySerializer(entries, many=True).data)

    @extend_schema(summary="Hexes the piece on a hex may move to now",
                   parameters=[_hex_param("hex", "The piece's hex as col,row, e.g. 12,6.")],
                   responses=ReachableSerializer)
    @action(detail=True, methods=["get"])
    def reachable(self, request, pk=None):
        game = self.get_object()
        h = _hex(request, "hex")
        try:
            hexes = self._preview(game, "reachable")(h)
        except IllegalAction as e:
            raise services.IllegalStep(str(e), game=game) from None
        return Response(ReachableSerializer({"version": game.version, "hex": h, "reachable": hexes}).data)

    @extend_schema(summary="Dice, range, line of sight and modifiers of an attack",
                   parameters=[_hex_param("from", "The attacker's hex as col,row."),
                               _hex_param("to", "The target's hex as col,row.")],
                   responses=AttackPreviewSerializer)
    @action(detail=True, methods=["get"], url_path="attack-preview")
    def attack_preview(self, request, pk=None):
        game = self.get_object()
        a, b = _hex(request, "from"), _hex(request, "to")
        try:
            preview = self._preview(game, "attack_preview")(a, b)
        except IllegalAction as e:
            raise services.IllegalStep(str(e), game=game) from None
        return Response(AttackPreviewSerializer({"version": game.version, **preview}).data)

    @extend_schema(summary="The seed's hash, and the seed once the game is over", responses=SeedSerializer)
    @action(detail=True, methods=["get"])
    def seed(self, request, pk=None):
        game = self.get_object()
        over = game.is_over
        return Response(SeedSerializer({"seed_hash": game.seed_hash,
                                        "seed": (game.secret_seed or str(game.seed)) if over else None,
                                        "engine_seed": str(game.seed) if over else None}).data)

    @extend_schema(summary="One step of the replay of a finished game (0 is the deal)",
                   responses=ReplayStepSerializer)
    @action(detail=True, methods=["get"], url_path=r"replay/(?P<step>[0-9]+)")
    def replay(self, request, pk=None, step=None):
        game = self.get_object()
        if not game.is_over:
            raise ApiError("not_over", "A game can be replayed once it is over.", status.HTTP_409_CONFLICT)
        step = int(step)
        if step > game.version:
            raise ApiError("not_found", f"This game has steps 0 to {game.version}.", status.HTTP_404_NOT_FOUND)
        archie, tracker, kit = archie_in(game.state), None, presenter_for(game.ruleset)
        for index, entry, engine, events in services.rebuild_steps(game):
            raw = game.setup_events if index == 0 else events
            tracker = tracker or kit.tracker(scenario_of(engine))
            said = list(kit.event_lines(raw, None, tracker, archie))     # the log's words follow every step
            if index == step:
                break
        return Response(ReplayStepSerializer({
            "step": step, "last": game.version, "side": entry.side if entry is not None else "",
            "events": [view_event(e, None) for e in raw],
            "lines": [{"type": e["type"], "text": text} for e, text in said], "view": engine.view(None)}).data)

    # -- acting -------------------------------------------------------------------------
    @extend_schema(summary="Play an action, chosen at a version",
                   description="``version`` is the game's version the action was chosen at; if the game "
                               "has moved on, the answer is 409 ``stale_version`` with ``current_version``.",
                   request=SubmitActionSerializer, responses={201: ActedSerializer})
    @action(detail=True, methods=["post"], url_path="actions")
    def submit(self, request, pk=None):
        body = SubmitActionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        acted = self._serve(lambda: services.act(pk, request.user, body.validated_data["action"],
                                                 body.validated_data["version"]), pk)
        return self._acted(acted, status.HTTP_201_CREATED)

    @extend_schema(summary="Claim the game when the opponent's time for a move has run out",
                   request=ClaimSerializer, responses={201: ActedSerializer})
    @action(detail=True, methods=["post"])
    def claim(self, request, pk=None):
        body = ClaimSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        acted = self._serve(lambda: services.claim_timeout(pk, request.user, body.validated_data.get("version")),
                            pk)
        return self._acted(acted, status.HTTP_201_CREATED)

    @extend_schema(summary="Take back my last step of this turn, if it revealed nothing",
                   description="As the page's take-back: refused (409 refused) once a die was rolled, a "
                               "card drawn or shown, or the decision passed to the opponent.",
                   request=UndoSerializer, responses={201: ActedSerializer})
    @action(detail=True, methods=["post"])
    def undo(self, request, pk=None):
        body = UndoSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        acted = self._serve(lambda: services.undo(pk, request.user, body.validated_data["version"]), pk)
        return self._acted(acted, status.HTTP_201_CREATED)

    @extend_schema(summary="Resign this game (the opponent wins it; the match goes on)",
                   request=ResignSerializer, responses={201: ActedSerializer})
    @action(detail=True, methods=["post"])
    def resign(self, request, pk=None):
        body = ResignSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        acted = self._serve(lambda: services.resign(pk, request.user, body.validated_data.get("version")), pk)
        return self._acted(acted, status.HTTP_201_CREATED)

    def _acted(self, acted, code):
        row = acted.game
        held = self._held(row)
        return Response(ActedSerializer({
            "version": row.version, "phase": row.phase, "deciding": row.deciding or None,
            "deciding_seats": row.deciding_seats, "your_turn": row.is_turn_of(self.request.user),
            "events": [seen_by(e, held) for e in acted.events],
            "resignation_pending": acted.pending}).data, status=code)
