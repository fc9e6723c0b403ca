"""Admin of the campaigns app: plans (loaded from the files) and campaigns with their battles.

Changes a player would make go through the pages; the admin is for looking and for fixing
names and messages.  Results and battles are read-only here: they follow the games."""
from django.contrib import admin

from campaigns.models import Campaign, CampaignBattle, CampaignMember, CampaignPlan


@admin.register(CampaignPlan)
class CampaignPlanAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "theme", "epic")
    search_fields = ("name", "slug", "theme")
    readonly_fields = ("slug", "data")


class BattleInline(admin.TabularInline):
    model = CampaignBattle
    extra = 0
    can_delete = False
    fields = ("number", "scenario", "match", "dice_due", "union_flags", "confederate_flags",
              "winner_side", "finished")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ("name", "challenger", "opponent", "challenger_side", "archie_level", "ruleset",
                    "status", "winner", "updated")
    list_filter = ("status", "archie_level", "ruleset", "plan")
    search_fields = ("name", "challenger__username", "opponent__username")
    readonly_fields = ("plan", "challenger", "opponent", "challenger_side", "archie_level", "ruleset", "status",
                       "started", "finished", "winner", "decided_by", "created")
    inlines = [BattleInline]


@admin.register(CampaignBattle)
class CampaignBattleAdmin(admin.ModelAdmin):
    list_display = ("campaign", "number", "scenario", "winner_side", "union_flags", "confederate_flags")
    list_select_related = ("campaign", "scenario")
    readonly_fields = ("campaign", "number", "scenario", "match", "dice_due", "union_flags",
                       "confederate_flags", "union_figures", "confederate_figures", "winner_side",
                       "finished")

    def has_add_permission(self, request):
        return False


@admin.register(CampaignMember)
class CampaignMemberAdmin(admin.ModelAdmin):
    """The Major-Generals of Epic campaigns' teams, in order."""

    list_display = ("campaign", "side", "position", "player")
    list_filter = ("side",)
    raw_id_fields = ("campaign", "player")
