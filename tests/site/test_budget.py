"""The budget of the slow tests (tests/budget.py) has a row for every registered ruleset and
every way of playing, its tests exist, and it counts the page games the page test plays."""
from __future__ import annotations

import importlib
from pathlib import Path

from games.engine import RULESETS
from tests import budget
from tests.web.test_random_games_through_the_pages import GAMES
from tournaments.models import Competition

ROOT = Path(__file__).resolve().parents[2]

#: The site's ways of playing besides the competitions (each Competition.Kind is one too).
PLAYED_OUTSIDE_COMPETITIONS = {"match", "solo", "campaign", "team"}

#: What the whole suite may take on the development machine, alone (docs/testing.md).
SUITE_SECONDS = 25 * 60
#: The budgeted tests' share of it: the rest of the suite must fit beside them.
BUDGETED_SECONDS = 16 * 60


def test_every_registered_ruleset_has_its_row():
    # a ruleset of the tests' own (registered only while its tests run) has its row too
    assert set(RULESETS) <= set(budget.RULESETS)
    assert set(budget.RULESETS) - set(RULESETS) <= budget.REGISTERED_BY_TESTS


def test_every_way_of_playing_has_its_row():
    kinds = {kind.value for kind in Competition.Kind}
    assert set(budget.MODES) == PLAYED_OUTSIDE_COMPETITIONS | kinds


def test_the_rows_count_the_page_games_played():
    played = {name: sum(1 for _, ruleset in GAMES if ruleset == name) for name in budget.RULESETS}
    assert played == {name: row.page_games for name, row in budget.RULESETS.items()}


def test_every_leak_walk_a_row_names_exists():
    for name, row in {**budget.RULESETS, **budget.MODES}.items():
        assert row.leak_walks, f"{name} has no leak walk"
        for walk in row.leak_walks:
            path, _, test = walk.partition("::")
            assert (ROOT / path).is_file(), walk
            if test:
                module = importlib.import_module(path[:-3].replace("/", "."))
                assert callable(getattr(module, test, None)), walk


def test_the_rows_fit_in_the_suite_time():
    rows = {**budget.RULESETS, **budget.MODES}.values()
    assert sum(row.seconds for row in rows) <= BUDGETED_SECONDS <= SUITE_SECONDS
