"""Archie's review of a finished game (games/reviews.py, games/ai/review.py): only once the
game is over, once per game, with its progress, from each side's own information."""
from __future__ import annotations

import pytest

from games import reviews
from games.models import GameReview
from tests.finished_games import finished_game, play_turns
from tests.play_helpers import make_scenario, start_match

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick_reviews(settings):
    settings.REVIEW_ITERATIONS_PER_TURN = 24


def test_a_game_in_progress_gets_no_review(lee, grant):
    _, game = start_match(lee, grant, make_scenario(), side="union")
    play_turns(game, 2)
    with pytest.raises(reviews.ReviewRefused):
        reviews.request_review(game, lee)
    assert reviews.review_of(game) is None
    assert not GameReview.objects.exists()


def test_a_finished_game_is_reviewed_once_turn_by_turn(lee, grant, django_capture_on_commit_callbacks):
    game = finished_game(lee, grant, make_scenario(), turns=4)
    with django_capture_on_commit_callbacks(execute=True):
        row, made = reviews.request_review(game, lee)
    assert made
    row.refresh_from_db()
    assert row.status == GameReview.Status.DONE          # the task ran inline
    result = row.result
    turns = result["turns"]
    assert [t["turn"] for t in turns] == list(range(1, len(turns) + 1))
    assert len(turns) >= 4 and row.done == row.total == len(turns)
    assert set(result["sides"]) == {"union", "confederate"}
    for t in turns:
        assert set(t["chances"]) == {"union", "confederate"}
        assert all(0 <= v <= 1 for v in t["chances"].values())
    # the resignation ends the last turn: its winner's chance is 1 from its own side
    assert turns[-1]["chances"] == {"union": 1.0, "confederate": 0.0}
    assert all(turns[n - 1]["loss"] >= 0.02 for n in result["marked"])
    assert len(result["marked"]) <= 3

    again, made = reviews.request_review(game, grant)
    assert not made and again.pk == row.pk
    assert GameReview.objects.filter(game=game).count() == 1


def test_a_review_records_its_progress_turn_by_turn(lee, grant, monkeypatch,
                                                    django_capture_on_commit_callbacks):
    game = finished_game(lee, grant, make_scenario(), turns=3)
    seen = []
    real = reviews.review

    def watching(start, turns, total, budget, seed, progress=None):
        def note(done, total_):
            progress(done, total_)
            row = GameReview.objects.get(game=game)
            seen.append((row.status, row.done, row.total))
        return real(start, turns, total, budget, seed, note)

    monkeypatch.setattr(reviews, "review", watching)
    with django_capture_on_commit_callbacks(execute=True):
        reviews.request_review(game, lee)
    total = seen[-1][2]
    assert seen == [("running", n, total) for n in range(1, total + 1)]
