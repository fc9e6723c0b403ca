"""Admin of the Annual Games competition's own models (imported by tournaments/admin.py)."""
from django.contrib import admin

from .models import AnnualGames, AnnualMatch


@admin.register(AnnualGames)
class AnnualGamesAdmin(admin.ModelAdmin):
    list_display = ("competition", "year", "window_days", "time_zone", "two_player")
    list_filter = ("year", "two_player")
    raw_id_fields = ("competition",)


@admin.register(AnnualMatch)
class AnnualMatchAdmin(admin.ModelAdmin):
    list_display = ("pairing", "played_on")
    raw_id_fields = ("pairing",)
