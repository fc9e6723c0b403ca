"""Admin of the games app: every model here gets registered.

Staff members play too, so the admin must never become a way to read what the rules keep
hidden: a game's seed, its state (hands, deck order) and the private parts of its log.
Those fields are left out of every page, and :class:`HidesSecrets` refuses every URL
filter, search and ordering that names one of them, directly or across a relation (a
filter such as ``?seed__lt=...`` answers yes or no and would give the value away).
"""
from __future__ import annotations

from django.contrib import admin
from django.core.exceptions import FieldDoesNotExist
from django.db.models.constants import LOOKUP_SEP

from .models import (BalanceRun, ChatMessage, ChatRead, ChatShare, DraftEdit, Game, GameAction, GameReview, Match,
                     Outbox, PackedLog, Scenario, ScenarioDraft, ScenarioVersion, Seat, TableSeat, TeamChatMessage)

#: The fields no staff member may see, filter, search or order by, per model.
HIDDEN_FIELDS = {
    Game: frozenset({"seed", "secret_seed", "state", "setup_events"}),
    GameAction: frozenset({"action", "events"}),
    PackedLog: frozenset({"data"}),
}


def touches_hidden_field(model, lookup: str) -> bool:
    """Whether a lookup path (``seed__lt``, ``games__state__hands``, ``-seed``) reaches a
    hidden field of any model on its way."""
    for part in lookup.lstrip("-").split(LOOKUP_SEP):
        if part in HIDDEN_FIELDS.get(model, ()):
            return True
        try:
            field = model._meta.get_field(part)
        except FieldDoesNotExist:
            return False
        if not field.is_relation or field.related_model is None:
            return False
        model = field.related_model
    return False


class HidesSecrets:
    """Refuses lookups, searches and orderings on hidden fields (mixed into every admin of
    a model that is a hidden one or leads to one)."""

    def lookup_allowed(self, lookup, value, request=None):
        if touches_hidden_field(self.model, lookup):
            return False
        return super().lookup_allowed(lookup, value, request)

    def get_search_fields(self, request):
        fields = super().get_search_fields(request)
        return [f for f in fields if not touches_hidden_field(self.model, f.lstrip("^=@"))]

    def get_ordering(self, request):
        ordering = super().get_ordering(request) or ()
        return [o for o in ordering if not (isinstance(o, str) and touches_hidden_field(self.model, o))]


@admin.register(ChatMessage)
class ChatMessageAdmin(HidesSecrets, admin.ModelAdmin):
    list_display = ("match", "author", "text", "created")
    search_fields = ("text",)
    raw_id_fields = ("match", "author")


@admin.register(TeamChatMessage)
class TeamChatMessageAdmin(HidesSecrets, admin.ModelAdmin):
    list_display = ("game", "side", "author", "text", "created")
    search_fields = ("text",)
    raw_id_fields = ("game", "author")


@admin.register(TableSeat)
class TableSeatAdmin(HidesSecrets, admin.ModelAdmin):
    """Read-only: the seats of team tables (they change through games.services)."""

    list_display = ("match", "name", "side", "role", "player", "archie_level", "invited")
    readonly_fields = ("match", "position", "name", "side", "role", "player", "archie_level", "invited")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(ChatShare)
class ChatShareAdmin(HidesSecrets, admin.ModelAdmin):
    list_display = ("match", "player", "created")
    raw_id_fields = ("match", "player")


@admin.register(ChatRead)
class ChatReadAdmin(admin.ModelAdmin):
    list_display = ("match", "player", "up_to")
    raw_id_fields = ("match", "player")


@admin.register(Scenario)
class ScenarioAdmin(HidesSecrets, admin.ModelAdmin):
    list_display = ("name", "date", "state", "annual_number", "club_made", "layout_source")
    list_filter = ("club_made", "layout_source", "state")
    search_fields = ("name", "slug")


class SeatInline(admin.TabularInline):
    """Who holds each seat of a game (read-only: seats change through games.services)."""

    model = Seat
    extra = 0
    fields = ("name", "side", "role", "holder", "player", "archie_level")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


class GameInline(admin.TabularInline):
    model = Game
    extra = 0
    fields = ("number", "version", "phase", "deciding", "deadline", "finished_at", "winner_side")
    readonly_fields = fields
    show_change_link = True
    can_delete = False


@admin.register(Match)
class MatchAdmin(HidesSecrets, admin.ModelAdmin):
    list_display = ("__str__", "status", "challenger", "opponent", "deadline_hours", "winner", "updated")
    list_filter = ("status", "decided_by")
    search_fields = ("scenario__name", "challenger__username", "opponent__username")
    raw_id_fields = ("challenger", "opponent", "winner")
    inlines = [GameInline]


@admin.register(Game)
class GameAdmin(HidesSecrets, admin.ModelAdmin):
    """Read-only: games change through games.services only. The seed and the state are
    not shown, so an administrator who also plays cannot peek at hands or decks."""

    list_display = ("__str__", "match", "version", "phase", "deciding", "deadline", "finished_at")
    list_filter = ("phase",)
    exclude = ("seed", "secret_seed", "state", "setup_events")
    inlines = [SeatInline]
    readonly_fields = ("match", "number", "seed_hash",
                       "ruleset", "version", "phase", "deciding", "turn", "deadline", "outcome",
                       "winner_side", "created", "finished_at", "notified_version",
                       "reminded_version", "overdue_version")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Seat)
class SeatAdmin(HidesSecrets, admin.ModelAdmin):
    """Read-only: who holds each seat (seats change through games.services, and a deleted
    member's seats become vacant)."""

    list_display = ("__str__", "game", "name", "side", "holder", "player", "archie_level")
    list_filter = ("holder", "side")
    search_fields = ("player__username",)
    readonly_fields = ("game", "name", "side", "role", "holder", "player", "archie_level")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(PackedLog)
class PackedLogAdmin(HidesSecrets, admin.ModelAdmin):
    """The packed log of a finished game: its size only (the value holds the private draws)."""

    list_display = ("__str__", "actions", "size", "packed")
    exclude = ("data",)
    readonly_fields = ("game", "actions", "size", "packed")

    @admin.display(description="bytes")
    def size(self, obj):
        return len(obj.data)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(GameAction)
class GameActionAdmin(HidesSecrets, admin.ModelAdmin):
    """The log, read-only, by action type only: the events hold the private draws, and an
    action such as keep_card names a card that stays hidden in a hand."""

    list_display = ("__str__", "side", "actor", "created")
    exclude = ("events", "action")
    readonly_fields = ("game", "index", "side", "actor", "action_type", "created")

    @admin.display(description="action")
    def action_type(self, obj):
        return obj.action.get("type", "")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Outbox)
class OutboxAdmin(admin.ModelAdmin):
    """Tasks that could not be handed to the broker yet; the sweep sends them again."""

    list_display = ("task", "args", "created", "attempts", "last_error")
    readonly_fields = ("task", "args", "created", "attempts", "last_error")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(ScenarioDraft)
class ScenarioDraftAdmin(admin.ModelAdmin):
    list_display = ("__str__", "author", "base", "cursor", "updated")
    raw_id_fields = ("author", "base")


@admin.register(DraftEdit)
class DraftEditAdmin(admin.ModelAdmin):
    list_display = ("draft", "seq", "label", "created")
    raw_id_fields = ("draft",)


@admin.register(ScenarioVersion)
class ScenarioVersionAdmin(admin.ModelAdmin):
    list_display = ("scenario", "number", "author", "note", "created")
    raw_id_fields = ("scenario", "author")


@admin.register(GameReview)
class GameReviewAdmin(HidesSecrets, admin.ModelAdmin):
    """Archie's reviews of finished games (docs/review.md), read-only; deleting one lets it
    be asked for again."""

    list_display = ("__str__", "status", "done", "total", "seconds_per_turn", "created", "finished")
    list_filter = ("status",)
    exclude = ("result",)
    readonly_fields = ("game", "status", "done", "total", "seconds_per_turn", "requested_by", "created",
                       "finished")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(BalanceRun)
class BalanceRunAdmin(HidesSecrets, admin.ModelAdmin):
    """Archie's self-play runs on scenarios (docs/review.md), read-only."""

    list_display = ("__str__", "ruleset", "status", "done", "games", "created", "finished")
    list_filter = ("status", "level")
    readonly_fields = ("scenario", "ruleset", "options", "level", "games", "seed", "data_hash", "status",
                       "done", "result", "requested_by", "created", "finished")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
