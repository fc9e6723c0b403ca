"""Forms of the games app."""
from __future__ import annotations

from django import forms
from django.db import transaction

from battlecry_site import untrusted_json
from games.models import Scenario
from games.models.scenario import scenario_file_errors

MAX_SCENARIO_FILE_BYTES = 200 * 1024
#: Slugs that name pages rather than scenarios.
RESERVED_SLUGS = {"import"}


#: File fields copied into columns of their own (Scenario.fill_from_data), whose width they must fit.
COLUMN_FIELDS = ("slug", "name", "state", "first_appearance", "layout_source")


def _too_long(data) -> list[str]:
    if not isinstance(data, dict):
        return []
    problems = []
    for name in COLUMN_FIELDS:
        value, limit = data.get(name), Scenario._meta.get_field(name).max_length
        if isinstance(value, str) and len(value) > limit:
            problems.append(f"{name}: at most {limit} characters (this one has {len(value)})")
    return problems


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
            data = untrusted_json.loads(text)
        except untrusted_json.UnsafeJSON as exc:
            raise forms.ValidationError(f"The file {exc}")
        problems = scenario_file_errors(data) + _too_long(data)
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
