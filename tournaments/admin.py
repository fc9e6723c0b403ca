"""Admin of the tournaments app: every model here gets registered, the Annual Games
competition's own models included.

Results are best changed through the organiser console (which keeps the history); the
admin shows the history read-only.
"""
from django.contrib import admin

from .models import (AnniversaryReminder, AnnualGames, AnnualMatch, Club, ClubPreset, Competition, CompetitionScenario,
                     Entry, Membership, Pairing, ResultChange, Round, ScenarioProposal)


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ("user",)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "public", "created")
    prepopulated_fields = {"slug": ("name",)}
    search_fields = ("name",)
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("user", "club", "role", "status", "joined")
    list_filter = ("role", "status", "club")
    raw_id_fields = ("user",)


class CompetitionScenarioInline(admin.TabularInline):
    model = CompetitionScenario
    extra = 0


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    raw_id_fields = ("player",)


@admin.register(Competition)
class CompetitionAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "kind", "knockout_size", "mode", "status", "created")
    list_filter = ("kind", "mode", "status", "club")
    search_fields = ("name",)
    inlines = [CompetitionScenarioInline, EntryInline]


@admin.register(CompetitionScenario)
class CompetitionScenarioAdmin(admin.ModelAdmin):
    list_display = ("competition", "scenario", "position")


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("player", "competition", "seed", "status", "joined_round", "withdrawn_after")
    list_filter = ("status",)
    raw_id_fields = ("player",)


class PairingInline(admin.TabularInline):
    model = Pairing
    extra = 0
    fields = ("table", "home", "away", "mode", "result")
    readonly_fields = fields
    show_change_link = True
    can_delete = False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("__str__", "status", "bracket_size", "deadline", "published")
    list_filter = ("status",)
    inlines = [PairingInline]


class ResultChangeInline(admin.TabularInline):
    model = ResultChange
    extra = 0
    fields = ("created", "actor", "action", "before", "after", "note")
    readonly_fields = fields
    can_delete = False


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    list_display = ("__str__", "mode", "result", "updated")
    list_filter = ("result", "mode")
    raw_id_fields = ("home", "away", "reported_by", "match")
    inlines = [ResultChangeInline]


@admin.register(ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    """Read-only: the history is appended by the services, never edited."""

    list_display = ("__str__", "action", "actor", "created")
    list_filter = ("action",)
    readonly_fields = ("pairing", "actor", "action", "before", "after", "note", "created")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(AnniversaryReminder)
class AnniversaryReminderAdmin(admin.ModelAdmin):
    list_display = ("user", "battle", "year", "kind", "sent")
    list_filter = ("year", "kind")
    search_fields = ("user__username", "user__email")
    list_select_related = ("user",)


@admin.register(AnnualGames)
class AnnualGamesAdmin(admin.ModelAdmin):
    list_display = ("competition", "year", "window_days", "time_zone", "two_player")
    list_filter = ("year", "two_player")
    raw_id_fields = ("competition",)


@admin.register(AnnualMatch)
class AnnualMatchAdmin(admin.ModelAdmin):
    list_display = ("pairing", "played_on")
    raw_id_fields = ("pairing",)


@admin.register(ScenarioProposal)
class ScenarioProposalAdmin(admin.ModelAdmin):
    list_display = ("__str__", "club", "proposer", "status", "created", "decided_at")
    raw_id_fields = ("proposer", "draft", "base", "decided_by", "version")


@admin.register(ClubPreset)
class ClubPresetAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "ruleset", "made_by", "created")
    list_filter = ("club", "ruleset")
    raw_id_fields = ("made_by",)
