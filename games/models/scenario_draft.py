"""A scenario draft: a battle being drawn in the editor by its author, with the history of
its edits (undo and redo), saved at every edit.

Rows here are changed only through :mod:`games.editor.drafts`.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse


class ScenarioDraft(models.Model):
    """One author's draft of a battle, in the scenario file format (docs/scenarios.md).

    ``data`` may be incomplete or wrong while it is drawn: the editor shows the loader's
    problems beside the board. ``cursor`` counts the edits in force: the edits after it were
    undone and come back with redo, until a new edit drops them.
    """

    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="scenario_drafts")
    data = models.JSONField(help_text="The battle in the scenario file format, as drawn so far.")
    base = models.ForeignKey("games.Scenario", null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="drafts",
                             help_text="The published battle this draft corrects, if any.")
    cursor = models.PositiveIntegerField(default=0, help_text="Edits in force (later ones were undone).")
    balance = models.JSONField(null=True, blank=True,
                               help_text="Archie's self-play estimate and the fingerprint of the data it measured.")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return str(self.data.get("name") or "Untitled battle") if isinstance(self.data, dict) else "Draft"

    def get_absolute_url(self) -> str:
        return reverse("editor:draft", args=[self.pk])


class DraftEdit(models.Model):
    """One edit of a draft: for each top-level field it changed, the value before and after
    (``{"terrain": [before, after]}``), so undo and redo restore exactly."""

    draft = models.ForeignKey(ScenarioDraft, on_delete=models.CASCADE, related_name="edits")
    seq = models.PositiveIntegerField(help_text="1 for the draft's first edit, and so on.")
    label = models.CharField(max_length=120, help_text="What the edit did, in words.")
    changes = models.JSONField(help_text="Field name -> [value before, value after].")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["draft", "seq"]
        constraints = [models.UniqueConstraint(fields=["draft", "seq"], name="one_draft_edit_per_seq")]
