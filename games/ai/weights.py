"""The weights of Archie's evaluation, by ruleset: a fitted table where one is committed
(``games/ai/fitted/<ruleset>.json``, written by ``bench/tune_evaluation.py``), else the
hand-set one. The ruleset is the game's own registered name, read from the game; nothing here
names one. See docs/archie.md, *A tuned evaluation*.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

#: The evaluation's terms, in the order ``evaluation.features`` gives them.
TERMS = ("flag", "figure", "unit_alive", "general", "threat", "exposure", "closing",
         "objective_pull")
#: The weights set by hand: the whole way to victory 100, a unit's full strength 6, a unit
#: standing 3, a general 8, a threat at the way to victory's weight (half a flag a unit
#: destroyed), general exposure as computed (points), 0.15 a hex closing on the enemy and
#: 0.6 a hex nearer an objective the side wants, times its flags.
HAND_SET: tuple[float, ...] = (100.0, 6.0, 3.0, 8.0, 100.0, 1.0, 0.15, 0.6)
#: Where the fitted tables in force are kept, one JSON file per ruleset.
FITTED = Path(__file__).resolve().parent / "fitted"

_tables: dict[str, tuple[float, ...]] = {}
#: the tables :func:`trying` puts in force, per thread or task (a search in one thread never
#: reads another's: the veteran's hand-set weights stay its own under a threaded worker)
_trying: ContextVar[dict[str, tuple[float, ...]] | None] = ContextVar("trying", default=None)


def read_table(path: Path) -> tuple[float, ...]:
    """The weights of a table file: ``{"weights": {term: value, ...}, ...}``, every term."""
    weights = json.loads(path.read_text())["weights"]
    return tuple(float(weights[t]) for t in TERMS)


def weights_for(ruleset: str) -> tuple[float, ...]:
    """The weights in force for games of ``ruleset`` (a game's ``ruleset``)."""
    trial = _trying.get()
    if trial is not None and ruleset in trial:
        return trial[ruleset]
    table = _tables.get(ruleset)
    if table is None:
        path = FITTED / f"{ruleset}.json"
        table = _tables[ruleset] = read_table(path) if path.exists() else HAND_SET
    return table


@contextmanager
def trying(tables: dict[str, tuple[float, ...]]) -> Iterator[None]:
    """Evaluate with ``tables`` (weights by ruleset) in place of those in force while the
    block runs: how the veteran keeps the hand-set weights (``levels.Level.hand_set``), and
    how the tuner and the bench compare weights that are not committed."""
    token = _trying.set(tables)
    try:
        yield
    finally:
        _trying.reset(token)
