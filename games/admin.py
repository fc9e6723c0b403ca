"""Admin of the games app: every model here gets registered."""
from django.contrib import admin

from .models import ChatMessage, Game, GameAction, Match, Scenario


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("match", "author", "text", "created")
    search_fields = ("text",)
    raw_id_fields = ("match", "author")


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):
    list_display = ("name", "date", "state", "annual_number", "club_made", "layout_source")
    list_filter = ("club_made", "layout_source", "state")
    search_fields = ("name", "slug")


class GameInline(admin.TabularInline):
    model = Game
    extra = 0
    fields = ("number", "union_player", "confederate_player", "version", "phase", "deciding",
              "deadline", "finished_at", "winner_side")
    readonly_fields = fields
    show_change_link = True
    can_delete = False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("__str__", "status", "challenger", "opponent", "deadline_hours", "winner", "updated")
    list_filter = ("status", "decided_by")
    search_fields = ("scenario__name", "challenger__username", "opponent__username")
    raw_id_fields = ("challenger", "opponent", "winner")
    inlines = [GameInline]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Read-only: games change through games.services only. The seed and the state are
    not shown, so an administrator who also plays cannot peek at hands or decks."""

    list_display = ("__str__", "match", "version", "phase", "deciding", "deadline", "finished_at")
    list_filter = ("phase",)
    exclude = ("seed", "state", "setup_events")
    readonly_fields = ("match", "number", "union_player", "confederate_player", "seed_hash",
                       "ruleset", "version", "phase", "deciding", "turn", "deadline", "outcome",
                       "winner_side", "created", "finished_at", "notified_version",
                       "reminded_version", "overdue_version")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(GameAction)
class GameActionAdmin(admin.ModelAdmin):
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
