"""Admin of the games app: every model here gets registered."""
from django.contrib import admin

from .models import Scenario


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):
    list_display = ("name", "date", "state", "annual_number", "club_made", "layout_source")
    list_filter = ("club_made", "layout_source", "state")
    search_fields = ("name", "slug")
