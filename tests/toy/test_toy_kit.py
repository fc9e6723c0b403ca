"""The toy's kit words every phase, event and option of its games (the coverage test of
every registered ruleset, run here where the toy is registered)."""
from games.engine import rulesets
from games.presentation.kits import presenter_for
from tests.site.test_words_for_every_ruleset import kit_problems

from .presenter import TOY_KIT


def test_the_toy_is_registered_with_its_kit_and_words_its_games(monkeypatch):
    assert "toy" in rulesets() and presenter_for("toy") is TOY_KIT
    assert kit_problems("toy", monkeypatch) == []


def test_the_whole_registry_is_worded_with_the_toy_in_it(monkeypatch):
    from tests.site.test_words_for_every_ruleset import \
        test_every_registered_ruleset_has_a_kit_that_words_its_games as every
    every(monkeypatch)
