"""A battle a club can play: the scenario file, validated by the engine, and the facts
the pages sort and show it by."""
from __future__ import annotations

import datetime as dt
import json
import re
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.db import models

from games.engine import (DEFAULT_RULESET, SIDES, Ruleset, ScenarioError, get_ruleset, load_scenario,
                          load_scenario_as, scenario_formats, scenario_rulesets)

#: The shipped scenario files and the JSON Schema of the format (docs/scenarios.md).
SCENARIO_DIR = Path(__file__).resolve().parent.parent / "scenarios"
SCHEMA_PATH = SCENARIO_DIR / "schema.json"


def default_format() -> str:
    """The scenario format of the default ruleset (that of every shipped scenario)."""
    return get_ruleset(DEFAULT_RULESET).scenario_format


def format_of(data) -> str:
    """The scenario format a file is written in: its ``format`` when that names a format a
    registered ruleset plays, else the default ruleset's (whose files number their format)."""
    declared = data.get("format") if isinstance(data, dict) else None
    if isinstance(declared, str) and declared in scenario_formats():
        return declared
    return default_format()


class ListedScenarios(models.Manager):
    """The scenarios members choose from: every row but the drafts' practice copies."""

    def get_queryset(self):
        return super().get_queryset().filter(practice=False)


class Scenario(models.Model):
    #: The scenario format the file is written in: the rulesets declaring it may play it.
    format = models.CharField(max_length=40, default=default_format,
                              help_text="The scenario format of the file (a ruleset plays one format).")
    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=120)
    subtitle = models.CharField(max_length=120, blank=True,
                                help_text="Tells apart battles of the same name (the day, the action).")
    data = models.JSONField(help_text="The scenario file (docs/scenarios.md), validated on save.")
    date = models.DateField(help_text="The first day of the battle.")
    anniversary = models.PositiveSmallIntegerField(
        help_text="Day of the year (month*100 + day) the battle's anniversary falls on.")
    state = models.CharField(max_length=4, blank=True)
    first_appearance = models.CharField(max_length=60, blank=True)
    annual_number = models.PositiveSmallIntegerField(null=True, blank=True, unique=True)
    layout_source = models.CharField(max_length=20, blank=True)
    club_made = models.BooleanField(default=False)
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="scenarios")
    version = models.PositiveIntegerField(
        default=1, help_text="The published version in force (games keep the version they began with).")
    practice = models.BooleanField(
        default=False, help_text="A draft's copy for practice games: listed nowhere, never published.")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    #: Listed scenarios only; ``every`` also holds the drafts' practice copies.
    objects = ListedScenarios()
    every = models.Manager()

    class Meta:
        ordering = ["date", "name"]
        base_manager_name = "every"

    def __str__(self) -> str:
        """The name, with the subtitle that tells apart battles of the same name
        (``Gettysburg (3rd Day: Pickett's Charge)``)."""
        return f"{self.name} ({self.subtitle})" if self.subtitle else self.name

    def engine_scenario(self):
        """The validated engine scenario, read by the loader of a ruleset playing its format
        (raises ScenarioError for a broken file)."""
        return load_scenario_as(self.format, self.data)

    def playing_rulesets(self) -> list[Ruleset]:
        """The registered rulesets that play this scenario, by name (ScenarioError for a
        broken file)."""
        return scenario_rulesets(self.engine_scenario(), self.format)

    def preview_ruleset(self) -> str:
        """The ruleset a preview of the scenario is dealt under: the default one if it plays
        it, else the first that does (ScenarioError when none does)."""
        names = [r.name for r in self.playing_rulesets()]
        if not names:
            raise ScenarioError(f"format: no ruleset plays scenarios of format {self.format!r}")
        return DEFAULT_RULESET if DEFAULT_RULESET in names else names[0]

    @classmethod
    def playable_under(cls, ruleset: str):
        """The scenarios of the format ``ruleset`` plays (a queryset; ``supports`` is asked
        of each when one is chosen)."""
        return cls.objects.filter(format=get_ruleset(ruleset).scenario_format)

    def fill_from_data(self) -> None:
        """Copy the sortable facts out of ``data`` (call after load_scenario accepted it)."""
        d = self.data
        self.format = format_of(d)
        self.slug = d["slug"]
        self.name = d["name"]
        self.subtitle = d.get("subtitle", "")
        self.date = dt.date.fromisoformat(d["dates"][0])
        self.anniversary = self.date.month * 100 + self.date.day
        self.state = d.get("state", "")
        self.first_appearance = d.get("first_appearance", "")
        self.annual_number = d.get("annual_number")
        self.layout_source = d.get("layout_source", "")

    def next_anniversary(self, today: dt.date) -> dt.date:
        """The next date (today included) on which the battle's anniversary falls."""
        for year in (today.year, today.year + 1, today.year + 2):
            try:
                day = self.date.replace(year=year)
            except ValueError:          # 29 February
                day = dt.date(year, 3, 1)
            if day >= today:
                return day
        raise AssertionError("unreachable")


# ---------------------------------------------------------------------------
# Scenario files: checking one, and writing one out in the shipped layout.

@lru_cache(maxsize=1)
def _schema_validator():
    from jsonschema import Draft202012Validator

    return Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def _path(parts) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


# "units[3] at (4,2).figures: ..." -> "units[3].figures"
_LOADER_PATH = re.compile(r"^([A-Za-z_][\w.\[\]]*?)(?: at \(\d+,\d+\))?((?:\.[\w\[\]]+)*)?:")


_REQUIRED = re.compile(r"^'(.+)' is a required property$")


def scenario_file_errors(data, find_schema_errors=None) -> list[str]:
    """Every problem with a scenario file's data (parsed JSON); ``[]`` when it is good.

    ``find_schema_errors(data)``: the format's JSON Schema errors of ``data`` (objects with
    ``absolute_path``, ``validator`` and ``message``), when the caller has a faster way to
    the same errors (the editor keeps each entry's errors); by default the whole file is
    validated.

    The engine's loader names the field and the hex of each problem; the format's JSON
    Schema adds what the loader does not look at (required fields, unknown fields, types).
    A schema message about a field the loader already complained of is left out.
    """
    if not isinstance(data, dict):
        return ["file: a scenario file is one JSON object ({ ... })"]
    if format_of(data) != default_format():
        return _other_format_errors(data)
    loader_errors: list[str] = []
    try:
        load_scenario(data)
    except ScenarioError as exc:
        loader_errors = list(exc.errors)
    except (TypeError, AttributeError, KeyError, ValueError, IndexError):
        # Shapes the loader does not expect (a number where a list should be...):
        # the schema below says which.
        pass
    seen = set()
    for message in loader_errors:
        m = _LOADER_PATH.match(message)
        if m:
            seen.add(m.group(1) + (m.group(2) or ""))
    schema_errors = []
    missing: dict[str, list[str]] = {}
    found = find_schema_errors(data) if find_schema_errors is not None else _schema_validator().iter_errors(data)
    for err in sorted(found, key=lambda e: list(map(str, e.absolute_path))):
        where = _path(err.absolute_path)
        if err.validator == "required":
            m = _REQUIRED.match(err.message)
            field = m.group(1) if m else None
            parent = where
            if field is not None and _path([*err.absolute_path, field]) not in seen:
                missing.setdefault(parent, []).append(field)
            continue
        if where in seen:
            continue
        message = err.message
        if len(message) > 200:
            message = message[:197] + "..."
        schema_errors.append(f"{where or 'file'}: {message}")
    for parent, fields in missing.items():
        names = ", ".join(fields)
        schema_errors.append(f"{parent or 'file'}: missing field{'s' if len(fields) > 1 else ''} {names}")
    if not loader_errors and not schema_errors:
        # The schema accepted it, so the loader should have too; make sure.
        try:
            load_scenario(data)
        except ScenarioError as exc:        # pragma: no cover - already caught above
            return list(exc.errors)
        except Exception as exc:            # noqa: BLE001 - a file must never crash a page
            return [f"file: the scenario could not be read ({exc.__class__.__name__}: {exc})"]
    return loader_errors + schema_errors


def _other_format_errors(data: dict) -> list[str]:
    """A file of another ruleset's format: its ruleset's loader checks it, and the site
    checks the facts its catalogue lists (slug, name, first date)."""
    problems = []
    if not (isinstance(data.get("slug"), str) and re.fullmatch(r"[-a-zA-Z0-9_]+", data["slug"])):
        problems.append("slug: missing field, or not a slug (letters, digits, - and _)")
    if not isinstance(data.get("name"), str) or not data["name"]:
        problems.append("name: missing field")
    dates = data.get("dates")
    try:
        dt.date.fromisoformat(dates[0] if isinstance(dates, list) and dates else "")
    except (TypeError, ValueError):
        problems.append("dates: a list of days written YYYY-MM-DD")
    try:
        load_scenario_as(format_of(data), data)
    except ScenarioError as exc:
        problems += list(exc.errors)
    except Exception as exc:            # noqa: BLE001 - a file must never crash a page
        problems.append(f"file: the scenario could not be read ({exc.__class__.__name__}: {exc})")
    return problems


_KEY_ORDER = {
    "file": ("format", "slug", "name", "subtitle", "dates", "state", "first_appearance",
             "annual_number", "layout_source", "source_notes", "corrections", "board", "sides",
             "first_side", "terrain", "units", "generals", "flag_tokens", "special_rules",
             "special_rules_text", "historical_note"),
    "sides": SIDES,
    "side": ("position", "commander", "cards", "flags", "territorial"),
    "hex": ("col", "row"),
    "terrain": ("hex", "kind", "sides"),
    "units": ("hex", "side", "kind", "figures", "green", "fresh", "horse", "special"),
    "generals": ("hex", "side", "name"),
    "flag_tokens": ("kind", "hex", "side", "flags", "name"),
    "special_rules": ("rule", "side", "special", "section", "card", "terrain", "range", "dice",
                      "hexes", "groups", "flags_per_hex", "flags", "attack_reduction",
                      "ignore_flags"),
}


def _ordered(value, context: str | None = None):
    """``value`` with the keys of every object in the file's usual order (JSON columns in
    PostgreSQL do not keep the order they were written in)."""
    if isinstance(value, dict):
        order = _KEY_ORDER.get(context or "", ())
        keys = [k for k in order if k in value] + [k for k in value if k not in order]
        if set(value) <= {"col", "row"}:
            keys = [k for k in _KEY_ORDER["hex"] if k in value]
        child = {"file": None, "sides": "side"}.get(context or "")
        return {k: _ordered(value[k], k if context == "file" else child) for k in keys}
    if isinstance(value, list):
        return [_ordered(v, context) for v in value]
    return value


def scenario_file_text(data: dict) -> str:
    """A scenario as file text, laid out like the shipped files: one field per line, one
    terrain tile, unit, general, flag token or rule per line."""
    data = _ordered(data, "file")

    def inline(v) -> str:
        return json.dumps(v, ensure_ascii=False)

    lines = ["{"]
    items = list(data.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if isinstance(value, list) and value and any(isinstance(v, (dict, list)) for v in value):
            lines.append(f"  {inline(key)}: [")
            lines.extend(f"    {inline(v)}{',' if j < len(value) - 1 else ''}"
                         for j, v in enumerate(value))
            lines.append(f"  ]{comma}")
        elif isinstance(value, dict) and value:
            lines.append(f"  {inline(key)}: {{")
            sub = list(value.items())
            lines.extend(f"    {inline(k)}: {inline(v)}{',' if j < len(sub) - 1 else ''}"
                         for j, (k, v) in enumerate(sub))
            lines.append(f"  }}{comma}")
        else:
            lines.append(f"  {inline(key)}: {inline(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"
