"""The review page of a finished game (games/views/review.py): asked for by a member, its
progress while Archie works, then the graph, the marked turns and Archie's plans; none for
a game in progress."""
from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import GameReview
from tests.finished_games import finished_game, play_turns
from tests.play_helpers import make_scenario, start_match

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick_reviews(settings):
    settings.REVIEW_ITERATIONS_PER_TURN = 24


def test_a_game_in_progress_has_no_review_page(client, lee, grant):
    _, game = start_match(lee, grant, make_scenario(), side="union")
    play_turns(game, 1)
    client.force_login(lee)
    url = reverse("play:review", args=[game.pk])
    assert client.get(url).status_code == 404
    assert client.post(url).status_code == 404
    assert not GameReview.objects.exists()


def test_a_member_asks_for_the_review_and_reads_it(client, lee, grant, django_capture_on_commit_callbacks):
    game = finished_game(lee, grant, make_scenario(), turns=4)
    url = reverse("play:review", args=[game.pk])
    replay = client.get(reverse("play:replay", args=[game.pk]))
    assert url in replay.content.decode()                # the replay links to it
    assert "Ask Archie for a review" not in client.get(url).content.decode()   # logged out
    assert client.post(url).status_code == 302 and not GameReview.objects.exists()

    client.force_login(grant)
    assert "Ask Archie for a review" in client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url)
    assert response.status_code == 302
    page = client.get(url).content.decode()
    assert '<svg class="chance-graph"' in page
    assert "Chances of winning, turn by turn" in page
    review = GameReview.objects.get(game=game)
    for n in review.result["marked"]:
        assert f"Turn {n}:" in page
        step = review.result["turns"][n - 1]["step"]
        assert f'{reverse("play:replay", args=[game.pk])}?step={step}' in page

    # asked again: the stored review, no second one
    client.post(url)
    assert GameReview.objects.filter(game=game).count() == 1


def test_the_progress_is_shown_and_polled_while_archie_works(client, lee, grant):
    game = finished_game(lee, grant, make_scenario(), turns=1)
    GameReview.objects.create(game=game, status="running", done=3, total=12, seconds_per_turn=1)
    page = client.get(reverse("play:review", args=[game.pk]), HTTP_HX_REQUEST="true").content.decode()
    assert "turn 3 of 12" in page
    assert '<progress max="100" value="25">' in page
    assert 'hx-trigger="every 2s"' in page
    assert "<html" not in page                           # the named partial alone
