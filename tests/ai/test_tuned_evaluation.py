"""Archie's evaluation reads its weights from a table per ruleset, and bench/tune_evaluation.py
fits such a table on self-play positions, the same weights from the same seed."""
from __future__ import annotations

import importlib.util
import json
import math
import pathlib
import random

import pytest

from games.ai import evaluation, weights
from games.ai.evaluation import evaluate, features
from games.engine import Game, load_scenario, rulesets

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tuner():
    spec = importlib.util.spec_from_file_location("tune_evaluation",
                                                  ROOT / "bench" / "tune_evaluation.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def played(ruleset: str, actions: int = 60):
    sc = load_scenario(json.loads((ROOT / "games" / "scenarios" / "shiloh.json").read_text()))
    game = Game.new(sc, ruleset=ruleset, seed=3)
    rng = random.Random(3)
    for _ in range(actions):
        game.apply(game.sample_action(rng))
    return game


def test_the_tuner_reproduces_its_weights_from_a_fixed_seed_on_a_small_set(tuner):
    first = tuner.tune("advanced", games=3, seed=5, scenarios=["shiloh"])
    again = tuner.tune("advanced", games=3, seed=5, scenarios=["shiloh"])
    assert first == again                      # the games, the positions and the weights
    assert first["positions"]["fit"] > 20 and first["positions"]["held_out"] > 20
    assert set(first["weights"]) == set(weights.TERMS)
    assert first["weights"] != first["hand_set"]
    # the fit explains the results it was fitted on better than the hand-set weights
    assert first["fit_log_loss"]["fitted"] < first["fit_log_loss"]["hand_set"]


def test_the_tuner_can_fit_on_games_the_search_plays(tuner, tmp_path):
    """``--level search --iterations N``: the positions come from the search's games, the same
    ones from the same seed, and the table says how they were played."""
    from games.ai import Budget
    searched = tuner.game_positions("advanced", "shiloh", 9, "search", Budget(iterations=4))
    assert searched == tuner.game_positions("advanced", "shiloh", 9, "search",
                                            Budget(iterations=4))
    assert searched != tuner.game_positions("advanced", "shiloh", 9)     # the recruit's
    out = tmp_path / "table.json"
    tuner.main(["--games", "2", "--seed", "9", "--scenarios", "shiloh", "--level", "search",
                "--iterations", "4", "--out", str(out)])
    assert "search self-play at 4 iterations a decision" in json.loads(out.read_text())["method"]


def test_the_fit_finds_the_weights_that_drew_the_results(tuner):
    truth = (150.0, 4.0, 9.0, 20.0, 60.0, 2.0, 0.5, 1.0)
    spread = (0.3, 2.0, 2.0, 0.7, 0.5, 10.0, 15.0, 5.0)
    rng = random.Random(1)
    data = []
    for _ in range(3000):
        x = tuple(rng.gauss(0, s) for s in spread)
        z = sum(2 * w / tuner.SCALE * v for w, v in zip(truth, x))
        data.append((x, 1 if rng.random() < 1 / (1 + math.exp(-z)) else 0))
    fitted = tuner.fit(data, ridge=0.0)
    for w, t, s in zip(fitted, truth, spread):
        assert abs(w - t) * s < 0.15 * tuner.SCALE / 2     # each term's effect within 15%
    # the ridge pulls a term toward the hand-set value
    pulled = tuner.fit(data, prior=truth[:1] + (0.0,) * 7, ridge=1e6)
    assert abs(pulled[1]) < 0.1
    # a held term keeps the prior's weight while the others are fitted around it
    held = tuner.fit(data, ridge=0.0, held=frozenset({5}))
    assert held[5] == weights.HAND_SET[5] and abs(held[0] - truth[0]) * spread[0] < 0.15 * tuner.SCALE / 2


@pytest.mark.parametrize("ruleset", ["advanced", "standard"])
def test_the_evaluation_is_its_weights_times_its_terms(ruleset):
    game = played(ruleset)
    for side in ("union", "confederate"):
        table = weights.weights_for(ruleset)
        assert evaluate(game, side) == pytest.approx(
            sum(w * f for w, f in zip(table, features(game, side))))
        doubled = tuple(2 * w for w in table)
        with weights.trying({ruleset: doubled}):
            twice = evaluate(game, side)
        assert twice == pytest.approx(2 * evaluate(game, side))


def test_a_ruleset_without_fitted_weights_keeps_the_hand_set_ones(monkeypatch, tmp_path):
    monkeypatch.setattr(weights, "FITTED", tmp_path)
    monkeypatch.setattr(weights, "_tables", {})
    assert weights.weights_for("advanced") == weights.HAND_SET
    assert (weights.HAND_SET[0], weights.HAND_SET[3]) == (evaluation.FLAG, evaluation.GENERAL)
    (tmp_path / "advanced.json").write_text(json.dumps(
        {"weights": dict(zip(weights.TERMS, range(1, 9)))}))
    monkeypatch.setattr(weights, "_tables", {})
    assert weights.weights_for("advanced") == tuple(float(v) for v in range(1, 9))
    assert weights.weights_for("standard") == weights.HAND_SET


def test_every_fitted_table_in_force_names_a_ruleset_and_weighs_every_term():
    for path in sorted(weights.FITTED.glob("*.json")):
        assert path.stem in rulesets()
        assert set(json.loads(path.read_text())["weights"]) == set(weights.TERMS)


@pytest.mark.parametrize("level, hand_set", [("veteran", True), ("recruit", True),
                                             ("general", False), ("greedy", False)])
def test_the_veteran_weighs_positions_by_the_hand_set_table_and_the_general_by_the_fitted(
        monkeypatch, level, hand_set):
    """The levels differ in what they know: the recruit and the veteran evaluate with the
    hand-set weights whatever table is in force, the general with the table fitted for the
    game's ruleset, as does a policy named alone (docs/archie.md, *What sets the levels
    apart*)."""
    from games.ai import Budget, choose
    fitted = tuple(float(v) for v in range(1, 9))
    monkeypatch.setattr(weights, "_tables", {"advanced": fitted})
    seen = []
    real = weights.weights_for

    def spy(ruleset):
        table = real(ruleset)
        seen.append(table)
        return table

    monkeypatch.setattr(evaluation, "weights_for", spy)
    game = played("advanced", actions=4)
    action = choose(game, game.deciding, level, seed=5, budget=Budget(iterations=30))
    assert action in game.legal_actions()
    assert seen and set(seen) == {weights.HAND_SET if hand_set else fitted}
    # and the search reads the fitted table again once the veteran's decision is made
    assert weights.weights_for("advanced") == fitted


def test_weights_tried_in_one_thread_are_not_read_by_another(monkeypatch):
    """A veteran's search (hand-set weights) and a general's in another thread of the same
    worker each read their own table, whichever starts first."""
    import threading
    fitted = tuple(float(v) for v in range(1, 9))
    monkeypatch.setattr(weights, "_tables", {"advanced": fitted})
    inside, read = threading.Event(), threading.Event()
    seen = {}

    def veteran():
        with weights.trying({"advanced": weights.HAND_SET}):
            inside.set()
            read.wait(10)
            seen["veteran"] = weights.weights_for("advanced")

    thread = threading.Thread(target=veteran)
    thread.start()
    inside.wait(10)
    seen["general"] = weights.weights_for("advanced")
    read.set()
    thread.join(10)
    assert seen == {"veteran": weights.HAND_SET, "general": fitted}
