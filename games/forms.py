"""Forms of the games app."""
from __future__ import annotations

import json

from django import forms
from django.db import transaction

from games.models import Scenario
from games.models.scenario import scenario_file_errors

MAX_SCENARIO_FILE_BYTES = 200 * 1024
#: Slugs that name pages rather than scenarios.
RESERVED_SLUGS = {"import"}


class ScenarioImportForm(forms.Form):
    """A member's scenario file. Every problem with it is listed at once."""

    file = forms.FileField(
        label="Scenario file",
        help_text="A .json scenario file in the format of the shipped battles, at most 200 KB.",
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.data_read: dict | None = None
        self.existing: Scenario | None = None

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_SCENARIO_FILE_BYTES:
            raise forms.ValidationError(
                f"The file is {upload.size // 1024} KB; a scenario file may be at most 200 KB.")
        raw = upload.read()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError("The file is not UTF-8 text; save it as UTF-8 JSON.")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(
                f"The file is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}.")
        problems = scenario_file_errors(data)
        if problems:
            raise forms.ValidationError(problems)

        slug = data["slug"]
        if slug in RESERVED_SLUGS:
            raise forms.ValidationError(f"slug: {slug!r} is the name of a page; choose another slug.")
        existing = Scenario.objects.filter(slug=slug).first()
        if existing is not None and not (existing.club_made and existing.uploaded_by_id == self.user.pk):
            raise forms.ValidationError(
                f"slug: a scenario with the slug {slug!r} already exists ({existing.name}). "
                f"Only the member who imported a club-made scenario can replace it; give your "
                f"file a slug of its own, e.g. {slug + '-club'!r}.")
        number = data.get("annual_number")
        if number is not None:
            holder = Scenario.objects.filter(annual_number=number).exclude(slug=slug).first()
            if holder is not None:
                raise forms.ValidationError(
                    f"annual_number: {number} belongs to {holder.name} in the Annual Games list; "
                    f"a club-made scenario writes null there.")
        self.data_read = data
        self.existing = existing
        return upload

    @transaction.atomic
    def save(self) -> tuple[Scenario, bool]:
        """Create the club-made scenario, or update the member's own; (scenario, created)."""
        scenario = self.existing or Scenario()
        created = scenario.pk is None
        scenario.data = self.data_read
        scenario.fill_from_data()
        scenario.club_made = True
        scenario.uploaded_by = self.user
        scenario.save()
        return scenario, created
