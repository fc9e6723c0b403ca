"""URLs of the scenario editor (namespace "editor", under /editor/)."""
from django.urls import path

from games.views import editor

app_name = "editor"

urlpatterns = [
    path("", editor.drafts_page, name="drafts"),
    path("new/", editor.draft_new, name="new"),
    path("open/", editor.draft_import, name="import"),
    path("<int:draft_id>/", editor.editor_page, name="draft"),
    path("<int:draft_id>.json", editor.draft_export, name="export"),
    path("<int:draft_id>/edit/", editor.edit, name="edit"),
    path("<int:draft_id>/undo/", editor.history_step, {"step": "undo"}, name="undo"),
    path("<int:draft_id>/redo/", editor.history_step, {"step": "redo"}, name="redo"),
    path("<int:draft_id>/region/", editor.region, name="region"),
    path("<int:draft_id>/details/", editor.details, name="details"),
    path("<int:draft_id>/delete/", editor.draft_delete, name="delete"),
    path("<int:draft_id>/practice/", editor.practice, name="practice"),
    path("<int:draft_id>/balance/", editor.balance, name="balance"),
]
