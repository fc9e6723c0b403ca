"""Pack the logs of finished games still kept as one row per action (safe to run again).

    python manage.py pack_logs              # every finished game not packed yet
    python manage.py pack_logs --limit 500  # at most that many games this run

Games pack their own log when they end (the task ``games.pack_log``); this packs the games
that ended before the packed logs existed, or whose task was lost.  See games/game_log.py.
"""
from __future__ import annotations

from django.core.management.base import BaseCommand

from games import game_log
from games.models import Game


class Command(BaseCommand):
    help = "Pack the action rows of finished games into one compressed log per game."

    def add_arguments(self, parser):
        parser.add_argument("--limit", type=int, default=0, help="At most this many games (0: all).")

    def handle(self, *args, limit=0, **options):
        todo = (Game.objects.filter(finished_at__isnull=False, packed_log__isnull=True, version__gt=0)
                .order_by("pk").values_list("pk", flat=True))
        if limit:
            todo = todo[:limit]
        packed = sum(game_log.pack(pk) for pk in list(todo))
        self.stdout.write(f"Packed the logs of {packed} finished game(s).")
