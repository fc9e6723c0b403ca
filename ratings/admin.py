"""Admin of the ratings: read-only, since every rating is computed from the stored results
(``manage.py rebuild_ratings`` makes them again after any change of method)."""
from __future__ import annotations

from django.contrib import admin

from ratings.models import Pool, RatedResult, Rating, RatingChange


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Pool)
class PoolAdmin(ReadOnly):
    list_display = ("ruleset", "mode", "last_seq")


@admin.register(RatedResult)
class RatedResultAdmin(ReadOnly):
    list_display = ("key", "pool", "seq", "played", "why", "corrections")
    list_filter = ("pool",)
    raw_id_fields = ("match",)


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ("subject", "kind", "pool", "shown", "games", "last_played")
    list_filter = ("pool", "kind")
    raw_id_fields = ("member",)


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnly):
    list_display = ("subject", "pool", "seq", "number", "played", "shown_before", "shown_after")
    list_filter = ("pool",)
    raw_id_fields = ("member", "result")
