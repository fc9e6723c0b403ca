"""Write a scenario from the database back to a file, in the shipped files' layout.

    python manage.py export_scenario fredericksburg               # to standard output
    python manage.py export_scenario fredericksburg -o fred.json  # to a file
"""
from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.models import Scenario
from games.models.scenario import scenario_file_text


class Command(BaseCommand):
    help = "Write a scenario from the database to a file (or standard output) as scenario JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The scenario's slug, e.g. fredericksburg.")
        parser.add_argument("-o", "--output", help="The file to write (default: standard output).")

    def handle(self, *args, slug, output=None, **options):
        scenario = Scenario.objects.filter(slug=slug).first()
        if scenario is None:
            raise CommandError(f"No scenario with the slug {slug!r}; see python manage.py load_scenarios.")
        text = scenario_file_text(scenario.data)
        if output:
            Path(output).write_text(text, encoding="utf-8")
            self.stdout.write(f"Wrote {scenario.name} ({slug}) to {output}.")
        else:
            self.stdout.write(text, ending="")
