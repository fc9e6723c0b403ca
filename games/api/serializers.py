"""Serializers of the games API: scenarios, matches, games, and the bodies of requests."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from games.api.rulesets import RulesetChoiceField
from games.engine import Game as EngineGame, ScenarioError, other
from games import services
from games.forms_play import DEADLINE_CHOICES
from games.models import Game, Match, Scenario, ScenarioVersion, Seat
from games.presentation.kits import presenter_for

from .options import LegacyOptionField, legacy_field, options_field
from .types import SIDE_CHOICES, ActionField, CellSerializer, HexSerializer, action_list, event_list
from .view_types import OutcomeSerializer, ViewField, any_view


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


class SeatSerializer(serializers.Serializer):
    """One seat of a game and who holds it: a member, Archie (at a level), or nobody."""

    name = serializers.CharField()
    side = serializers.ChoiceField(choices=SIDE_CHOICES)
    role = serializers.CharField()
    holder = serializers.ChoiceField(choices=Seat.Holder.choices)
    member = MemberSerializer(source="player", allow_null=True)
    archie_level = serializers.CharField()

    class Meta:
        ref_name = "Seat"


class SeatedGameMixin(serializers.Serializer):
    """``seats``, and the holders of the Union and Confederate seats as ``union`` and
    ``confederate`` (derived, read-only: kept for the clients written before seats)."""

    seats = serializers.SerializerMethodField()
    union = serializers.SerializerMethodField()
    confederate = serializers.SerializerMethodField()

    @extend_schema_field(SeatSerializer(many=True))
    def get_seats(self, game):
        return SeatSerializer(game.seat_rows(), many=True).data

    @extend_schema_field(MemberSerializer(allow_null=True))
    def get_union(self, game):
        player = game.player_of("union")
        return MemberSerializer(player).data if player is not None else None

    @extend_schema_field(MemberSerializer(allow_null=True))
    def get_confederate(self, game):
        player = game.player_of("confederate")
        return MemberSerializer(player).data if player is not None else None


# -- scenarios -----------------------------------------------------------------------------
class ScenarioSerializer(serializers.ModelSerializer):
    subtitle = serializers.SerializerMethodField()
    uploaded_by = serializers.SerializerMethodField()
    url = serializers.HyperlinkedIdentityField(view_name="api-v1:scenario-detail", lookup_field="slug")

    class Meta:
        model = Scenario
        fields = ("slug", "name", "format", "subtitle", "date", "anniversary", "state", "first_appearance",
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


class RulesetBoardSerializer(serializers.Serializer):
    """The board at the start of a game on a board of its own, in the shape its kind
    documents (e.g. square: width, height, cells, pieces)."""

    kind = serializers.CharField(help_text="The board kind, whose renderer documents the rest.")

    class Meta:
        ref_name = "RulesetBoard"


def _start_board(view: dict, ruleset: str) -> dict:
    """A Battle Cry view's board fields; any other view's board as its kit gives it."""
    fields = BoardSerializer().fields
    if all(k in view for k in fields):
        return {k: view[k] for k in fields}
    return dict(presenter_for(ruleset).board(view))


class ScenarioDetailSerializer(ScenarioSerializer):
    data = serializers.JSONField(help_text="The scenario file (docs/scenarios.md).")
    board = serializers.SerializerMethodField()
    problems = serializers.SerializerMethodField()

    class Meta(ScenarioSerializer.Meta):
        fields = ScenarioSerializer.Meta.fields + ("data", "board", "problems")

    def _board(self, sc):
        if not hasattr(sc, "_board_cache"):
            try:
                ruleset = sc.preview_ruleset()
                view = EngineGame.new(sc.engine_scenario(), ruleset=ruleset, seed=0).view(None)
            except ScenarioError as exc:
                sc._board_cache = (None, list(exc.errors))
            else:
                sc._board_cache = (_start_board(view, ruleset), [])
        return sc._board_cache

    @extend_schema_field(PolymorphicProxySerializer(
        component_name="ScenarioBoard", serializers=[BoardSerializer, RulesetBoardSerializer],
        resource_type_field_name=None, allow_null=True))
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
    options = options_field("match")
    nightfall = legacy_field()
    ruleset = RulesetChoiceField(help_text="The rules both games are played under.")
    deadline_hours = serializers.ChoiceField(choices=[h for h, _ in DEADLINE_CHOICES], default=72,
                                             help_text="Hours per move; then the opponent may claim the game.")
    message = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    friendly = serializers.BooleanField(default=False, help_text="A friendly: neither game is rated.")


class SoloSerializer(serializers.Serializer):
    """A solo match against Archie: the same choices as the solo page."""

    scenario = serializers.SlugRelatedField(slug_field="slug", queryset=Scenario.objects.all(),
                                            help_text="You are its first player in game 1 and the "
                                                      "second player in the re-match.")
    level = serializers.ChoiceField(choices=[c for c, _ in Match._meta.get_field("archie_level").choices],
                                    default="veteran", help_text="Archie's level.")
    ruleset = RulesetChoiceField(help_text="The rules both games are played under.")
    options = options_field("solo")
    nightfall = legacy_field()


class ArchieLevelSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    blurb = serializers.CharField()

    class Meta:
        ref_name = "ArchieLevel"


class ChallengeSerializer(MatchTermsSerializer):
    opponent = serializers.SlugRelatedField(
        slug_field="username", queryset=get_user_model().objects.filter(is_active=True),
        help_text="The username of the member challenged.")


class ArchieSerializer(serializers.Serializer):
    """Archie, the computer opponent, in a solo game."""

    side = serializers.ChoiceField(choices=SIDE_CHOICES, help_text="The side Archie plays.")
    level = serializers.ChoiceField(choices=Match._meta.get_field("archie_level").choices, allow_blank=True)
    thinking = serializers.BooleanField(help_text="The decision now is Archie's: it is thinking.")
    stuck = serializers.BooleanField(help_text="Archie's decision has waited over a minute: no worker "
                                               "seems to be answering (the page says so too).")

    class Meta:
        ref_name = "Archie"


def archie_of(game) -> dict | None:
    side = services.archie_side(game)
    if side is None:
        return None
    return {"side": side, "level": game.match.archie_level, "thinking": services.archie_to_decide(game),
            "stuck": services.archie_stuck(game)}


class MatchGameSerializer(SeatedGameMixin, serializers.ModelSerializer):
    archie = serializers.SerializerMethodField()
    url = serializers.HyperlinkedIdentityField(view_name="api-v1:game-detail")

    class Meta:
        model = Game
        fields = ("id", "number", "seats", "union", "confederate", "version", "phase", "deciding", "turn",
                  "deadline", "winner_side", "finished_at", "archie", "url")

    @extend_schema_field(ArchieSerializer(allow_null=True))
    def get_archie(self, game):
        return archie_of(game)


class TeamSerializer(serializers.Serializer):
    """One team of a team match, named by the side it played in game 1."""

    side = serializers.ChoiceField(choices=SIDE_CHOICES, help_text="The team's side in game 1.")
    members = MemberSerializer(many=True)
    flags = serializers.IntegerField(allow_null=True, help_text="Its flags over both games (once over).")
    won = serializers.BooleanField(help_text="The team won the match (each of its members wins it).")

    class Meta:
        ref_name = "Team"


class MatchSerializer(serializers.ModelSerializer):
    scenario = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    challenger = MemberSerializer(allow_null=True)          # null once the member left the club
    opponent = MemberSerializer(allow_null=True)
    winner = MemberSerializer(allow_null=True)
    games = MatchGameSerializer(many=True)
    options = serializers.SerializerMethodField()
    nightfall = LegacyOptionField()
    url = serializers.HyperlinkedIdentityField(view_name="api-v1:match-detail")

    team = serializers.BooleanField(read_only=True, help_text="A team match (several members a side).")
    teams = serializers.SerializerMethodField()

    class Meta:
        model = Match
        fields = ("id", "status", "scenario", "challenger", "opponent", "challenger_side", "options",
                  "nightfall", "ruleset", "archie_level", "deadline_hours", "message", "friendly", "created",
                  "started",
                  "finished", "winner",
                  "challenger_flags", "opponent_flags", "challenger_figures", "opponent_figures",
                  "decided_by", "tie_rolls", "team", "winning_team", "teams", "games", "url")

    @extend_schema_field(TeamSerializer(many=True, allow_null=True))
    def get_teams(self, match):
        """A team match's two teams (null for a match between two members)."""
        if not match.team:
            return None
        first = match.challenger_side
        second = other(first)
        flags = {first: match.challenger_flags, second: match.opponent_flags}
        return [{"side": side, "members": MemberSerializer(match.team_members(side), many=True).data,
                 "flags": flags[side], "won": match.winning_team == side}
                for side in (first, second)]

    @extend_schema_field(serializers.DictField(help_text="The options members chose, by name."))
    def get_options(self, match):
        return {o["name"]: match.options[o["name"]] for o in match.options_in_force}


# -- games ---------------------------------------------------------------------------------
class SeatActionsSerializer(serializers.Serializer):
    """The legal actions of one seat the requester holds among those deciding now."""

    seat = serializers.CharField()
    actions = action_list()

    class Meta:
        ref_name = "SeatActions"


class GameSummarySerializer(SeatedGameMixin, serializers.ModelSerializer):
    """A game in a list: who plays, whose decision, and for the requester ``your_turn``."""

    scenario = serializers.SlugRelatedField(source="match.scenario", slug_field="slug", read_only=True)
    your_side = serializers.SerializerMethodField()
    your_turn = serializers.SerializerMethodField()
    archie = serializers.SerializerMethodField()
    url = serializers.HyperlinkedIdentityField(view_name="api-v1:game-detail")
    deciding_seats = serializers.ListField(
        child=serializers.CharField(), read_only=True,
        help_text="Every seat that may act now, ``deciding`` first: several while seats act at "
                  "the same time (Grand Battle Cry's Field Generals moving), else one or none.")

    class Meta:
        model = Game
        fields = ("id", "match", "number", "scenario", "seats", "union", "confederate", "your_side", "your_turn",
                  "version", "phase", "deciding", "deciding_seats", "turn", "deadline", "winner_side",
                  "finished_at", "seed_hash", "archie", "url")

    @extend_schema_field(ArchieSerializer(allow_null=True))
    def get_archie(self, game):
        return archie_of(game)

    @extend_schema_field(serializers.ChoiceField(choices=SIDE_CHOICES, allow_null=True))
    def get_your_side(self, game):
        return game.side_of(self.context["request"].user)

    def get_your_turn(self, game) -> bool:
        return game.is_turn_of(self.context["request"].user)


class GameDetailSerializer(GameSummarySerializer):
    """One game as the requester may see it."""

    seed = serializers.SerializerMethodField()
    outcome = OutcomeSerializer(allow_null=True)
    view = serializers.SerializerMethodField()
    your_actions = serializers.SerializerMethodField()

    class Meta(GameSummarySerializer.Meta):
        fields = GameSummarySerializer.Meta.fields + ("seed", "outcome", "view", "your_actions")

    @extend_schema_field(SeatActionsSerializer(many=True))
    def get_your_actions(self, game):
        return self.context["actions_of"](game)

    @extend_schema_field(serializers.CharField(allow_null=True, help_text="Revealed when the game is over."))
    def get_seed(self, game):
        return (game.secret_seed or str(game.seed)) if game.is_over else None

    @extend_schema_field(any_view())
    def get_view(self, game):
        return self.context["view_of"](game)


class ChoiceButtonSerializer(serializers.Serializer):
    """A button of the game page: an action to send, or a piece to select first."""

    label = serializers.CharField(help_text="The page's words, e.g. 'To F7 (woods)'.")
    action = ActionField(allow_null=True, required=False,
                         help_text="The action this button sends; null for a 'Select' button.")
    select = CellSerializer(allow_null=True, required=False,
                            help_text="The piece this button selects (ask again with ?sel=col,row).")
    general = serializers.BooleanField(help_text="The selected piece is the general on that hex.")
    ends = serializers.BooleanField(help_text="A button that ends a step (e.g. 'End the turn and draw').")

    class Meta:
        ref_name = "ChoiceButton"


class ChoiceGroupSerializer(serializers.Serializer):
    title = serializers.CharField()
    buttons = ChoiceButtonSerializer(many=True)

    class Meta:
        ref_name = "ChoiceGroup"


class HandCardSerializer(serializers.Serializer):
    card = serializers.CharField(help_text="The copy id, as in the action.")
    name = serializers.CharField()
    text = serializers.CharField()
    buttons = ChoiceButtonSerializer(many=True, help_text="What may be done with this card now.")

    class Meta:
        ref_name = "HandCard"


class LegalActionsSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="Send this version with the action.")
    phase = serializers.CharField()
    phase_label = serializers.CharField(help_text="The phase in the page's words.")
    deciding = serializers.CharField(allow_null=True, help_text="The seat whose decision it is now (a side's name when the rules seat one player a side).")
    your_side = serializers.ChoiceField(choices=SIDE_CHOICES, allow_null=True)
    your_turn = serializers.BooleanField()
    deciding_seats = serializers.ListField(
        child=serializers.CharField(),
        help_text="Every seat that may act now, ``deciding`` first (several while seats act at "
                  "the same time).")
    seat = serializers.CharField(allow_null=True, help_text="The seat of yours these actions, "
                                 "words and buttons are for (choose another with ?seat=).")
    actions = action_list()
    your_seats = SeatActionsSerializer(many=True, help_text="The legal actions of each seat you "
                                       "hold among those deciding now; any of them may be sent.")
    prompt = serializers.CharField(allow_blank=True, help_text="What the page asks you to do now.")
    groups = ChoiceGroupSerializer(many=True, help_text="The page's buttons, with their labels. A "
                                   "piece's moves or targets are listed once it is selected (?sel=).")
    hand = HandCardSerializer(many=True, help_text="Your hand, each card with its buttons.")


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
    deciding = serializers.CharField(allow_null=True, help_text="The seat whose decision it is now.")
    deciding_seats = serializers.ListField(
        child=serializers.CharField(), help_text="Every seat that may act now, ``deciding`` first.")
    your_turn = serializers.BooleanField()
    events = event_list()
    resignation_pending = serializers.BooleanField(
        default=False, help_text="A team game: your consent to resign is recorded; your team resigns "
                                 "once every member of it agrees.")


class ClaimSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=0, required=False)


class UndoSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=0, help_text="The game's version now (after the step "
                                                              "to take back).")


class ResignSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=0, required=False)
    confirm = serializers.BooleanField(help_text="Must be true, as the page's confirmation box.")

    def validate_confirm(self, value):
        if value is not True:
            raise serializers.ValidationError("Confirm that you resign this game (true).")
        return value


class ChatMessageSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    author = MemberSerializer()
    own = serializers.BooleanField(help_text="Written by you.")
    text = serializers.CharField(help_text="Plain text: escape it before showing it in HTML.")
    created = serializers.DateTimeField()

    class Meta:
        ref_name = "ChatMessage"


class ChatPostSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=2000, help_text="The message (the service sets the limit).")


class LogLineSerializer(serializers.Serializer):
    type = serializers.CharField(help_text="The type of the event told.")
    text = serializers.CharField(help_text="The game log's sentence, as the page shows it.")

    class Meta:
        ref_name = "LogLine"


class EventEntrySerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="The version this action produced.")
    side = serializers.CharField(help_text="The side that acted; blank for the site (Nightfall, a claim).")
    created = serializers.DateTimeField()
    events = event_list()
    lines = LogLineSerializer(many=True, help_text="The game log's lines for these events.")
    taken_back = serializers.BooleanField(help_text="A later take-back removed this step from the log.")


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
    lines = LogLineSerializer(many=True, help_text="The replay page's log lines for this step.")
    view = ViewField(help_text="The game as a spectator sees it after this step.")


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


class ScenarioVersionSerializer(serializers.ModelSerializer):
    """A published version of a scenario, with its file and Archie's balance estimate if measured."""

    author = serializers.SlugRelatedField(slug_field="username", read_only=True)

    class Meta:
        model = ScenarioVersion
        fields = ["number", "author", "note", "created", "balance", "data"]
