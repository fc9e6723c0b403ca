"""The API's balance and reviews (games/api/balance.py, games/api/review.py): the same
figures and permissions as the pages; no review of a game in progress."""
from __future__ import annotations

import pytest

from games.models import BalanceRun, GameReview
from tests.api.helpers import anonymous, token_client
from tests.finished_games import finished_game, play_turns
from tests.play_helpers import make_scenario, skirmish_data, start_match

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick_reviews(settings):
    settings.REVIEW_ITERATIONS_PER_TURN = 24


def test_a_review_is_refused_while_the_game_is_played_then_asked_once(
        lee, grant, django_capture_on_commit_callbacks):
    _, live = start_match(lee, grant, make_scenario(), side="union")
    play_turns(live, 1)
    url = f"/api/v1/games/{live.pk}/review/"
    assert token_client(lee).get(url).json()["code"] == "not_over"
    answer = token_client(lee).post(url)
    assert answer.status_code == 409 and answer.json()["code"] == "not_over"
    assert not GameReview.objects.exists()

    game = finished_game(lee, grant, make_scenario(), turns=3)
    url = f"/api/v1/games/{game.pk}/review/"
    assert anonymous().get(url).status_code == 404                  # nobody asked yet
    assert anonymous().post(url).status_code in (401, 403)
    with django_capture_on_commit_callbacks(execute=True):
        asked = token_client(grant).post(url)
    assert asked.status_code == 202 and asked.json()["status"] == "queued"
    body = anonymous().get(url).json()
    assert body["status"] == "done" and body["done"] == body["total"] == len(body["result"]["turns"])
    assert set(body["result"]["turns"][0]["chances"]) == {"union", "confederate"}
    again = token_client(lee).post(url)
    assert again.status_code == 200 and GameReview.objects.count() == 1


def test_the_balance_is_the_pages(lee, grant, django_capture_on_commit_callbacks):
    scenario = make_scenario(skirmish_data(slug="api-skirmish"))
    finished_game(lee, grant, scenario, loser="confederate", turns=0)
    finished_game(grant, lee, scenario, loser="confederate", turns=0)
    every = {b["scenario"]: b for b in anonymous().get("/api/v1/balance/").json()}
    union = every["api-skirmish"]["sides"][0]
    assert every["api-skirmish"]["games"] == 2
    assert union["side"] == "union" and union["wins"] == 2 and union["win_rate"]["value"] == 1.0

    runs = f"/api/v1/balance/{scenario.slug}/runs/"
    assert anonymous().post(runs, {"games": 1}, format="json").status_code in (401, 403)
    assert token_client(lee).post(runs, {"games": 999}, format="json").status_code == 400
    with django_capture_on_commit_callbacks(execute=True):
        started = token_client(lee).post(runs, {"games": 1, "level": "recruit"}, format="json")
    assert started.status_code == 202
    run = anonymous().get(f"{runs}{started.json()['id']}/").json()
    assert run["status"] == "done" and run["current"] and run["result"]["games"] == 1
    detail = anonymous().get(f"/api/v1/balance/{scenario.slug}/").json()
    assert detail["club"]["games"] == 2 and [r["id"] for r in detail["runs"]] == [run["id"]]
    BalanceRun.objects.filter(pk=run["id"]).update(status="running")
    busy = token_client(lee).post(runs, {"games": 1}, format="json")
    assert busy.status_code == 409 and busy.json()["code"] == "refused"
