"""Serializers of the games API: scenarios, matches, games, and the bodies of requests."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.engine import DEFAULT_RULESET, RULESETS
from games.forms_play import DEADLINE_CHOICES
from games.models import Game, Match, Scenario

from .types import SIDE_CHOICES, ActionField, HexSerializer, action_list, event_list
from .view_types import GameViewSerializer, OutcomeSerializer


def member_name(user) -> str:
    if user is None:
        return ""
    profile = getattr(user, "profile", None)
    return profile.name if profile is not None else user.get_username()


class MemberSerializer(serializers.Serializer):
    username = serializers.CharField(source="get_username")
    name = serializers.SerializerMethodField()

    class Meta:
        ref_name = "Member"

    def get_name(self, user) -> str:
        return member_name(user)


# -- scenarios -----------------------------------------------------------------------------
class ScenarioSerializer(serializers.ModelSerializer):
    subtitle = serializers.SerializerMethodField()
    uploaded_by = serializers.SerializerMethodField()
    url = serializers.HyperlinkedIdentityField(view_name="api-v1:scenario-detail", lookup_field="slug")

    class Meta:
        model = Scenario
        fields = ("slug", "name", "subtitle", "date", "anniversary", "state", "first_appearance",
                  "annual_number", "layout_source", "club_made", "uploaded_by", "url")

    def get_subtitle(self, sc) -> str:
        if hasattr(sc, "subtitle_text"):            # the list annotates it and leaves the file out
            return sc.subtitle_text or ""
        return (sc.data or {}).get("subtitle", "")

    def get_uploaded_by(self, sc) -> str | None:
        return sc.uploaded_by.get_username() if sc.uploaded_by_id else None


class BoardSerializer(serializers.Serializer):
    """The board at the start of the battle: terrain, obstacles, pieces, objectives."""

    terrain = serializers.ListField(child=serializers.DictField())
    obstacles = serializers.ListField(child=serializers.DictField())
    units = serializers.ListField(child=serializers.DictField())
    generals = serializers.ListField(child=serializers.DictField())
    objectives = serializers.ListField(child=serializers.DictField())
    positions = serializers.DictField(child=serializers.CharField())
    flags_needed = serializers.DictField(child=serializers.IntegerField())

    class Meta:
        ref_name = "Board"


class ScenarioDetailSerializer(ScenarioSerializer):
    data = serializers.JSONField(help_text="The scenario file (docs/scenarios.md).")
    board = serializers.SerializerMethodField()
    problems = serializers.SerializerMethodField()

    class Meta(ScenarioSerializer.Meta):
        fields = ScenarioSerializer.Meta.fields + ("data", "board", "problems")

    def _board(self, sc):
        if not hasattr(sc, "_board_cache"):
            from games.engine import Game as EngineGame, ScenarioError
            try:
                view = EngineGame.new(sc.engine_scenario(), seed=0).view(None)
            except ScenarioError as exc:
                sc._board_cache = (None, list(exc.errors))
            else:
                sc._board_cache = ({k: view[k] for k in BoardSerializer().fields}, [])
        return sc._board_cache

    @extend_schema_field(BoardSerializer(allow_null=True))
    def get_board(self, sc):
        return self._board(sc)[0]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_problems(self, sc):
        return self._board(sc)[1]


class ScenarioImportedSerializer(serializers.Serializer):
    created = serializers.BooleanField(help_text="False when the member's own scenario was updated.")
    scenario = ScenarioSerializer()


# -- matches -------------------------------------------------------------------------------
class MatchTermsSerializer(serializers.Serializer):
    """The terms of a challenge or seek (the same choices as the lobby's forms)."""

    scenario = serializers.SlugRelatedField(slug_field="slug", queryset=Scenario.objects.all())
    side = serializers.ChoiceField(choices=Match.SIDE_CHOICES, default="random",
                                   help_text="Your side in game 1; the re-match swaps sides.")
    nightfall = serializers.BooleanField(default=False)
    ruleset = serializers.ChoiceField(choices=sorted(RULESETS), default=DEFAULT_RULESET,
                                      help_text="The rules both games are played under.")
    deadline_hours = serializers.ChoiceField(choices=[h for h, _ in DEADLINE_CHOICES], default=72,
                                             help_text="Hours per move; then the opponent may claim the game.")
    message = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class ChallengeSerializer(MatchTermsSerializer):
    opponent = serializers.SlugRelatedField(
        slug_field="username", queryset=get_user_model().objects.filter(is_active=True),
        help_text="The username of the member challenged.")


class MatchGameSerializer(serializers.ModelSerializer):
    union = MemberSerializer(source="union_player")
    confederate = MemberSerializer(source="confederate_player")
    url = serializers.HyperlinkedIdentityField(view_name="api-v1:game-detail")

    class Meta:
        model = Game
        fields = ("id", "number", "union", "confederate", "version", "phase", "deciding", "turn",
                  "deadline", "winner_side", "finished_at", "url")


class MatchSerializer(serializers.ModelSerializer):
    scenario = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    challenger = MemberSerializer()
    opponent = MemberSerializer(allow_null=True)
    winner = MemberSerializer(allow_null=True)
    games = MatchGameSerializer(many=True)
    nightfall = serializers.BooleanField()
    url = serializers.HyperlinkedIdentityField(view_name="api-v1:match-detail")

    class Meta:
        model = Match
        fields = ("id", "status", "scenario", "challenger", "opponent", "challenger_side", "nightfall",
                  "ruleset", "deadline_hours", "message", "created", "started", "finished", "winner",
                  "challenger_flags", "opponent_flags", "challenger_figures", "opponent_figures",
                  "decided_by", "tie_rolls", "games", "url")


# -- games ---------------------------------------------------------------------------------
class GameSummarySerializer(serializers.ModelSerializer):
    """A game in a list: who plays, whose decision, and for the requester ``your_turn``."""

    scenario = serializers.SlugRelatedField(source="match.scenario", slug_field="slug", read_only=True)
    union = MemberSerializer(source="union_player")
    confederate = MemberSerializer(source="confederate_player")
    your_side = serializers.SerializerMethodField()
    your_turn = serializers.SerializerMethodField()
    url = serializers.HyperlinkedIdentityField(view_name="api-v1:game-detail")

    class Meta:
        model = Game
        fields = ("id", "match", "number", "scenario", "union", "confederate", "your_side", "your_turn",
                  "version", "phase", "deciding", "turn", "deadline", "winner_side", "finished_at",
                  "seed_hash", "url")

    @extend_schema_field(serializers.ChoiceField(choices=SIDE_CHOICES, allow_null=True))
    def get_your_side(self, game):
        return game.side_of(self.context["request"].user)

    def get_your_turn(self, game) -> bool:
        side = game.side_of(self.context["request"].user)
        return bool(side) and game.deciding == side and not game.is_over


class GameDetailSerializer(GameSummarySerializer):
    """One game as the requester may see it."""

    seed = serializers.SerializerMethodField()
    outcome = OutcomeSerializer(allow_null=True)
    view = serializers.SerializerMethodField()

    class Meta(GameSummarySerializer.Meta):
        fields = GameSummarySerializer.Meta.fields + ("seed", "outcome", "view")

    @extend_schema_field(serializers.CharField(allow_null=True, help_text="Revealed when the game is over."))
    def get_seed(self, game):
        return (game.secret_seed or str(game.seed)) if game.is_over else None

    @extend_schema_field(GameViewSerializer)
    def get_view(self, game):
        return self.context["view_of"](game)


class LegalActionsSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="Send this version with the action.")
    phase = serializers.CharField()
    deciding = serializers.ChoiceField(choices=SIDE_CHOICES, allow_null=True)
    your_side = serializers.ChoiceField(choices=SIDE_CHOICES, allow_null=True)
    your_turn = serializers.BooleanField()
    actions = action_list()


class SubmitActionSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=0, help_text="The version the action was chosen at.")
    action = ActionField()

    class Meta:
        ref_name = "SubmitAction"

    def validate_action(self, value):
        if not isinstance(value, dict) or not isinstance(value.get("type"), str):
            raise serializers.ValidationError("An action is an object with a 'type'.")
        return value


class ActedSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="The game's version after the action.")
    phase = serializers.CharField()
    deciding = serializers.ChoiceField(choices=SIDE_CHOICES, allow_null=True)
    your_turn = serializers.BooleanField()
    events = event_list()


class ClaimSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=0, required=False)


class EventEntrySerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="The version this action produced.")
    side = serializers.CharField(help_text="The side that acted; blank for the site (Nightfall, a claim).")
    created = serializers.DateTimeField()
    events = event_list()


class ReachableSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    hex = HexSerializer()
    reachable = HexSerializer(many=True)


class AttackPreviewSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    dice = serializers.IntegerField()
    distance = serializers.IntegerField(allow_null=True)
    los = serializers.BooleanField()
    allowed = serializers.BooleanField()
    melee = serializers.BooleanField(required=False)
    reason = serializers.CharField(required=False, allow_blank=True, allow_null=True)
    modifiers = serializers.ListField(child=serializers.DictField(), required=False)


class ReplayStepSerializer(serializers.Serializer):
    step = serializers.IntegerField()
    last = serializers.IntegerField()
    side = serializers.CharField(help_text="Who took the step; blank for the deal and the site.")
    events = event_list()
    view = GameViewSerializer()


class SeedSerializer(serializers.Serializer):
    seed_hash = serializers.CharField(help_text="sha256 of the seed's text, shown from the start.")
    seed = serializers.CharField(
        allow_null=True,
        help_text="The committed seed once the game is over: the 128-bit secret seed in hex (or, for "
                  "older games, the engine seed's decimal digits); its sha256 is seed_hash.")
    engine_seed = serializers.CharField(
        allow_null=True,
        help_text="The engine's seed once the game is over: the first 8 bytes of "
                  "sha256('battlecry-engine-seed:' + seed), big-endian, shifted right by one bit.")
