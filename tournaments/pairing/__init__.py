"""Pure pairing and standings algorithms: no Django, no ORM (a purity test enforces it).

Players are any hashable ids; the site passes user ids and writes the rows itself.

    round_robin(players, double=False) -> [Round]
    pair_swiss(entrants, seed=...) -> Round
    standings(players, results, byes, order=...) -> [Standing]
    knockout.first_round(places, qualifiers) / next_round(winners) / decide(score)
"""
from . import knockout
from .errors import PairingError
from .round_robin import round_robin
from .standings import DEFAULT_ORDER, METRICS, Bye, MatchResult, Metric, Standing, check_order, standings
from .swiss import Entrant, entrants_from, pair_swiss
from .types import Pair, Round

__all__ = [
    "DEFAULT_ORDER", "METRICS", "Bye", "Entrant", "MatchResult", "Metric", "Pair", "PairingError",
    "Round", "Standing", "check_order", "entrants_from", "knockout", "pair_swiss", "round_robin", "standings",
]
