"""Measure the ratings' side asymmetry on the club's own history: ``manage.py
ratings_compare``.  Every stored, rated game of each pool is predicted before it is rated,
in the order played, by the plain model (players only) and by the site's model (with each
scenario side's pseudo-player); the held-out log-loss and the share of winners predicted
of both are printed (docs/ratings.md, "Sides are not equal")."""
from __future__ import annotations

from django.core.management.base import BaseCommand

from ratings.history import observed_games
from ratings.method.compare import compare
from ratings.models import Pool


class Command(BaseCommand):
    help = ("Compare the plain model with the scenario-side model on the stored results: "
            "held-out log-loss and winners predicted, each game predicted before it is rated.")

    def add_arguments(self, parser):
        parser.add_argument("--skip", type=float, default=0.0,
                            help="Leave the first games of each pool out of the measure: a count "
                                 "(10) or a share (0.5 = the first half); they are still rated.")

    def handle(self, *args, **options):
        skip = options["skip"]
        pools = list(Pool.objects.order_by("ruleset", "mode"))
        if not pools:
            self.stdout.write("No rated results yet.")
        for pool in pools:
            games = observed_games(pool)
            first = int(skip * len(games)) if 0 < skip < 1 else int(skip)
            plain, sided = compare(games, first)
            self.stdout.write(f"{pool.label}: {len(games)} rated games, {plain.games} predicted"
                              f" (from game {first + 1}; {plain.draws} draws left out)")
            for label, q in (("plain (players only)", plain), ("with scenario sides", sided)):
                self.stdout.write(f"  {label:22s} log-loss {q.log_loss:.4f}   "
                                  f"winners predicted {100 * q.predicted:.1f}%")
