"""Admin of the tournaments app: every model here gets registered."""
from django.contrib import admin

from .models import AnniversaryReminder


@admin.register(AnniversaryReminder)
class AnniversaryReminderAdmin(admin.ModelAdmin):
    list_display = ("user", "battle", "year", "kind", "sent")
    list_filter = ("year", "kind")
    search_fields = ("user__username", "user__email")
    list_select_related = ("user",)
