"""Load or update the scenario files into the database (safe to run again and again).

    python manage.py load_scenarios                 # every games/scenarios/*.json (and */*.json)
    python manage.py load_scenarios my-battle.json  # given files or folders

A folder's subfolders hold the files of other scenario formats, one folder a format
(games/scenarios/mb1961/: the 1961 game's map); their files are read with the folder's own.

Every file is checked first (the format's schema and the engine's loader, which name the
field and the hex of each problem); if any file is wrong, nothing is written and the command
exits non-zero. A file whose scenario is already in the database unchanged changes nothing.

A file whose battle changed since it was loaded becomes the scenario's next version
(``ScenarioVersion``; the version loaded before is kept whole, as the first when the row had
none): new games are dealt the new version, and games begun on the old one keep it (each
game records its version and holds its data in its state), so their replays stay exact.
"""
from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from games.models import Scenario, ScenarioVersion
from games.models.scenario import SCENARIO_DIR, scenario_file_errors

#: The fields a file decides; a row whose fields all match its file is left alone.
FILE_FIELDS = ("name", "data", "date", "anniversary", "state", "first_appearance",
               "annual_number", "layout_source", "club_made", "uploaded_by_id")


def scenario_files(paths) -> list[Path]:
    """The .json scenario files among ``paths`` (files, or folders with their subfolders'
    files), schema.json left out."""
    files: list[Path] = []
    for raw in paths or [SCENARIO_DIR]:
        path = Path(raw)
        if path.is_dir():
            files.extend(p for p in sorted(path.glob("*.json")) + sorted(path.glob("*/*.json"))
                         if p.name != "schema.json")
        elif path.is_file():
            files.append(path)
        else:
            raise CommandError(f"{raw}: no such file or folder")
    return files


def read_file(path: Path) -> tuple[dict | None, list[str]]:
    """The file's data and its problems, each prefixed with the file's name."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        return None, [f"{path.name}: the file is not UTF-8 text"]
    except json.JSONDecodeError as exc:
        return None, [f"{path.name}: not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"]
    problems = scenario_file_errors(data)
    if not problems and data["slug"] != path.stem:
        problems.append(f"slug: {data['slug']!r} must be the file's name without .json ({path.stem!r})")
    return data, [f"{path.name}: {p}" for p in problems]


class Command(BaseCommand):
    help = ("Load or update the scenario files (default: every games/scenarios/*.json and "
            "*/*.json) into the database.")

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="*",
                            help="Scenario files or folders of them (default: games/scenarios/).")

    def handle(self, *args, paths=(), verbosity=1, **options):
        files = scenario_files(paths)
        errors: list[str] = []
        wanted: dict[str, Scenario] = {}
        where: dict[str, str] = {}
        numbers: dict[int, str] = {}
        for path in files:
            data, problems = read_file(path)
            if problems:
                errors.extend(problems)
                continue
            slug = data["slug"]
            if slug in wanted:
                errors.append(f"{path.name}: slug: {slug!r} is also the slug of {where[slug]}")
                continue
            number = data.get("annual_number")
            if number is not None:
                if number in numbers:
                    errors.append(f"{path.name}: annual_number: {number} is also used by {numbers[number]}")
                    continue
                numbers[number] = path.name
            row = Scenario(data=data, club_made=False, uploaded_by=None)
            row.fill_from_data()
            wanted[slug] = row
            where[slug] = path.name

        existing = {s.slug: s for s in Scenario.objects.filter(slug__in=list(wanted))}
        for slug, row in wanted.items():
            old = existing.get(slug)
            if old is not None and old.club_made:
                errors.append(f"{where[slug]}: slug: {slug!r} belongs to a club-made scenario "
                              f"({old.name}); rename one of them")
        taken = {s.annual_number: s.slug for s in Scenario.objects.filter(
            annual_number__in=list(numbers)).exclude(slug__in=list(wanted))}
        for number, slug in sorted(taken.items()):
            errors.append(f"{numbers[number]}: annual_number: {number} already belongs to the "
                          f"scenario {slug!r} in the database")
        if errors:
            raise CommandError("\n".join(errors) + f"\n{len(errors)} problem(s) found; nothing was loaded.")

        added, updated, unchanged = [], [], []
        with transaction.atomic():
            changed, versions = [], []
            for slug, row in wanted.items():
                old = existing.get(slug)
                if old is None:
                    added.append(row)
                elif any(getattr(old, f) != getattr(row, f) for f in FILE_FIELDS):
                    if old.data != row.data:
                        versions.append(_next_version(old, row.data, where[slug]))
                    for f in FILE_FIELDS:
                        setattr(old, f, getattr(row, f))
                    changed.append(old)
                else:
                    unchanged.append(old)
            # Annual numbers are unique: free the numbers of the rows about to change first.
            moving = [s.pk for s in changed]
            if moving:
                Scenario.objects.filter(pk__in=moving).update(annual_number=None)
            for row in changed:
                row.save()
                updated.append(row)
            for row in added:
                row.save()
                versions.append(ScenarioVersion(scenario=row, number=row.version, data=row.data,
                                                note=f"Loaded from {where[row.slug]}."))
            ScenarioVersion.objects.bulk_create(versions)
        if verbosity >= 2:
            for label, rows in (("added", added), ("updated", updated)):
                for row in rows:
                    self.stdout.write(f"  {label}: {row.slug} ({row.name}), version {row.version}")
        if verbosity >= 1:
            self.stdout.write(
                f"Scenarios: {len(files)} file(s) read, {len(added)} added, {len(updated)} updated, "
                f"{len(unchanged)} unchanged."
            )


def _next_version(old: Scenario, data: dict, file_name: str) -> ScenarioVersion:
    """The version ``data`` becomes for the row ``old`` (whose ``version`` moves to it). The
    data loaded before is kept as a version first when the row has none yet (loaded before
    versions were kept)."""
    last = old.versions.order_by("-number").values_list("number", flat=True).first()
    if last is None:
        ScenarioVersion.objects.create(scenario=old, number=old.version, data=old.data,
                                       note="As loaded before.")
        last = old.version
    old.version = last + 1
    return ScenarioVersion(scenario=old, number=old.version, data=data,
                           note=f"Loaded from {file_name}, changed since version {last}.")
