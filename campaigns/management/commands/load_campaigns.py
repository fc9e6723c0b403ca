"""Load or update the campaign files into the database (safe to run again and again).

    python manage.py load_campaigns                  # every campaigns/campaigns/*.json
    python manage.py load_campaigns my-campaign.json

Run after ``load_scenarios``: every battle a file names must be a loaded scenario. If any
file is wrong, nothing is written and the command exits non-zero.
"""
from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from campaigns.files import campaign_files, read_campaign
from campaigns.models import CampaignPlan
from games.models import Scenario


class Command(BaseCommand):
    help = "Load or update the campaign files (default: every campaigns/campaigns/*.json)."

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="*", help="Campaign files or folders of them.")

    def handle(self, *args, paths=(), verbosity=1, **options):
        try:
            files = campaign_files(paths)
        except FileNotFoundError as exc:
            raise CommandError(str(exc)) from None
        scenarios = dict(Scenario.objects.values_list("slug", "data"))
        errors: list[str] = []
        wanted: dict[str, dict] = {}
        for path in files:
            data, problems = read_campaign(path, scenarios)
            if problems:
                errors.extend(problems)
            elif data["slug"] in wanted:
                errors.append(f"{path.name}: slug: {data['slug']!r} is used by another file")
            else:
                wanted[data["slug"]] = data
        if errors:
            raise CommandError("\n".join(errors) + f"\n{len(errors)} problem(s) found; nothing was loaded.")
        added = updated = unchanged = 0
        with transaction.atomic():
            existing = {p.slug: p for p in CampaignPlan.objects.filter(slug__in=list(wanted))}
            for slug, data in wanted.items():
                fields = {"name": data["name"], "theme": data["theme"], "data": data}
                old = existing.get(slug)
                if old is None:
                    CampaignPlan.objects.create(slug=slug, **fields)
                    added += 1
                elif any(getattr(old, k) != v for k, v in fields.items()):
                    for k, v in fields.items():
                        setattr(old, k, v)
                    old.save()
                    updated += 1
                else:
                    unchanged += 1
        if verbosity >= 1:
            self.stdout.write(f"Campaigns: {len(files)} file(s) read, {added} added, {updated} updated, "
                              f"{unchanged} unchanged.")
