"""Work out every rating again from the stored results (after a change of method, or to
check): ``manage.py rebuild_ratings``; ``--backfill`` first records the finished matches
and settled league results that have no stored result yet, oldest first."""
from __future__ import annotations

from django.core.management.base import BaseCommand

from ratings import backfill, services


class Command(BaseCommand):
    help = "Rebuild every rating from the stored results (the same numbers every time)."

    def add_arguments(self, parser):
        parser.add_argument("--backfill", action="store_true",
                            help="First record finished results that were never recorded.")

    def handle(self, *args, **options):
        if options.get("backfill"):
            added = backfill.record_missing()
            self.stdout.write(f"Recorded {added} results that had none.")
        written = services.rebuild()
        self.stdout.write(f"Rebuilt: {written} rating changes.")
