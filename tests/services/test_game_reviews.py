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

    def watching(start, turns, total, budget, seed, progress=None, **kw):
        def note(done, total_):
            progress(done, total_)
            row = GameReview.objects.get(game=game)
            seen.append((row.status, row.done, row.total))
        return real(start, turns, total, budget, seed, note, **kw)

    monkeypatch.setattr(reviews, "review", watching)
    with django_capture_on_commit_callbacks(execute=True):
        reviews.request_review(game, lee)
    total = seen[-1][2]
    assert seen == [("running", n, total) for n in range(1, total + 1)]


def _with_canary(state):
    """The state with one card of the waiting side's hand swapped for one of its deck."""
    g = state.copy()
    foe = next(s for s in ("union", "confederate") if s != g.active_side)
    hand, deck = g.cards.hands[foe], g.cards.decks[foe]
    i, canary = next((i, c) for i, c in enumerate(deck) if c not in hand)
    hand[0], deck[i] = canary, hand[0]
    return g, canary


def test_the_stored_review_is_the_same_with_a_canary_in_the_other_hand(
        lee, grant, monkeypatch, django_capture_on_commit_callbacks):
    """The site's review of each turn, reviewed again with a canary card put in the other
    side's hand at the turn's start (in place of a card of its deck): the acting side's
    values, plan and plan in words are unchanged, and the canary is named nowhere."""
    game = finished_game(lee, grant, make_scenario(), turns=4)
    with django_capture_on_commit_callbacks(execute=True):
        reviews.request_review(game, lee)
    first = GameReview.objects.get(game=game).result
    canaries = []
    real = reviews.turn_records

    def planted(row):
        start, turns = real(row)
        for record in turns:
            record.start, canary = _with_canary(record.start)
            canaries.append(canary)
        return start, turns

    GameReview.objects.all().delete()
    monkeypatch.setattr(reviews, "turn_records", planted)
    with django_capture_on_commit_callbacks(execute=True):
        reviews.request_review(game, lee)
    second = GameReview.objects.get(game=game).result
    assert canaries and first["marked"] == second["marked"]
    for a, b in zip(first["turns"], second["turns"], strict=True):
        assert (a["best"], a["chosen"], a["plan"], a.get("plan_words")) == (
            b["best"], b["chosen"], b["plan"], b.get("plan_words"))
        assert a["chances"][a["side"]] == b["chances"][b["side"]]
    text = str(second)
    assert not [c for c in canaries if c in text and c not in str(first)]


def test_archies_turns_in_a_solo_game_get_chances_but_no_marks(lee, django_capture_on_commit_callbacks,
                                                                settings):
    from games import services
    from tests.finished_games import resign

    settings.ARCHIE_ITERATIONS = 4
    scenario = make_scenario()
    with django_capture_on_commit_callbacks(execute=True):
        match = services.start_solo(lee, scenario, "recruit")
    game = match.games.get(number=1)
    play_turns(game, 2)
    resign(game, game.side_of(lee))
    with django_capture_on_commit_callbacks(execute=True):
        reviews.request_review(game, lee)
    result = GameReview.objects.get(game=game).result
    archie = [t for t in result["turns"] if t["side"] != game.side_of(lee)]
    assert archie and all(t["best"] is None and t["loss"] == 0 for t in archie)
    assert all(set(t["chances"]) == {"union", "confederate"} for t in result["turns"])


def test_a_task_run_again_remakes_a_lost_review_and_leaves_a_made_one(lee, grant):
    game = finished_game(lee, grant, make_scenario(), turns=2)
    row = GameReview.objects.create(game=game, status="running", done=1, total=9, seconds_per_turn=1)
    made = reviews.run(row.pk)                      # its worker was lost: made from the start
    assert made.status == "done" and made.result["turns"]
    finished = made.finished
    assert reviews.run(row.pk) is None              # made already: nothing done again
    row.refresh_from_db()
    assert row.finished == finished
